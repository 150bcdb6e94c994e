import type { SuitePerson } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '@shopwright/plugin-account'
import { accountSuite } from '@shopwright/plugin-account/testing'
import { allSeeds } from '@shopwright/seeds'
import translations from '../src/index.js'

/**
 * The callers the suites sign in: `developer` (development: may edit and create sets), `customer`
 * (no roles: may only view).
 */
export const PEOPLE = {
  developer: { roles: ['development'] },
  customer: { type: 'customer', roles: [] },
} as const satisfies Record<string, SuitePerson>
export type Person = keyof typeof PEOPLE

/**
 * The translations' suites: records, account and translations on a fresh database, seeded like a
 * new site (the security records of @shopwright/seeds and the plugins' own), with each person
 * signed in (`describePlugin(title, TRANSLATIONS_SUITE, ...)`).
 */
export const TRANSLATIONS_SUITE = accountSuite([records, account, translations], PEOPLE, {
  seeds: allSeeds,
})
