import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AccessFlags, Kernel } from '@shopwright/core'
import { bootTestKernel, databasesUnderTest } from '@shopwright/core/testing'
import { allSeeds } from '@shopwright/seeds'
import records from '../src/index.js'

type Flags = 'v' | 've' | 'vec' | 'vecd' | 'vd' | 'ved' | ''
const F = (flags: Flags): AccessFlags => ({
  view: flags.includes('v'),
  edit: flags.includes('e'),
  create: flags.includes('c'),
  delete: flags.includes('d'),
})

// Spec 000 section 6, "Security records as configured", role by role. A role absent from a row gets
// nothing there, except `all` (every caller) which grants translation view to everyone.
const MENU_ROLES = [
  'allmanagers',
  'development',
  'marketing',
  'office',
  'projects',
  'purchasing',
  'support',
  'finance',
  'payroll',
]
const TABLE: Record<string, Record<string, Flags>> = {
  admin: Object.fromEntries(MENU_ROLES.map((role) => [role, 'v' as Flags])),
  configuration: { allmanagers: 've', developmentmanager: 'vecd', development: 've' },
  translation: {
    all: 'v',
    development: 'vec',
    developmentmanager: 'vecd',
    marketing: 've',
    marketingmanager: 've',
  },
  drive: { allmanagers: 'vecd' },
  sessions: { allmanagers: 'vecd' },
  memory: { developmentmanager: 'vecd' },
  security: { development: 'v', developmentmanager: 'vec' },
  insights: { allmanagers: 'v', development: '', marketing: '' },
  billing: { financemanager: 'vecd', finance: 'v' },
  log: { allmanagers: 'vd', development: 'v' },
  bin: { allmanagers: 'vecd', development: 'vecd' },
  account: { account: 'vecd' },
}
const ROLES = [
  'allmanagers',
  'development',
  'developmentmanager',
  'marketing',
  'marketingmanager',
  'office',
  'projects',
  'purchasing',
  'support',
  'finance',
  'financemanager',
  'payroll',
  'account',
]

function expected(securityId: string, roles: string[]): AccessFlags {
  const row = TABLE[securityId]!
  const merged = F('')
  for (const role of [...roles, 'all']) {
    const flags = F(row[role] ?? '')
    merged.view ||= flags.view
    merged.edit ||= flags.edit
    merged.create ||= flags.create
    merged.delete ||= flags.delete
  }
  return merged
}

for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`the spec's security table on ${database.name}`, () => {
    let kernel: Kernel
    let close: () => Promise<void>
    beforeAll(async () => {
      ;({ kernel, close } = await bootTestKernel(database, [records]))
      await kernel.seed(allSeeds())
    })
    afterAll(() => close())

    const cases = Object.keys(TABLE).flatMap((securityId) =>
      ROLES.map((role) => [securityId, role] as const),
    )
    it.each(cases)('%s for role %s', async (securityId, role) => {
      expect(await kernel.services.access.flags({ roles: [role] }, securityId)).toEqual(
        expected(securityId, [role]),
      )
    })

    it('anonymous callers get only what role all grants', async () => {
      for (const securityId of Object.keys(TABLE)) {
        expect(await kernel.services.access.flags(null, securityId)).toEqual(
          expected(securityId, []),
        )
      }
      expect(await kernel.services.access.flags(null, 'translation')).toEqual(F('v'))
    })

    it('the administrator has everything everywhere, even on a security record that does not exist', async () => {
      for (const securityId of [...Object.keys(TABLE), 'no-such-record']) {
        expect(
          await kernel.services.access.flags({ roles: ['administrator'] }, securityId),
        ).toEqual(F('vecd'))
      }
    })

    it('merges flags across roles', async () => {
      expect(
        await kernel.services.access.flags({ roles: ['allmanagers', 'development'] }, 'log'),
      ).toEqual(F('vd'))
      expect(
        await kernel.services.access.flags({ roles: ['finance', 'financemanager'] }, 'billing'),
      ).toEqual(F('vecd'))
      expect(
        await kernel.services.access.flags({ roles: ['marketing', 'development'] }, 'insights'),
      ).toEqual(F(''))
    })

    it('a missing security reference means full access; a dangling one means none', async () => {
      expect(await kernel.services.access.flags({ roles: [] }, undefined)).toEqual(F('vecd'))
      expect(await kernel.services.access.flags(null, null)).toEqual(F('vecd'))
      expect(
        await kernel.services.access.flags({ roles: ['allmanagers'] }, 'no-such-record'),
      ).toEqual(F(''))
    })

    it('reads each security record once, then from the cache until the access type is cleared', async () => {
      const store = kernel.services.recordStore
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
