import { SYSTEM_ACTOR, type Kernel, type ShopwrightConfig } from '@shopwright/core'
import { bootTestKernel, inject, type DatabaseUnderTest } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '@shopwright/plugin-account'
import { signInPeople, type TestPerson, callAs } from '@shopwright/plugin-account/testing'
import { allSeeds } from '@shopwright/seeds'
import example from '../src/index.js'

export type Reply = Awaited<ReturnType<typeof inject>>

/** The callers the suites sign in, with their roles. */
const PEOPLE = {
  marketer: { roles: ['marketing'] },
  supporter: { roles: ['support'] },
  customer: { type: 'customer', roles: [] },
} as const satisfies Record<string, TestPerson>
export type Person = keyof typeof PEOPLE

/**
 * A kernel with records, account and example on a fresh database, seeded like a new site, with a
 * signed-in cookie per person: `marketer` (may edit and create announcements), `supporter` (may
 * only view them) and `customer` (no role: the public's rights, and may dismiss).
 */
export async function bootExample(
  database: DatabaseUnderTest,
  overrides: Partial<ShopwrightConfig> = {},
) {
  const booted = await bootTestKernel(database, [records, account, example], overrides)
  const { kernel } = booted
  await kernel.seed(allSeeds())
  const signedIn = await signInPeople(kernel, PEOPLE)
  const cookies = {} as Record<Person, string>
  for (const name of Object.keys(PEOPLE) as Person[]) cookies[name] = signedIn[name].cookie
  return { ...booted, cookies }
}

/** A call as a caller (a Cookie header value, or none for anonymous). */
export const call = callAs

/** The catalogue code of an error answer. */
export function codeOf(reply: Reply): string | undefined {
  return reply.json<{ message?: string }>().message
}

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
