import { SYSTEM_ACTOR, type Kernel } from '@shopwright/core'
import type { inject, SuitePerson } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '@shopwright/plugin-account'
import { accountSuite, callAs } from '@shopwright/plugin-account/testing'
import { allSeeds } from '@shopwright/seeds'
import example from '../src/index.js'

export type Reply = Awaited<ReturnType<typeof inject>>

/**
 * The callers the suites sign in: `marketer` (may edit and create announcements), `supporter` (may
 * only view them) and `customer` (no role: the public's rights, and may dismiss).
 */
const PEOPLE = {
  marketer: { roles: ['marketing'] },
  supporter: { roles: ['support'] },
  customer: { type: 'customer', roles: [] },
} as const satisfies Record<string, SuitePerson>
export type Person = keyof typeof PEOPLE

/**
 * The example's suites: records, account and example on a fresh database, seeded like a new site,
 * with each person signed in (`describePlugin(title, EXAMPLE_SUITE, ...)`).
 */
export const EXAMPLE_SUITE = accountSuite([records, account, example], PEOPLE, { seeds: allSeeds })

/** A call as a caller (a Cookie header value, or none for anonymous). */
export const call = callAs

const HOUR = 60 * 60 * 1000
/** An ISO time `hours` from now. */
export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString()

/** Stores an announcement as the plugin's own setup would, through the records service. */
export function addAnnouncement(kernel: Kernel, id: string, fields: Record<string, unknown> = {}) {
  return kernel.services.records.create(SYSTEM_ACTOR, {
    type: 'announcement',
    id,
    headline: `Headline ${id}`,
    message: `Message ${id}`,
    ...fields,
  })
}
