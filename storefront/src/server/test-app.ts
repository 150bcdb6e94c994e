// For the middleware tests beside this file: a bare Koa app with the request state the kernel
// gives (request id, signed-in entity) and, optionally, a page state as pageRequests starts it.
import net from 'node:net'
import Koa, { type Middleware } from 'koa'
import type { Entity, QueryState } from '@shopwright/core'
import { testRoute, testSiteData } from '../shared/test-site.js'
import type { PageState, SiteWide, StorefrontState } from './page-state.js'

// The route helper stays importable from here, beside the app, as the server's tests use it.
export { testRoute }

/** An authenticator's credentials check as the account plugin's: a `sw_session` cookie. */
export const sessionCookie = {
  carriesCredentials: (ctx: { cookies: { get(name: string): string | undefined } }) =>
    Boolean(ctx.cookies.get('sw_session')),
}

/** What the app answers when every middleware passed the request on. */
export const PASSED_ON = 'passed on'

export function testApp(
  middlewares: ReadonlyArray<Middleware<StorefrontState>>,
  options: { entity?: Entity | null; page?: Partial<PageState> } = {},
): { app: Koa<QueryState> } {
  const app = new Koa<QueryState & StorefrontState>()
  app.silent = true
  app.use((ctx, next) => {
    ctx.state.requestId = 'test-request'
    ctx.state.entity = () => Promise.resolve(options.entity ?? null)
    if (options.page)
      ctx.state.storefront = {
        href: ctx.path + (ctx.search ?? ''),
        locale: null,
        anonymous: true,
        ...options.page,
      }
    return next()
  })
  for (const middleware of middlewares) app.use(middleware)
  app.use((ctx) => {
    ctx.body = PASSED_ON
  })
  return { app: app as unknown as Koa<QueryState> }
}

/**
 * A real connection failure, as a database client meets one: the error of a connection to a port
 * nothing listens on (ECONNREFUSED).
 */
export async function refusedConnection(): Promise<Error> {
  // A port that was just free: nothing listens on it when the connection is tried.
  const port = await new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = server.address() as net.AddressInfo
      server.close(() => resolve(free))
    })
  })
  return new Promise((resolve) => {
    net.connect(port, '127.0.0.1').once('error', resolve)
  })
}

/** A small site: a home page showing a record, an about page, settings and a menu. */
export function testSite(): SiteWide {
  return {
    routes: [
      testRoute('Welcome', '/', { recordtype: 'webpage', recordid: 'home', seo: 'record' }),
      testRoute('About', '/about', { description: 'About us' }),
      testRoute('Missing', '/missing'),
    ],
    site: testSiteData(),
    menus: {
      header: [
        { id: 'home', label: 'Home', href: '/' },
        { id: 'staff', label: 'Staff', href: '/staff', security: 'staff' },
      ],
    },
  }
}
