import type { Kernel } from '@shopwright/core'
import type { inject, SuitePerson } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '@shopwright/plugin-account'
import { accountSuite, callAs } from '@shopwright/plugin-account/testing'
import { allSeeds } from '@shopwright/seeds'
import memory, { type MemoryList } from '../src/index.js'

export type Reply = Awaited<ReturnType<typeof inject>>

/**
 * The callers the suites sign in: `developer` (developmentmanager: the memory record's only role),
 * `admin` (administrator: every right), `manager` (allmanagers: no right on memory) and `viewer`
 * (development, which the suites give view only).
 */
export const PEOPLE = {
  developer: { roles: ['developmentmanager'] },
  admin: { roles: ['administrator'] },
  manager: { roles: ['allmanagers'] },
  viewer: { roles: ['development'] },
} as const satisfies Record<string, SuitePerson>
export type Person = keyof typeof PEOPLE

/**
 * The memory suites: records, account and memory on a fresh database, seeded like a new site with
 * the sample company, with each person signed in (`describePlugin(title, MEMORY_SUITE, ...)`).
 */
export const MEMORY_SUITE = accountSuite([records, account, memory], PEOPLE, { seeds: allSeeds })

/** A call as a caller (a Cookie header value, or none for anonymous). */
export const call = callAs

/** The memory list as a caller sees it on a node. */
export async function listOn(kernel: Kernel, cookie: string): Promise<MemoryList> {
  return (await call(kernel, cookie, { url: '/query/memory/list' })).json<MemoryList>()
}

/** A clear of one memory type, or of all without one, as a caller on a node. */
export function clearOn(kernel: Kernel, cookie: string | undefined, type?: string): Promise<Reply> {
  return call(kernel, cookie, {
    method: 'POST',
    url: type === undefined ? '/query/memory/clear' : `/query/memory/clear/${type}`,
  })
}
