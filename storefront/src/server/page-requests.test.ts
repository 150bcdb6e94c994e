import { describe, expect, it } from 'vitest'
import type { Middleware } from 'koa'
import { inject } from '@shopwright/core/testing'
import { KernelEventBus, createLogger } from '@shopwright/core'
import { PAGE_REQUEST_EVENT, type PageRequestEvent } from './page-events.js'
import { pageRequests } from './page-requests.js'
import type { StorefrontState } from './page-state.js'
import { PASSED_ON, sessionCookie, testApp } from './test-app.js'

/** Answers with the page state pageRequests started. */
const showState: Middleware<StorefrontState> = (ctx) => {
  ctx.body = ctx.state.storefront
}

describe('pageRequests', () => {
  const app = testApp([pageRequests(sessionCookie, showState)])

  it('starts the page state with the address, the locale cookie and the session cookie', async () => {
    const locale = encodeURIComponent(
      JSON.stringify({ country: 'fr', currency: 'eur', language: 'fr' }),
    )
    const anonymous = await inject(app, { url: '/about?from=mail', headers: { cookie: '' } })
    expect(anonymous.json()).toEqual({ href: '/about?from=mail', locale: null, anonymous: true })
    const signedIn = await inject(app, {
      method: 'GET',
      url: '/',
      headers: { cookie: `sw_locale=${locale}; sw_session=abc` },
    })
    expect(signedIn.json()).toEqual({
      href: '/',
      locale: { country: 'fr', currency: 'eur', language: 'fr' },
      anonymous: false,
    })
  })

  it('says every page answer varies by the data request header, which asks the same address for JSON', async () => {
    expect((await inject(app, { url: '/about' })).headers.vary).toBe('Sw-Page-Data')
    expect(
      (await inject(app, { url: '/about', headers: { 'sw-page-data': 'fr' } })).headers.vary,
    ).toBe('Sw-Page-Data')
    // Not what no page answers.
    expect((await inject(app, { url: '/theme/x.js' })).headers.vary).toBeUndefined()
  })

  it('counts every visitor anonymous when no plugin authenticates', async () => {
    const bare = testApp([pageRequests(undefined, showState)])
    const reply = await inject(bare, { url: '/', headers: { cookie: 'sw_session=abc' } })
    expect(reply.json()).toMatchObject({ anonymous: true })
  })

  it('passes on what no page answers: other methods, the admin files and the theme files', async () => {
    expect((await inject(app, { method: 'POST', url: '/about' })).body).toBe(PASSED_ON)
    for (const url of ['/admin/assets/app.js', '/theme/assets/missing.js', '/theme/'])
      expect((await inject(app, { url })).body, url).toBe(PASSED_ON)
    expect((await inject(app, { method: 'HEAD', url: '/about' })).statusCode).toBe(200)
  })

  it('raises the page event on this node for page requests only, and its handler may set a cookie', async () => {
    const events = KernelEventBus.memory(createLogger({ logLevel: 'silent', nodeEnv: 'test' }))
    const seen: string[] = []
    events.on<PageRequestEvent>(PAGE_REQUEST_EVENT, ({ href, ctx }) => {
      seen.push(href)
      ctx.cookies.set('visit', 'v1', { httpOnly: true })
    })
    const app = testApp([pageRequests(sessionCookie, showState, events)])
    const page = await inject(app, { url: '/about?from=mail' })
    expect(page.statusCode).toBe(200)
    expect(String(page.headers['set-cookie'])).toContain('visit=v1')
    await inject(app, { method: 'POST', url: '/about' })
    await inject(app, { url: '/theme/assets/missing.js' })
    // A navigation's data request is no page view: the browser reports those itself.
    await inject(app, { url: '/about', headers: { 'sw-page-data': 'fr' } })
    expect(seen).toEqual(['/about?from=mail'])
  })

  it("notes a client navigation's data request and the language it names, if it is one", async () => {
    const asked = await inject(app, {
      url: '/category/7?page=2',
      headers: { 'sw-page-data': 'fr' },
    })
    expect(asked.json()).toEqual({
      href: '/category/7?page=2',
      locale: null,
      anonymous: true,
      dataRequest: { language: 'fr' },
    })
    const odd = await inject(app, { url: '/', headers: { 'sw-page-data': '<script>' } })
    expect(odd.json()).toMatchObject({ dataRequest: { language: null } })
  })

  it('serves the page when a handler fails', async () => {
    const events = KernelEventBus.memory(createLogger({ logLevel: 'silent', nodeEnv: 'test' }))
    events.on(PAGE_REQUEST_EVENT, () => {
      throw new Error('broken listener')
    })
    const app = testApp([pageRequests(undefined, showState, events)])
    const page = await inject(app, { url: '/' })
    expect(page.statusCode).toBe(200)
    expect(page.json()).toMatchObject({ href: '/' })
  })
})
