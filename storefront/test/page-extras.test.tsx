import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createError, createKernel, definePlugin, type Kernel } from '@shopwright/core'
import {
  bootTestKernel,
  databasesUnderTest,
  inject,
  redisSkipReason,
  redisUrlForTests,
  testConfig,
} from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '@shopwright/plugin-account'
import translations from '@shopwright/plugin-translations'
import { allSeeds } from '@shopwright/seeds'
import { usePageExtra } from '../src/react/page-extra.js'
import { storefrontPlugin, type PageDataInput } from '../src/plugin/index.js'
import type { ShellProps, Theme } from '../src/shared/contract.js'
import { ADMIN, pageDataOf, testThemeModule } from './helpers.js'

/** What the test plugin's provider answers: what it was given, and how often it ran. */
interface Shelf {
  id: string
  page: string
  currency: string | null
  language: string
  load: number
}

/** The test plugin's state, shared by every kernel of a file (a plugin object is made once). */
const counts = { loads: 0 }

/**
 * A plugin written only against core's contract, as commerce will be: a provider for the seeded
 * `/category/:id` route (CategoryView) that reads `?page`, a 404 for category `missing`, and a
 * sitemap source.
 */
const shelfPlugin = definePlugin({
  name: 'shelf',
  bootstrap({ services }) {
    services.storefront.addPageData<Shelf>({
      id: 'shelf',
      routes: ['CategoryView'],
      queryKeys: ['page'],
      load: (input: PageDataInput) => {
        if (input.params.id === 'missing')
          return Promise.reject(createError('ERROR_PAGE_NOT_FOUND'))
        counts.loads += 1
        return Promise.resolve({
          id: input.params.id ?? '',
          page: input.query.get('page') ?? '1',
          currency: input.currency,
          language: input.language,
          load: counts.loads,
        })
      },
    })
    services.storefront.addSitemap({
      id: 'shelf',
      urls: () =>
        Promise.resolve([
          { path: '/category/7', lastmod: '2025-01-31' },
          { path: '/category/8?page=2&sort=name' },
          { path: '/account/orders' },
        ]),
    })
  },
})

function CategoryView() {
  const shelf = usePageExtra<Shelf>('shelf')
  return shelf ? (
    <p data-load={shelf.load}>
      Category {shelf.id}, page {shelf.page}, in {shelf.currency}
    </p>
  ) : (
    <p>no shelf</p>
  )
}

const theme: Theme = {
  name: 'shelf',
  Shell: ({ children }: ShellProps) => <main>{children}</main>,
  NotFound: () => <h1>Nothing here</h1>,
  components: { Welcome: () => <h1>Welcome</h1>, CategoryView },
}

/** The storefront with the test theme (its pages mount in every kernel of these suites). */
const storefront = () => storefrontPlugin({ theme: testThemeModule(theme) })

/** What `read` answers once two answers in a row agree (a page is kept after it was sent). */
async function settled(read: () => Promise<string | undefined>): Promise<string | undefined> {
  let last = await read()
  for (let tries = 0; tries < 100; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 10))
    const next = await read()
    if (next === last) return next
    last = next
  }
  throw new Error('the page never came from the cache')
}

/** The `sw_locale` cookie of a visitor in France paying in euros. */
const EUROS = `sw_locale=${encodeURIComponent(JSON.stringify({ country: 'fr', currency: 'eur', language: 'fr' }))}`

for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`page data providers and the sitemap on ${database.name}`, () => {
    let kernel: Kernel
    let close: () => Promise<void>
    const page = (url: string, headers: Record<string, string> = {}) =>
      inject(kernel, { url, headers: { accept: 'text/html', ...headers } })
    /** The load number the page shows: a new one means the provider ran again. */
    const loadOf = async (url: string, headers: Record<string, string> = {}) =>
      /data-load="(\d+)"/.exec((await page(url, headers)).body)?.[1]
    /** The load a page is kept with: asked until two answers agree (the copy is written after). */
    const keptLoad = (url: string, headers: Record<string, string> = {}) =>
      settled(() => loadOf(url, headers))

    beforeAll(async () => {
      ;({ kernel, close } = await bootTestKernel(
        database,
        [records, account, translations, storefront(), shelfPlugin],
        { siteUrl: 'https://shop.example.com' },
      ))
      await kernel.seed(allSeeds())
    })
    afterAll(() => close())

    it("renders the provider's data in the server's HTML, in the visitor's currency, and sends it with the page", async () => {
      const reply = await page('/category/7?page=2')
      expect(reply.statusCode).toBe(200)
      expect(reply.body).toMatch(
        /Category <!-- -->7<!-- -->, page <!-- -->2<!-- -->, in <!-- -->usd/,
      )
      const data = pageDataOf(reply.body)
      expect(data.extra?.shelf).toMatchObject({
        id: '7',
        page: '2',
        currency: 'usd',
        language: 'en-us',
      })
      expect(data.extraRoutes).toEqual(['CategoryView'])
      const euros = await page('/category/7?page=2', { cookie: EUROS })
      expect(pageDataOf(euros.body).extra?.shelf).toMatchObject({ currency: 'eur', language: 'fr' })
    })

    it('gives pages the images and pagination configuration', async () => {
      const { site } = pageDataOf((await page('/')).body)
      expect(site.images).toEqual({
        lazyloadbuffer: 100,
        itemimageratio: 1.33,
        itemimagelazyload: true,
        accountimagelazyload: true,
      })
      expect(site.pagination).toMatchObject({ webgrid: 24, weblist: 50 })
    })

    it('keeps anonymous pages per currency and declared query, and renders other queries afresh', async () => {
      const dollars = await keptLoad('/category/20?page=3')
      expect(await loadOf('/category/20?page=3')).toBe(dollars)
      const euros = await keptLoad('/category/20?page=3', { cookie: EUROS })
      expect(euros).not.toBe(dollars)
      expect(await loadOf('/category/20?page=2')).not.toBe(dollars)
      // A parameter no provider declares: rendered for each request, never kept.
      const tracked = await loadOf('/category/20?page=3&utm_source=mail')
      expect(await loadOf('/category/20?page=3&utm_source=mail')).not.toBe(tracked)
    })

    it('drops every cached page when a plugin says its data changed', async () => {
      const kept = await keptLoad('/category/30')
      await kernel.services.storefront.invalidatePages()
      expect(await loadOf('/category/30')).not.toBe(kept)
    })

    it("answers 'Page not Found' with 404 when the provider says the page does not exist", async () => {
      const reply = await page('/category/missing')
      expect(reply.statusCode).toBe(404)
      expect(reply.body).toContain('<title>Page not Found | Shopwright</title>')
      expect(reply.body).toContain('<h1>Nothing here</h1>')
      expect(pageDataOf(reply.body)).toMatchObject({ notFound: true, record: null })
    })

    it("answers a navigation's data request as JSON, in the language it names", async () => {
      const reply = await inject(kernel, {
        url: '/category/9?page=4',
        headers: { 'sw-page-data': 'fr', accept: 'application/json' },
      })
      expect(reply.statusCode).toBe(200)
      expect(reply.headers['cache-control']).toBe('no-store')
      expect(reply.json()).toMatchObject({
        href: '/category/9?page=4',
        record: null,
        extra: { shelf: { id: '9', page: '4', language: 'fr', currency: 'usd' } },
      })
      const missing = await inject(kernel, {
        url: '/category/missing',
        headers: { 'sw-page-data': 'fr' },
      })
      expect(missing.statusCode).toBe(404)
      expect(missing.json()).toEqual({ ok: false, message: 'ERROR_PAGE_NOT_FOUND' })
    })

    it('serves robots.txt naming the sitemap at SITE_URL', async () => {
      const reply = await inject(kernel, { url: '/robots.txt', headers: { host: 'evil.example' } })
      expect(reply.statusCode).toBe(200)
      expect(reply.headers['content-type']).toBe('text/plain; charset=utf-8')
      expect(reply.body).toContain('Disallow: /checkout\n')
      expect(reply.body).toContain('Sitemap: https://shop.example.com/sitemap.xml')
    })

    it('serves sitemap.xml from the routes without parameters and the sources, and follows a new route', async () => {
      const locs = async () =>
        [
          ...(await inject(kernel, { url: '/sitemap.xml' })).body.matchAll(/<loc>(.*?)<\/loc>/g),
        ].map((match) => match[1]!.replace('https://shop.example.com', ''))
      const listed = await locs()
      expect(listed).toEqual(
        expect.arrayContaining(['/', '/about', '/contact', '/locale', '/code25Home']),
      )
      expect(listed).toEqual(
        expect.arrayContaining(['/category/7', '/category/8?page=2&amp;sort=name']),
      )
      for (const hidden of ['/login', '/cart', '/checkout', '/account', '/account/orders'])
        expect(listed).not.toContain(hidden)
      expect(listed.some((loc) => loc.includes(':'))).toBe(false)
      const head = await inject(kernel, { method: 'HEAD', url: '/sitemap.xml' })
      expect(head.statusCode).toBe(200)
      expect(head.headers['content-type']).toBe('application/xml; charset=utf-8')

      await kernel.services.records.create(ADMIN, {
        type: 'route',
        id: 'sale',
        url: '/sale',
        component: 'Welcome',
        seo: 'static',
        title: 'Sale',
        description: 'Sale.',
        props: [],
      })
      await expect.poll(locs).toContain('/sale')
    })
  })
}

for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip || redisSkipReason())(
    `a plugin's page invalidation on two nodes of one ${database.name} and Redis`,
    () => {
      let first: Kernel
      let second: Kernel
      let close: () => Promise<void>

      beforeAll(async () => {
        const shared = { redisUrl: redisUrlForTests(), redisPrefix: `swsf${Date.now()}` }
        const booted = await bootTestKernel(
          database,
          [records, account, translations, storefront(), shelfPlugin],
          shared,
        )
        first = booted.kernel
        await first.seed(allSeeds())
        second = await createKernel({
          config: testConfig({ databaseUrl: booted.url, ...shared }),
          plugins: [records, account, translations, storefront(), shelfPlugin],
        })
        close = async () => {
          await second.close()
          await booted.close()
        }
      })
      afterAll(() => close())

      it('drops the pages another node keeps', async () => {
        const loadOn = async () =>
          /data-load="(\d+)"/.exec(
            (await inject(first, { url: '/category/40', headers: { accept: 'text/html' } })).body,
          )?.[1]
        const kept = await settled(loadOn)
        await second.services.storefront.invalidatePages()
        await expect.poll(loadOn).not.toBe(kept)
      })
    },
  )
}
