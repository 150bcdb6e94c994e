import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SYSTEM_ACTOR, type Kernel } from '@shopwright/core'
import { bootTestKernel, databasesUnderTest } from '@shopwright/core/testing'
import records from '../src/index.js'

for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`the seed writer on ${database.name}`, () => {
    let kernel: Kernel
    let close: () => Promise<void>
    beforeAll(async () => {
      ;({ kernel, close } = await bootTestKernel(database, [records]))
      await kernel.seed()
    })
    afterAll(() => close())

    it('clears what the caches knew of a record type that was missing before the seed', async () => {
      const { records: service, recordTypes } = kernel.services
      // Looked up before its plugin's seeds arrive: the answer "no such type" is cached.
      expect(await recordTypes.find('notice')).toBeNull()
      await expect(service.blank(SYSTEM_ACTOR, 'notice')).rejects.toMatchObject({
        code: 'ERROR_RECORDTYPE_REQUIRED',
      })
      const seeded = await kernel.seed([
        {
          type: 'recordtype',
          id: 'notice',
          name: 'Notice',
          fields: [{ id: 'name', label: 'Name', datatype: 'text' }],
        },
      ])
      expect(seeded.inserted).toBe(1)
      expect(await recordTypes.find('notice')).toMatchObject({ id: 'notice' })
      await expect(service.blank(SYSTEM_ACTOR, 'notice')).resolves.toMatchObject({ type: 'notice' })
    })

    it('changes nothing, and clears nothing, when every record exists', async () => {
      const before = await kernel.services.records.find('recordtype', 'notice')
      expect((await kernel.seed([{ ...before!, name: 'Renamed by a seed' }])).inserted).toBe(0)
      expect(await kernel.services.records.find('recordtype', 'notice')).toEqual(before)
    })
  })
}
