import { beforeEach, describe, expect, it } from 'vitest'
import { createError, createLogger, LayeredCache, type Logger } from '@shopwright/core'
import {
  SITEMAP_URL_LIMIT,
  STOREFRONT_SITE_CACHE,
  StorefrontRegistry,
  type SitemapSource,
} from './storefront-registry.js'
import type { WebsiteRoute } from '../shared/route-match.js'
import { robotsTxt, Sitemap, SITEMAP_ORIGINS, sitemapPath, sitemapXml } from './sitemap.js'
import { refusedConnection, testRoute } from './test-app.js'

const ROUTES: WebsiteRoute[] = [
  testRoute('Welcome', '/'),
  testRoute('About', '/about', { seo: 'record', recordtype: 'webpage', recordid: 'about' }),
  testRoute('CategoryView', '/category/:id'),
  testRoute('Docs', '/docs/+path'),
  testRoute('Login', '/login'),
  testRoute('Cart', '/cart'),
  testRoute('Checkout', '/checkout/shipping'),
  testRoute('AccountOverview', '/account'),
  testRoute('Gallery', '/code25Gallery'),
]

describe('sitemapPath', () => {
  it('keeps site-local paths with their query, percent-encoded, without a fragment', () => {
    // Each path, and the path the sitemap keeps of it (null: none).
    for (const [path, kept] of Object.entries({
      '/item/42': '/item/42',
      '/category/7?page=2&sort=a': '/category/7?page=2&sort=a',
      '/café au lait#top': '/caf%C3%A9%20au%20lait',
      '/a/./b/../c': '/a/c',
      '/shop/../account/orders': null,
    }))
      expect(sitemapPath(path), path).toBe(kept)
  })

  it('refuses other hosts, what robots.txt disallows, and what is not a path', () => {
    for (const path of [
      'https://else.example/x',
      '//else.example/x',
      '/\\else.example/x',
      'item/42',
      '',
      `/${'x'.repeat(2048)}`,
      '/account/orders',
      '/query/data/list/item',
      '/checkout',
      42,
      undefined,
    ])
      expect(sitemapPath(path), String(path)).toBeNull()
  })
})

describe('robotsTxt', () => {
  it('allows everything but the API and the visitor’s own pages, and names the sitemap', () => {
    expect(robotsTxt('https://shop.example.com')).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /query/',
        'Disallow: /account',
        'Disallow: /cart',
        'Disallow: /checkout',
        'Disallow: /login',
        'Disallow: /reset',
        'Disallow: /block',
        'Sitemap: https://shop.example.com/sitemap.xml',
        '',
      ].join('\n'),
    )
  })

  it('names no sitemap when there is none', () => {
    expect(robotsTxt(null)).toBe(
      robotsTxt('https://shop.example.com').replace(
        'Sitemap: https://shop.example.com/sitemap.xml\n',
        '',
      ),
    )
    expect(robotsTxt(null)).not.toContain('Sitemap')
  })
})

describe('sitemapXml', () => {
  it('writes absolute, XML-escaped addresses with their dates', () => {
    expect(
      sitemapXml('https://shop.example.com', [
        { path: '/' },
        { path: '/category/7?page=2&sort=a', lastmod: '2025-01-31' },
      ]),
    ).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '<url><loc>https://shop.example.com/</loc></url>\n' +
        '<url><loc>https://shop.example.com/category/7?page=2&amp;sort=a</loc><lastmod>2025-01-31</lastmod></url>\n' +
        '</urlset>\n',
    )
  })

  it('leaves out an address of 2,048 characters or more with its origin', () => {
    const long = `/${'x'.repeat(2030)}`
    expect(sitemapXml('https://shop.example.com', [{ path: long }])).not.toContain('xxxx')
    expect(sitemapXml('http://a.b', [{ path: long }])).toContain(long)
  })
})

describe('Sitemap', () => {
  let cache: LayeredCache
  let registry: StorefrontRegistry
  let warnings: Array<{ fields: unknown; message: string }>
  let routeReads: number
  const logger = {
    warn: (fields: unknown, message: string) => void warnings.push({ fields, message }),
  } as Pick<Logger, 'warn'>
  const sitemap = (routes: () => Promise<WebsiteRoute[]> = () => Promise.resolve(ROUTES)) =>
    new Sitemap({
      routes: () => {
        routeReads += 1
        return routes()
      },
      sources: registry,
      cache,
      logger,
    })
  const source = (id: string, urls: SitemapSource['urls']): SitemapSource => ({ id, urls })

  beforeEach(() => {
    cache = LayeredCache.memory(createLogger({ logLevel: 'silent', nodeEnv: 'test' }))
    registry = new StorefrontRegistry(cache)
    warnings = []
    routeReads = 0
  })

  it('lists the routes without parameters that robots.txt allows, then the sources’ addresses, each once', async () => {
    registry.addSitemap(
      source('items', () =>
        Promise.resolve([
          { path: '/item/1', lastmod: '2025-01-31T10:00:00Z' },
          { path: '/item/2', lastmod: 'yesterday' },
          { path: '/about' },
          { path: 'https://else.example/item/3' },
          { path: '/account/orders' },
        ]),
      ),
    )
    registry.addSitemap(source('categories', () => Promise.resolve([{ path: '/category/7' }])))
    expect(await sitemap().entries()).toEqual([
      { path: '/' },
      { path: '/about' },
      { path: '/code25Gallery' },
      { path: '/item/1', lastmod: '2025-01-31T10:00:00Z' },
      { path: '/item/2' },
      { path: '/category/7' },
    ])
  })

  it('leaves out a route naming a record visitors cannot read, unless a provider answers for it', async () => {
    const asked: string[] = []
    const map = new Sitemap({
      routes: () =>
        Promise.resolve([
          ...ROUTES,
          testRoute('About', '/draft-page', { recordtype: 'webpage', recordid: 'draft-page' }),
          testRoute('Landing', '/landing', { recordtype: 'webpage', recordid: 'landing' }),
        ]),
      sources: registry,
      cache,
      logger,
      readable: (type, id) => {
        asked.push(`${type}|${id}`)
        return Promise.resolve(id === 'about')
      },
    })
    registry.addPageData({ id: 'landing', routes: ['Landing'], load: () => Promise.resolve({}) })
    const paths = (await map.entries()).map((entry) => entry.path)
    expect(paths).toEqual(['/', '/about', '/code25Gallery', '/landing'])
    expect(asked.sort()).toEqual(['webpage|about', 'webpage|draft-page'])
  })

  it('keeps the addresses in the storefront cache, read again after a clear (a route changed)', async () => {
    let reads = 0
    registry.addSitemap(source('items', () => Promise.resolve([{ path: `/item/${++reads}` }])))
    const map = sitemap()
    expect((await map.entries()).at(-1)).toEqual({ path: '/item/1' })
    expect((await map.entries()).at(-1)).toEqual({ path: '/item/1' })
    expect(routeReads).toBe(1)
    await cache.clear(STOREFRONT_SITE_CACHE)
    expect((await map.entries()).at(-1)).toEqual({ path: '/item/2' })
    expect(routeReads).toBe(2)
  })

  it('lists at most SITEMAP_URL_LIMIT addresses, the routes first, and says what it left out', async () => {
    registry.addSitemap(
      source('items', () =>
        Promise.resolve(
          Array.from({ length: SITEMAP_URL_LIMIT + 10 }, (_, index) => ({
            path: `/item/${index}`,
          })),
        ),
      ),
    )
    const entries = await sitemap().entries()
    expect(entries).toHaveLength(SITEMAP_URL_LIMIT)
    expect(entries[0]).toEqual({ path: '/' })
    expect(warnings).toMatchObject([{ fields: { left: 13, limit: SITEMAP_URL_LIMIT } }])
  })

  it('leaves a failing source out, says so, and tries it again 30 s later rather than an hour', async () => {
    let fail = true
    registry.addSitemap(
      source('items', () =>
        fail ? Promise.reject(new Error('a bug')) : Promise.resolve([{ path: '/item/1' }]),
      ),
    )
    const map = sitemap()
    expect((await map.entries()).map((entry) => entry.path)).toEqual([
      '/',
      '/about',
      '/code25Gallery',
    ])
    expect(warnings).toMatchObject([{ fields: { source: 'items' } }])
    fail = false
    // Kept for `tiny` only; the cache's own clock is not ours to move, so the key is dropped.
    await cache.delete(STOREFRONT_SITE_CACHE, 'sitemap')
    expect((await map.entries()).at(-1)).toEqual({ path: '/item/1' })
  })

  it('fails when the routes cannot be read or a source meets an outage, and keeps nothing', async () => {
    const failure = await refusedConnection()
    await expect(sitemap(() => Promise.reject(failure)).entries()).rejects.toBe(failure)
    registry.addSitemap(source('items', () => Promise.reject(createError('ERROR_DATA_CONNECTION'))))
    await expect(sitemap().entries()).rejects.toMatchObject({ code: 'ERROR_DATA_CONNECTION' })
    expect(await cache.get(STOREFRONT_SITE_CACHE, 'sitemap')).toBeUndefined()
  })

  it('writes the document for an origin once, and again for another', async () => {
    const map = sitemap()
    const first = await map.document('https://shop.example.com')
    expect(first.xml).toContain('<loc>https://shop.example.com/about</loc>')
    expect(await map.document('https://shop.example.com')).toBe(first)
    const other = await map.document('http://localhost:3000')
    expect(other.xml).toContain('<loc>http://localhost:3000/about</loc>')
    expect((await other.gzip()).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]))
    expect(await other.gzip()).toBe(await other.gzip())
    // Alternating origins do not write either again.
    expect(await map.document('https://shop.example.com')).toBe(first)
    expect(await map.document('http://localhost:3000')).toBe(other)
  })

  it('keeps the documents of the last SITEMAP_ORIGINS origins used, and writes again after a clear', async () => {
    const map = sitemap()
    const origin = (n: number) => `http://host${n}.test`
    const first = await map.document(origin(0))
    const kept = [first]
    for (let n = 1; n < SITEMAP_ORIGINS; n++) kept.push(await map.document(origin(n)))
    for (let n = 0; n < SITEMAP_ORIGINS; n++) expect(await map.document(origin(n))).toBe(kept[n])
    // One more origin drops the least recently used (origin 0), and only it.
    await map.document(origin(SITEMAP_ORIGINS))
    for (let n = 1; n < SITEMAP_ORIGINS; n++) expect(await map.document(origin(n))).toBe(kept[n])
    const again = await map.document(origin(0))
    expect(again).not.toBe(first)
    expect(again.xml).toBe(first.xml)
    // New addresses (a route changed): every origin's document is written again.
    await cache.clear(STOREFRONT_SITE_CACHE)
    expect(await map.document(origin(0))).not.toBe(again)
    expect(routeReads).toBe(2)
  })
})
