import { describe, expect, it } from 'vitest'
import type { Middleware } from 'koa'
import { inject } from '@shopwright/core/testing'
import type { StorefrontState } from './page-state.js'
import { resolveRoute } from './route-resolution.js'
import { testApp, testSite } from './test-app.js'

/** Answers with the route resolveRoute found. */
const showRoute: Middleware<StorefrontState> = (ctx) => {
  ctx.body = { matched: ctx.state.storefront.matched }
}

describe('resolveRoute', () => {
  const Component = () => null
  // The theme has no 'Missing' component.
  const theme = { components: { Welcome: Component, About: Component } }
  const app = testApp([resolveRoute(theme), showRoute], { page: { site: testSite() } })
  const matched = async (url: string) =>
    (await inject(app, { url })).json<{ matched: unknown }>().matched

  it('finds the route of the address, with the query merged into its props', async () => {
    expect(await matched('/about?from=mail')).toMatchObject({
      route: { id: 'About' },
      params: {},
      props: { from: 'mail' },
    })
    expect(await matched('/')).toMatchObject({ route: { id: 'Welcome', recordid: 'home' } })
  })

  it("is null for an address no route matches, and for a route the theme can't show", async () => {
    expect(await matched('/no/such/page')).toBeNull()
    expect(await matched('/missing')).toBeNull()
  })

  it('needs the site-wide data before it', async () => {
    const early = testApp([resolveRoute(theme), showRoute], { page: {} })
    expect((await inject(early, { url: '/' })).statusCode).toBe(500)
  })
})
