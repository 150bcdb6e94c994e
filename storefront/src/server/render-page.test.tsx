import { AsyncLocalStorage } from 'node:async_hooks'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it, vi } from 'vitest'
import { inject } from '@shopwright/core/testing'
import { StorefrontApp } from '../react/StorefrontApp.js'
import { usePageExtra } from '../react/page-extra.js'
import type { PageProps, ShellProps, Theme } from '../shared/contract.js'
import { PAGE_DATA_ID, type PageData } from '../shared/page.js'
import type { MatchedRoute } from '../shared/route-match.js'
import type { PageAssets } from './document.js'
import type { PageState, RenderedPage } from './page-state.js'
import { renderPage } from './render-page.js'
import { testApp, testRoute, testSite } from './test-app.js'

const theme: Theme = {
  name: 'test',
  Shell: ({ site, children }: ShellProps) => <main data-site={site.name}>{children}</main>,
  NotFound: () => <h1>Nothing here</h1>,
  components: {
    Welcome: ({ record }: PageProps) => <h1>{String(record?.headline)}</h1>,
    About: () => <h1>About us</h1>,
    Shelf: () => {
      const shelf = usePageExtra<{ items: string[] }>('shelf')
      return <ul>{shelf ? shelf.items.map((item) => <li key={item}>{item}</li>) : 'no shelf'}</ul>
    },
  },
}
const ASSETS: PageAssets = { script: '/theme/entry.js', preload: [], inlineStyle: 'p{}' }
const site = testSite()
const HOME: MatchedRoute = { route: site.routes[0]!, params: {}, props: {} }

function dataFor(href: string): PageData {
  return {
    ...site,
    href,
    record: { type: 'webpage', id: 'home', headline: 'Hello' },
    account: null,
    locale: null,
    language: 'en-us',
    texts: {},
  }
}

function render(
  page: Partial<PageState>,
  module: { theme: Theme } = { theme },
  headers: Record<string, string> = {},
) {
  const app = testApp([renderPage({ ...module, App: StorefrontApp }, () => ASSETS)], { page })
  return inject(app, { url: page.href ?? '/', headers: { accept: 'text/html', ...headers } })
}

describe('renderPage', () => {
  it('streams the head with title and description first, then the page, then its data', async () => {
    const reply = await render({ matched: HOME, data: dataFor('/') })
    expect(reply.statusCode).toBe(200)
    expect(reply.headers['content-type']).toMatch(/^text\/html/)
    expect(reply.headers['cache-control']).toBe('no-cache')
    expect(reply.body).toMatch(
      /^<!doctype html><html lang="en-us"><head>.*<title>Hello \| Test Shop<\/title>.*<script type="module" src="\/theme\/entry.js"><\/script><\/head><body><div id="root">/,
    )
    expect(reply.body).toContain('<main data-site="Test Shop"><h1>Hello</h1></main>')
    expect(reply.body).toContain(`<script type="application/json" id="${PAGE_DATA_ID}">`)
    expect(reply.body.endsWith('</script></body></html>')).toBe(true)
  })

  it("answers no route with the theme's 'Page not Found' and 404", async () => {
    const reply = await render({ href: '/nowhere', matched: null, data: dataFor('/nowhere') })
    expect(reply.statusCode).toBe(404)
    expect(reply.body).toContain('<title>Page not Found | Test Shop</title>')
    expect(reply.body).toContain('<h1>Nothing here</h1>')
  })

  it("renders a page's extras in the server's HTML, and sends them with its data", async () => {
    const route = testRoute('Shelf', '/shelf')
    const shelf: MatchedRoute = { route, params: {}, props: {} }
    const data = { ...dataFor('/shelf'), routes: [...site.routes, route] }
    const reply = await render({
      href: '/shelf',
      matched: shelf,
      data: { ...data, extra: { shelf: { items: ['pear', 'plum'] } } },
    })
    expect(reply.body).toContain('<ul><li>pear</li><li>plum</li></ul>')
    expect(reply.body).toContain('"extra":{"shelf":{"items":["pear","plum"]}}')
    const without = await render({ href: '/shelf', matched: shelf, data })
    expect(without.body).toContain('<ul>no shelf</ul>')
  })

  it("shows 'Page not Found' with 404 for a route whose data says there is no such page", async () => {
    // The address matches Welcome; the page data says not found, which the browser follows too.
    const reply = await render({ matched: null, data: { ...dataFor('/'), notFound: true } })
    expect(reply.statusCode).toBe(404)
    expect(reply.body).toContain('<title>Page not Found | Test Shop</title>')
    expect(reply.body).toContain('<h1>Nothing here</h1>')
    expect(reply.body).not.toContain('<h1>Hello</h1>')
  })

  it('hands the whole page, as sent, to whoever keeps it', async () => {
    const kept: RenderedPage[] = []
    const reply = await render({
      href: '/nowhere',
      matched: null,
      data: dataFor('/nowhere'),
      keep: (page) => void kept.push(page),
    })
    expect(kept).toEqual([{ status: 404, html: reply.body }])
  })

  it("streams an anonymous visitor's page in Brotli or gzip, as the client takes them", async () => {
    const plain = await render({ matched: HOME, data: dataFor('/') })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toBe('Accept-Encoding')

    const br = await render({ matched: HOME, data: dataFor('/') }, undefined, {
      'accept-encoding': 'gzip, deflate, br',
    })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toBe('Accept-Encoding')
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body)
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(plain.body))

    const gzip = await render({ matched: HOME, data: dataFor('/') }, undefined, {
      'accept-encoding': 'gzip',
    })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body)

    const refused = await render({ matched: HOME, data: dataFor('/') }, undefined, {
      'accept-encoding': 'br;q=0, gzip;q=0',
    })
    expect(refused.headers['content-encoding']).toBeUndefined()
    expect(refused.body).toBe(plain.body)
  })

  it('keeps the plain page when it streams compressed', async () => {
    const kept: RenderedPage[] = []
    const reply = await render(
      { matched: HOME, data: dataFor('/'), keep: (page) => void kept.push(page) },
      undefined,
      { 'accept-encoding': 'br' },
    )
    expect(kept).toEqual([{ status: 200, html: brotliDecompressSync(reply.rawPayload).toString() }])
  })

  it("streams a signed-in visitor's page uncompressed: it holds what is theirs (BREACH)", async () => {
    const reply = await render({ anonymous: false, matched: HOME, data: dataFor('/') }, undefined, {
      'accept-encoding': 'br, gzip',
    })
    expect(reply.headers['content-encoding']).toBeUndefined()
    expect(reply.body).toContain('<h1>Hello</h1>')
  })

  it("answers a shell that fails with 500 'Unable to render.', and keeps nothing", async () => {
    const broken: Theme = {
      ...theme,
      Shell: () => {
        throw new Error('broken shell')
      },
    }
    const kept: RenderedPage[] = []
    const reply = await render(
      { matched: HOME, data: dataFor('/'), keep: (page) => void kept.push(page) },
      { theme: broken },
    )
    expect(reply.statusCode).toBe(500)
    expect(reply.body).toContain('<h1>Unable to render.</h1>')
    expect(kept).toEqual([])
    const compressed = await render(
      { matched: HOME, data: dataFor('/') },
      { theme: broken },
      {
        'accept-encoding': 'br',
      },
    )
    expect(compressed.statusCode).toBe(500)
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toContain(
      '<h1>Unable to render.</h1>',
    )
  })

  it('renders without an AsyncLocalStorage: no async context tracking for the rest of the process', async () => {
    // React's Node build (`renderToPipeableStream`) runs every render inside an AsyncLocalStorage;
    // the first one that runs has Node track every promise of the process from then on, which
    // slows every later API request. Running one (run or enterWith) is what turns that on, so
    // neither may be called while a page renders, plain or compressed.
    const run = vi.spyOn(AsyncLocalStorage.prototype, 'run')
    const enterWith = vi.spyOn(AsyncLocalStorage.prototype, 'enterWith')
    try {
      const plain = await render({ matched: HOME, data: dataFor('/') })
      expect(plain.body).toContain('<main data-site="Test Shop"><h1>Hello</h1></main>')
      const br = await render({ matched: HOME, data: dataFor('/') }, undefined, {
        'accept-encoding': 'br',
      })
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body)
      expect(run).not.toHaveBeenCalled()
      expect(enterWith).not.toHaveBeenCalled()
    } finally {
      run.mockRestore()
      enterWith.mockRestore()
    }
  })
})
