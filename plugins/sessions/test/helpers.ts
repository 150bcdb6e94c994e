import type { Kernel, ShopwrightConfig } from '@shopwright/core'
import { inject, type SuitePerson } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '@shopwright/plugin-account'
import { accountSuite } from '@shopwright/plugin-account/testing'
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

/** The staff the suites sign in: `manager` (allmanagers: every right on `sessions`), `supporter`
 * (support: no right on it). */
export const PEOPLE = {
  manager: { roles: ['allmanagers'] },
  supporter: { roles: ['support'] },
} as const satisfies Record<string, SuitePerson>
export type Person = keyof typeof PEOPLE

/**
 * The sessions' suites (`describePlugin(title, sessionsSuite(), ...)`): a site with sessions and
 * the storefront on a fresh database, seeded like a new site, with the people signed in. Writes
 * are flushed quickly, so storefront visits show without waiting a second.
 */
export function sessionsSuite(config: Partial<ShopwrightConfig> = {}) {
  return accountSuite(PLUGINS, PEOPLE, {
    seeds: allSeeds,
    config: { ...config, settings: { sessionsFlushMs: 20, ...config.settings } },
  })
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

/** The id of the session a Cookie header value speaks for (the hash of its visit token). */
export function sessionIdIn(cookie: string): string {
  const token = /(?:^|; )sw_visit=([^;]+)/.exec(cookie)?.[1]
  if (!token) throw new Error(`no visit cookie in ${cookie}`)
  return sessionIdOf(token)
}
