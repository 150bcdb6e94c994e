import { brotliDecompressSync } from 'node:zlib'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Middleware } from 'koa'
import { createLogger, KernelEventBus, LayeredCache } from '@shopwright/core'
import { STOREFRONT_PAGE_CACHE, StorefrontRegistry } from './storefront-registry.js'
import { RECORD_CHANGED } from '@shopwright/plugin-records'
import { inject } from '@shopwright/core/testing'
import { cachedPages } from './cached-pages.js'
import { PageCache } from './page-cache.js'
import { pageRequests } from './page-requests.js'
import type { StorefrontState } from './page-state.js'
import { sessionCookie, testApp } from './test-app.js'

const logger = createLogger({ logLevel: 'silent', nodeEnv: 'test' })

describe('cachedPages', () => {
  let cache: LayeredCache
  let pages: PageCache
  let renders: number
  /** What the renderer does with the page it made: hand it over (as renderPage does), or not. */
  let handOver: boolean
  let status: number
  let beforeHandOver: () => Promise<void>

  /** Stands for the data and render middlewares: a page per request, numbered. */
  const renderer: Middleware<StorefrontState> = async (ctx) => {
    renders += 1
    const html = `<!doctype html><p>render ${renders} of ${ctx.state.storefront.href}</p>`
    ctx.status = status
    ctx.type = 'html'
    ctx.set('Cache-Control', 'no-cache')
    ctx.body = html
    await beforeHandOver()
    if (handOver) ctx.state.storefront.keep?.({ status, html })
  }
  const app = () => testApp([pageRequests(sessionCookie, cachedPages(pages)), renderer])
  const page = (url: string, headers: Record<string, string> = {}) =>
    inject(app(), { url, headers: { accept: 'text/html', ...headers } })
  /** Resolves once the cache holds the page of the address (the write is not awaited). */
  const kept = (href: string) => expect.poll(() => pages.get(pages.key(href, null))).toBeDefined()

  beforeEach(() => {
    cache = LayeredCache.memory(logger)
    pages = new PageCache(cache, KernelEventBus.memory(logger))
    renders = 0
    handOver = true
    status = 200
    beforeHandOver = () => Promise.resolve()
  })

  it("keeps an anonymous visitor's page and serves it again, in Brotli to browsers that take it", async () => {
    const first = await page('/about')
    expect(first.body).toBe('<!doctype html><p>render 1 of /about</p>')
    await kept('/about')
    const again = await page('/about')
    expect(again.statusCode).toBe(200)
    expect(again.body).toBe(first.body)
    expect(again.headers['content-type']).toMatch(/^text\/html/)
    expect(again.headers['cache-control']).toBe('no-cache')
    // The same address answers JSON to a navigation's data request (pageRequests says so).
    expect(again.headers.vary).toBe('Sw-Page-Data, Accept-Encoding')
    expect(first.headers.vary).toBe('Sw-Page-Data')
    expect(again.headers['content-encoding']).toBeUndefined()
    const compressed = await page('/about', { 'accept-encoding': 'gzip, br' })
    expect(compressed.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(first.body)
    expect(renders).toBe(1)
  })

  it("serves a kept page's UTF-8 bytes, and a page kept again after a clear, not the old one's", async () => {
    const text = (n: number) => `<!doctype html><p>Café № ${n} — 5 €</p>`
    let shown = 1
    const accented: Middleware<StorefrontState> = async (ctx) => {
      renders += 1
      ctx.type = 'html'
      ctx.body = text(shown)
      ctx.state.storefront.keep?.({ status: 200, html: text(shown) })
    }
    const accentedApp = () => testApp([pageRequests(sessionCookie, cachedPages(pages)), accented])
    const get = () => inject(accentedApp(), { url: '/cafe', headers: { accept: 'text/html' } })
    await get()
    await kept('/cafe')
    for (const answer of [await get(), await get()]) {
      expect(answer.body).toBe(text(1))
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(text(1)))
    }
    await cache.clear(STOREFRONT_PAGE_CACHE)
    shown = 2
    await get()
    await kept('/cafe')
    expect((await get()).body).toBe(text(2))
    const compressed = await inject(accentedApp(), {
      url: '/cafe',
      headers: { accept: 'text/html', 'accept-encoding': 'br;q=1, gzip' },
    })
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(text(2))
    const refused = await inject(accentedApp(), {
      url: '/cafe',
      headers: { accept: 'text/html', 'accept-encoding': 'gzip, br;q=0' },
    })
    expect(refused.headers['content-encoding']).toBeUndefined()
    expect(refused.body).toBe(text(2))
    expect(renders).toBe(2)
  })

  it('keeps the status: a 404 page stays a 404', async () => {
    status = 404
    await page('/no/such/page')
    await kept('/no/such/page')
    expect((await page('/no/such/page')).statusCode).toBe(404)
    expect(renders).toBe(1)
  })

  it('keeps a copy per address and locale', async () => {
    const french = `sw_locale=${encodeURIComponent(JSON.stringify({ country: 'fr', currency: 'eur', language: 'fr' }))}`
    await page('/about')
    await kept('/about')
    await page('/about?x=1')
    await page('/about', { cookie: french })
    expect(renders).toBe(3)
  })

  it('never serves or keeps a signed-in visitor its page', async () => {
    await page('/about')
    await kept('/about')
    const signedIn = await page('/about', { cookie: 'sw_session=abc' })
    expect(signedIn.body).toBe('<!doctype html><p>render 2 of /about</p>')
    await page('/account', { cookie: 'sw_session=abc' })
    expect(await pages.get(pages.key('/account', null))).toBeUndefined()
  })

  it("neither serves nor keeps a navigation's data request: it is JSON, not the page", async () => {
    await page('/about')
    await kept('/about')
    const asked = await page('/about', { 'sw-page-data': 'en-us' })
    expect(asked.body).toBe('<!doctype html><p>render 2 of /about</p>')
    expect(renders).toBe(2)
    await page('/other', { 'sw-page-data': 'en-us' })
    expect(await pages.get(pages.key('/other', null))).toBeUndefined()
  })

  it('drops the pages when a record type a page data provider reads changes', async () => {
    const events = KernelEventBus.memory(logger)
    const providers = new StorefrontRegistry(cache)
    providers.addPageData({
      id: 'grid',
      routes: ['CategoryView'],
      recordTypes: ['item'],
      load: () => Promise.resolve([]),
    })
    pages = new PageCache(cache, events, undefined, providers)
    await page('/category/7')
    await kept('/category/7')
    await events.emit(RECORD_CHANGED, { type: 'customer' })
    expect(await pages.get(pages.key('/category/7', null))).toBeDefined()
    await events.emit(RECORD_CHANGED, { type: 'item' })
    expect(await pages.get(pages.key('/category/7', null))).toBeUndefined()
  })

  it('keeps nothing the renderer did not hand over (an error answer)', async () => {
    handOver = false
    await page('/about')
    await page('/about')
    expect(renders).toBe(2)
    expect(await pages.get(pages.key('/about', null))).toBeUndefined()
  })

  it('drops a page rendered across a clear of the pages: it may be stale', async () => {
    beforeHandOver = () => cache.clear(STOREFRONT_PAGE_CACHE)
    await page('/about')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(await pages.get(pages.key('/about', null))).toBeUndefined()
  })
})
