import type { Kernel } from '@shopwright/core'
import { METERS_TABLE } from '@shopwright/core'
import type { SuitePerson } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '@shopwright/plugin-account'
import drive from '@shopwright/plugin-drive'
import { accountSuite, callAs } from '@shopwright/plugin-account/testing'
import { allSeeds } from '@shopwright/seeds'
import billing, { DATABASE_TABLE, type BillingDetails } from '../src/index.js'

/** The callers the suites sign in (rights from the sample company's `billing` record). */
export const PEOPLE = {
  financemanager: { roles: ['financemanager'] },
  finance: { roles: ['finance'] },
  manager: { roles: ['allmanagers'] },
  customer: { type: 'customer', roles: [] },
} as const satisfies Record<string, SuitePerson>
export type Person = keyof typeof PEOPLE

/** The plugins of a billed site: drive included, so storage is sampled. */
export const PLUGINS = [records, account, drive, billing]

/**
 * The billing suites: records, account, drive and billing on a fresh database, seeded like a new
 * site, with each person signed in (`describePlugin(title, BILLING_SUITE, ...)`).
 */
export const BILLING_SUITE = accountSuite(PLUGINS, PEOPLE, { seeds: allSeeds })

/** A call as a caller (a Cookie header value, or none for anonymous). */
export const call = callAs

/** The details of a month as a caller, which must answer 200. */
export async function details(
  kernel: Pick<Kernel, 'app'>,
  cookie: string,
  month: string,
): Promise<BillingDetails> {
  const reply = await call(kernel, cookie, { url: `/query/billing/details/${month}` })
  if (reply.statusCode !== 200)
    throw new Error(`details of ${month} answered ${reply.statusCode}: ${reply.body}`)
  return reply.json<BillingDetails>()
}

/** Stores meter counts as the nodes would have (for days other than today). */
export async function storeMeters(
  kernel: Kernel,
  rows: ReadonlyArray<{ day: string; name: string; key?: string; value: number }>,
): Promise<void> {
  await kernel.services.db(METERS_TABLE).insert(rows.map((row) => ({ key: '', ...row })))
}

/** Stores a day's database size as the sampler would have. */
export async function storeDatabaseSize(kernel: Kernel, day: string, bytes: number): Promise<void> {
  await kernel.services.db(DATABASE_TABLE).insert({ day, bytes, sampled_at: Date.parse(day) })
}

/** The usage of a meter on a day in an answer (0 without a record). */
export function usageOf(answer: BillingDetails, date: string, meter: string): number {
  return answer.list.find((each) => each.date === date && each.meter === meter)?.usage ?? 0
}
