import type { Kernel, ShopwrightConfig } from '@shopwright/core'
import { bootTestKernel, inject, type DatabaseUnderTest } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '@shopwright/plugin-account'
import { addAndSignIn, callAs } from '@shopwright/plugin-account/testing'
import translations from '@shopwright/plugin-translations'
import { storefrontPlugin, type ThemeServerModule } from '@shopwright/storefront'
import * as defaultTheme from '@shopwright/theme-default/server'
import { allSeeds } from '@shopwright/seeds'
import sessions from '../src/index.js'
import { sessionIdOf } from '../src/server/visitor.js'

export type Reply = Awaited<ReturnType<typeof inject>>

/** The plugins a site with sessions runs in these suites, with the default theme's storefront. */
export const PLUGINS = [
  records,
  account,
  translations,
  sessions,
  storefrontPlugin({ theme: defaultTheme as ThemeServerModule }),
] as const

/** Adds a staff account with the roles, signs it in and answers its Cookie header value. */
export async function signIn(kernel: Kernel, email: string, roles: string[]): Promise<string> {
  return (await addAndSignIn(kernel, email, { roles })).cookie
}

/**
 * A seeded site with sessions and the storefront, on a fresh database: a manager (allmanagers:
 * every right on `sessions`) and a supporter (no right on it) signed in.
 */
export async function bootSessions(
  database: DatabaseUnderTest,
  overrides: Partial<ShopwrightConfig> = {},
) {
  const booted = await bootTestKernel(
    database,
    PLUGINS,
    // Writes are flushed quickly, so storefront visits show without waiting a second.
    { ...overrides, settings: { sessionsFlushMs: 20, ...overrides.settings } },
  )
  await booted.kernel.seed(allSeeds())
  const manager = await signIn(booted.kernel, 'manager@example.com', ['allmanagers'])
  const supporter = await signIn(booted.kernel, 'support@example.com', ['support'])
  return { ...booted, manager, supporter }
}

/** The cookies a reply sets, as a Cookie header value for the next request. */
export function cookiesOf(reply: Reply, previous = ''): string {
  const jar = new Map<string, string>()
  for (const part of previous.split('; ').filter(Boolean)) {
    const [name, ...value] = part.split('=')
    jar.set(name!, value.join('='))
  }
  for (const cookie of reply.cookies) jar.set(cookie.name, cookie.value)
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
}

/** A browser's user agent (not a robot). */
export const FIREFOX =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0'

/** A storefront page as a visitor's browser asks for it. */
export function visit(
  kernel: Pick<Kernel, 'app'>,
  url: string,
  headers: Record<string, string> = {},
): Promise<Reply> {
  return inject(kernel, {
    url,
    headers: { accept: 'text/html', 'user-agent': FIREFOX, ...headers },
    device: null,
  })
}

/** One tracked page, as the storefront's PageTracker sends it. */
export function trackedPage(href: string, start: number, extra: Record<string, unknown> = {}) {
  return { href, entry: '', exit: '', start, end: start + 5_000, scroll: 40, ...extra }
}

/** A `/query/track` post with the visitor's cookies. */
export function track(
  kernel: Pick<Kernel, 'app'>,
  cookie: string,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  return inject(kernel, {
    method: 'POST',
    url: '/query/track',
    payload,
    headers: { 'user-agent': FIREFOX, ...(cookie ? { cookie } : {}), ...headers },
  })
}

/** A call as a caller (a Cookie header value, or none for anonymous). */
export const call = callAs

/** The id of the session a Cookie header value speaks for (the hash of its visit token). */
export function sessionIdIn(cookie: string): string {
  const token = /(?:^|; )sw_visit=([^;]+)/.exec(cookie)?.[1]
  if (!token) throw new Error(`no visit cookie in ${cookie}`)
  return sessionIdOf(token)
}
