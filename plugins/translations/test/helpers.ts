import type { PluginDefinition, ShopwrightConfig } from '@shopwright/core'
import { bootTestKernel, inject, type DatabaseUnderTest } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '@shopwright/plugin-account'
import { addAndSignIn, callAs } from '@shopwright/plugin-account/testing'
import { allSeeds } from '@shopwright/seeds'
import translations from '../src/index.js'

export type Reply = Awaited<ReturnType<typeof inject>>

/**
 * A kernel with records, account and translations on a fresh database, seeded like a new site
 * (the security records of @shopwright/seeds and the plugins' own), and signed-in callers:
 * `developer` (development: may edit and create sets), `customer` (no roles: may only view).
 */
export async function bootTranslations(
  database: DatabaseUnderTest,
  overrides: Partial<ShopwrightConfig> = {},
  extra: readonly PluginDefinition[] = [],
) {
  const booted = await bootTestKernel(
    database,
    [records, account, translations, ...extra],
    overrides,
  )
  const { kernel } = booted
  await kernel.seed(allSeeds())
  const cookies: Record<'developer' | 'customer', string> = { developer: '', customer: '' }
  for (const [name, type, roles] of [
    ['developer', 'employee', ['development']],
    ['customer', 'customer', []],
  ] as const) {
    cookies[name] = (await addAndSignIn(kernel, `${name}@example.com`, { type, roles })).cookie
  }
  return { ...booted, cookies }
}

/** A call as a caller (a Cookie header value, or none for anonymous). */
export const call = callAs

/** The catalogue code of an error answer. */
export function codeOf(reply: Reply): string | undefined {
  return (reply.json() as { message?: string }).message
}
