import type { Kernel, PluginDefinition, ShopwrightConfig } from '@shopwright/core'
import { bootTestKernel, inject, type DatabaseUnderTest } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '@shopwright/plugin-account'
import {
  addAndSignIn,
  signIn as signInAgain,
  type TestPerson,
  callAs,
} from '@shopwright/plugin-account/testing'
import { allSeeds } from '@shopwright/seeds'
import memory from '../src/index.js'

export type Reply = Awaited<ReturnType<typeof inject>>

/** The callers the suites sign in, with their roles. */
export const PEOPLE = {
  developer: { roles: ['developmentmanager'] },
  admin: { roles: ['administrator'] },
  manager: { roles: ['allmanagers'] },
  viewer: { roles: ['development'] },
} as const satisfies Record<string, TestPerson>
export type Person = keyof typeof PEOPLE

/** Signs the people in on a kernel (adding their accounts first when `add`): a Cookie header value each. */
export async function signIn(kernel: Kernel, add: boolean): Promise<Record<Person, string>> {
  const cookies = {} as Record<Person, string>
  for (const name of Object.keys(PEOPLE) as Person[]) {
    const email = `${name}@example.com`
    cookies[name] = add
      ? (await addAndSignIn(kernel, email, PEOPLE[name])).cookie
      : await signInAgain(kernel, email)
  }
  return cookies
}

/**
 * A kernel with records, account and memory on a fresh database, seeded like a new site with the
 * sample company, with a signed-in cookie per person: `developer` (developmentmanager: the memory
 * record's only role), `admin` (administrator: every right), `manager` (allmanagers: no right on
 * memory) and `viewer` (development, which the suites give view only).
 */
export async function bootMemory(
  database: DatabaseUnderTest,
  overrides: Partial<ShopwrightConfig> = {},
  extra: readonly PluginDefinition[] = [],
) {
  const booted = await bootTestKernel(database, [records, account, memory, ...extra], overrides)
  await booted.kernel.seed(allSeeds())
  const cookies = await signIn(booted.kernel, true)
  return { ...booted, cookies }
}

/** A call as a caller (a Cookie header value, or none for anonymous). */
export const call = callAs

/** The catalogue code of an error answer. */
export function codeOf(reply: Reply): string | undefined {
  return reply.json<{ message?: string }>().message
}
