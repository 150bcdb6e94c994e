import { describe, expect, it } from 'vitest'
import type { Middleware } from 'koa'
import { inject } from '@shopwright/core/testing'
import type { StorefrontState } from './page-state.js'
import { siteWideData } from './site-wide-data.js'
import { refusedConnection, testApp, testSite } from './test-app.js'

/** Answers with the site-wide data the middleware before it set. */
const showSite: Middleware<StorefrontState> = (ctx) => {
  ctx.body = ctx.state.storefront.site
}

describe('siteWideData', () => {
  it('reads the routes, the settings and the menus together, and lets the page cache watch the routes', async () => {
    const site = testSite()
    const started: string[] = []
    // Each read waits until all three started: reading them one after another would hang.
    let startAll: () => void
    const allStarted = new Promise<void>((resolve) => (startAll = resolve))
    const read =
      <T>(name: string, value: T) =>
      async (): Promise<T> => {
        started.push(name)
        if (started.length === 3) startAll()
        await allStarted
        return value
      }
    const watched: unknown[] = []
    const app = testApp(
      [
        siteWideData(
          {
            routes: read('routes', site.routes),
            site: read('site', site.site),
            menus: read('menus', site.menus),
          },
          { watch: (routes) => void watched.push(routes) },
        ),
        showSite,
      ],
      { page: {} },
    )
    const reply = await inject(app, { url: '/' })
    expect(reply.json()).toEqual(site)
    expect(watched).toEqual([site.routes])
  })

  it('fails when a read fails, rather than showing an empty site', async () => {
    const failure = await refusedConnection()
    const site = testSite()
    const seen: unknown[] = []
    const app = testApp(
      [
        async (_ctx, next) => {
          await next().catch((error: unknown) => void seen.push(error))
        },
        siteWideData(
          {
            routes: () => Promise.reject(failure),
            site: () => Promise.resolve(site.site),
            menus: () => Promise.resolve(site.menus),
          },
          { watch: () => undefined },
        ),
        showSite,
      ],
      { page: {} },
    )
    await inject(app, { url: '/' })
    expect(seen).toEqual([failure])
  })
})
