import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SYSTEM_ACTOR, type Kernel } from '@shopwright/core'
import { bootTestKernel, databasesUnderTest, inject } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import plugin, { type __TITLE__Row } from '../src/index.js'

// SQLite always; MariaDB too when SW_TEST_MYSQL_URL names one (mysql://root@127.0.0.1:3306/test).
for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`the __NAME__ plugin on ${database.name}`, () => {
    let kernel: Kernel
    let close: () => Promise<void>

    beforeAll(async () => {
      ;({ kernel, close } = await bootTestKernel(database, [records, plugin]))
      // The plugin's record type and security record, as a start inserts them.
      await kernel.seed()
      const add = (id: string, published: boolean) =>
        kernel.services.records.create(SYSTEM_ACTOR, {
          type: '__NAME__',
          id,
          title: `Title ${id}`,
          message: 'Hello',
          published,
        })
      await add('first', true)
      await add('draft', false)
    })
    afterAll(() => close())

    const like = (id: string) =>
      inject(kernel, { method: 'POST', url: `/query/__NAME__/like/${id}` })

    it('lists the published records with their likes, and counts each like', async () => {
      expect((await like('first')).statusCode).toBe(200)
      expect((await like('first')).json()).toEqual({ id: 'first', likes: 2 })
      const list = await inject(kernel, { url: '/query/__NAME__/list' })
      expect(list.statusCode).toBe(200)
      expect(list.json<__TITLE__Row[]>()).toEqual([
        { id: 'first', title: 'Title first', message: 'Hello', likes: 2 },
      ])
    })

    it('refuses drafts, unknown records and malformed ids, and reads are not changes', async () => {
      expect((await like('draft')).json()).toMatchObject({ message: 'ERROR_RECORD_NOT_AVAILABLE' })
      expect((await like('missing')).statusCode).toBe(404)
      expect((await like('no%20such')).json()).toMatchObject({ message: 'ERROR_INVALID_ID' })
      const get = await inject(kernel, { url: '/query/__NAME__/like/first' })
      expect(get.statusCode).not.toBe(200)
    })
  })
}
