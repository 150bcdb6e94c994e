import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AccessFlags, Kernel } from '@shopwright/core'
import { bootTestKernel, databasesUnderTest } from '@shopwright/core/testing'
import { SPEC_ROLES, SPEC_SECURITY_TABLE, specFlags } from '@shopwright/testkit'
import { allSeeds } from '@shopwright/seeds'
import records from '../src/index.js'

type Flags = 'v' | 've' | 'vec' | 'vecdp' | 'vd' | 'ved' | ''
const F = (flags: Flags): AccessFlags => ({
  view: flags.includes('v'),
  edit: flags.includes('e'),
  create: flags.includes('c'),
  delete: flags.includes('d'),
  publish: flags.includes('p'),
})

// The spec's roles, without `all` (every caller) and `administrator` (checked on their own below).
const ROLES = SPEC_ROLES.filter((role) => role !== 'all' && role !== 'administrator')
const SECURITY_IDS = Object.keys(SPEC_SECURITY_TABLE)

for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`the spec's security table on ${database.name}`, () => {
    let kernel: Kernel
    let close: () => Promise<void>
    beforeAll(async () => {
      ;({ kernel, close } = await bootTestKernel(database, [records]))
      await kernel.seed(allSeeds())
    })
    afterAll(() => close())

    const cases = SECURITY_IDS.flatMap((securityId) =>
      ROLES.map((role) => [securityId, role] as const),
    )
    it.each(cases)('%s for role %s', async (securityId, role) => {
      expect(await kernel.services.access.flags({ roles: [role] }, securityId)).toEqual(
        specFlags(securityId, [role]),
      )
    })

    it('anonymous callers get only what role all grants', async () => {
      for (const securityId of SECURITY_IDS) {
        expect(await kernel.services.access.flags(null, securityId)).toEqual(
          specFlags(securityId, null),
        )
      }
      expect(await kernel.services.access.flags(null, 'translation')).toEqual(F('v'))
    })

    it('the administrator has everything everywhere, even on a security record that does not exist', async () => {
      for (const securityId of [...SECURITY_IDS, 'no-such-record']) {
        expect(
          await kernel.services.access.flags({ roles: ['administrator'] }, securityId),
        ).toEqual(F('vecdp'))
      }
    })

    it('merges flags across roles', async () => {
      expect(
        await kernel.services.access.flags({ roles: ['allmanagers', 'development'] }, 'log'),
      ).toEqual(F('vd'))
      expect(
        await kernel.services.access.flags({ roles: ['finance', 'financemanager'] }, 'billing'),
      ).toEqual(F('vecdp'))
      expect(
        await kernel.services.access.flags({ roles: ['marketing', 'development'] }, 'insights'),
      ).toEqual(F(''))
    })

    it('a missing security reference means full access; a dangling one means none', async () => {
      expect(await kernel.services.access.flags({ roles: [] }, undefined)).toEqual(F('vecdp'))
      expect(await kernel.services.access.flags(null, null)).toEqual(F('vecdp'))
      expect(
        await kernel.services.access.flags({ roles: ['allmanagers'] }, 'no-such-record'),
      ).toEqual(F(''))
    })

    it('reads each security record once, then from the cache until the access type is cleared', async () => {
      const store = kernel.containerOf('records').cradle.recordStore
      const before = await kernel.services.access.flags({ roles: ['support'] }, 'memory')
      expect(before.view).toBe(false)
      await store.replace({
        type: 'security',
        id: 'memory',
        access: [
          { id: 'support', role: 'support', view: true, edit: false, create: false, delete: false },
        ],
      })
      expect((await kernel.services.access.flags({ roles: ['support'] }, 'memory')).view).toBe(
        false,
      )
      await kernel.services.cache.clear('access')
      expect((await kernel.services.access.flags({ roles: ['support'] }, 'memory')).view).toBe(true)
    })
  })
}
