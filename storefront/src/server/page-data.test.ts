import { describe, expect, it } from 'vitest'
import type { Middleware } from 'koa'
import {
  createError,
  createLogger,
  LayeredCache,
  StorefrontDataRegistry,
  type Entity,
  type Logger,
  type PageDataInput,
  type PageDataProvider,
} from '@shopwright/core'
import { inject } from '@shopwright/core/testing'
import type { PageData } from '../shared/page.js'
import type { MatchedRoute } from '../shared/route-match.js'
import { pageData, type PageDataSources } from './page-data.js'
import type { PageState, StorefrontState } from './page-state.js'
import { refusedConnection, testApp, testSite } from './test-app.js'

const site = testSite()
const [welcome, about] = site.routes
const HOME: MatchedRoute = { route: welcome!, params: {}, props: {} }
const ABOUT: MatchedRoute = { route: about!, params: {}, props: {} }
const CUSTOMER: Entity = { type: 'customer', id: 'ada', name: 'Ada', roles: [] }
const FRENCH = { country: 'fr', currency: 'eur', language: 'fr' }
/** The test site selling in dollars, then euros. */
const SELLING = {
  ...site,
  site: {
    ...site.site,
    currencies: ['usd', 'eur'].map((id) => ({
      id,
      code: id.toUpperCase(),
      name: id,
      symbol: id,
      decimalplaces: 2,
      decimalseparator: '.',
      thousandseparator: ',',
      symbolafter: false,
    })),
  },
}

/** A registry of page data providers, as core's `storefrontData`. */
function registry(...providers: PageDataProvider[]): StorefrontDataRegistry {
  const data = new StorefrontDataRegistry(
    LayeredCache.memory(createLogger({ logLevel: 'silent', nodeEnv: 'test' })),
  )
  for (const provider of providers) data.addPageData(provider)
  return data
}

/**
 * Answers with the page data, whether the page may still be kept in the page cache, and the route
 * it shows now; or with the error the middleware failed with.
 */
const showData: Middleware<StorefrontState> = (ctx) => {
  const page = ctx.state.storefront
  ctx.body = { ...page.data, kept: page.keep !== undefined, matched: page.matched }
}
const catching: Middleware<StorefrontState> = async (ctx, next) => {
  try {
    await next()
  } catch (error) {
    ctx.body = { failed: error instanceof Error ? error.message : String(error) }
  }
}

function setup(overrides: Partial<PageDataSources> = {}) {
  const reads: unknown[][] = []
  const warnings: unknown[] = []
  const sources: PageDataSources = {
    source: {
      record: (...args) => {
        reads.push(args)
        return Promise.resolve({ type: 'webpage', id: 'home', headline: 'Hello' })
      },
    },
    translations: {
      texts: (language) =>
        Promise.resolve<Record<string, string>>(
          language === 'fr' ? { About: 'À propos', Home: 'Home' } : {},
        ),
    },
    translationSets: ['general', 'store'],
    providers: registry(),
    access: { can: (entity, security) => Promise.resolve(!!entity && security === 'staff') },
    logger: { warn: (fields: unknown) => void warnings.push(fields) } as Pick<Logger, 'warn'>,
    ...overrides,
  }
  const request = async (
    page: Partial<PageState>,
    entity: Entity | null = null,
    url = '/',
  ): Promise<PageData & { failed?: string; kept?: boolean; matched?: unknown }> => {
    const app = testApp([catching, pageData(sources), showData], {
      entity,
      page: { site, keep: () => undefined, ...page },
    })
    return (await inject(app, { url })).json()
  }
  return { reads, warnings, request }
}

describe('pageData', () => {
  it("reads the page's record as the visitor, in the site's first language without a locale choice", async () => {
    const { reads, request } = setup()
    const data = await request({ matched: HOME })
    expect(reads).toEqual([[null, 'webpage', 'home', 'en-us']])
    expect(data).toMatchObject({
      href: '/',
      record: { headline: 'Hello' },
      account: null,
      locale: null,
      language: 'en-us',
      texts: {},
      routes: site.routes,
      site: site.site,
    })
  })

  it("takes the locale choice's language, with its texts (those that differ from the phrase)", async () => {
    const { reads, request } = setup()
    const locale = { country: 'fr', currency: 'eur', language: 'fr' }
    const data = await request({ matched: HOME, locale }, CUSTOMER)
    expect(reads).toEqual([[CUSTOMER, 'webpage', 'home', 'fr']])
    expect(data).toMatchObject({ language: 'fr', locale, texts: { About: 'À propos' } })
    expect(data.account).toEqual({ type: 'customer', id: 'ada', name: 'Ada' })
  })

  it('reads no record for a route without one, or for no route', async () => {
    const { reads, request } = setup()
    expect((await request({ matched: ABOUT })).record).toBeNull()
    expect((await request({ matched: null })).record).toBeNull()
    expect(reads).toEqual([])
  })

  it('shows the menu items the visitor may view', async () => {
    const { request } = setup()
    const labels = (data: PageData) => data.menus.header?.map((item) => item.label)
    expect(labels(await request({ matched: ABOUT }))).toEqual(['Home'])
    expect(labels(await request({ matched: ABOUT }, CUSTOMER))).toEqual(['Home', 'Staff'])
  })

  it('shows the phrases when the texts fail, and none without the translations plugin', async () => {
    const failing = setup({
      translations: { texts: () => Promise.reject(new Error('a broken set')) },
    })
    const locale = { country: 'fr', currency: 'eur', language: 'fr' }
    expect((await failing.request({ matched: ABOUT, locale })).texts).toEqual({})
    expect(failing.warnings).toHaveLength(1)
    const without = setup({ translations: undefined })
    expect((await without.request({ matched: ABOUT, locale })).texts).toEqual({})
  })

  it('fails on a database that does not answer, whether reading the texts, the record or the rights', async () => {
    const failure = await refusedConnection()
    const cases: Array<Partial<PageDataSources>> = [
      { translations: { texts: () => Promise.reject(failure) } },
      { translations: { texts: () => Promise.reject(createError('ERROR_DATA_CONNECTION')) } },
      { source: { record: () => Promise.reject(failure) } },
      { access: { can: () => Promise.reject(failure) } },
    ]
    for (const overrides of cases) {
      const { request, warnings } = setup(overrides)
      const data = await request({ matched: HOME })
      expect(data.failed).toMatch(/ECONNREFUSED|Connection failed/)
      expect(warnings).toEqual([])
    }
  })

  it("gives the route's providers the page, at once, and hands their answers over by id", async () => {
    const inputs: PageDataInput[] = []
    let running = 0
    let together = 0
    const provider = (id: string, routes = ['Welcome']): PageDataProvider => ({
      id,
      routes,
      load: async (input) => {
        inputs.push(input)
        running += 1
        together = Math.max(together, running)
        await new Promise((resolve) => setTimeout(resolve, 5))
        running -= 1
        return { from: id }
      },
    })
    const { request } = setup({
      providers: registry(provider('grid'), provider('prices'), provider('other', ['About'])),
    })
    const data = await request(
      {
        matched: { ...HOME, params: { id: '7' }, props: { page: '2' } },
        locale: FRENCH,
        site: SELLING,
      },
      CUSTOMER,
      '/?page=2',
    )
    expect(data.extra).toEqual({ grid: { from: 'grid' }, prices: { from: 'prices' } })
    expect(data.extraRoutes).toEqual(['Welcome', 'About'])
    expect(together).toBe(2)
    expect(inputs).toHaveLength(2)
    const input = inputs[0]!
    expect(input).toMatchObject({
      entity: CUSTOMER,
      route: { id: 'Welcome', url: '/', component: 'Welcome' },
      params: { id: '7' },
      props: { page: '2' },
      record: { type: 'webpage', id: 'home', headline: 'Hello' },
      language: 'fr',
      locale: FRENCH,
      currency: 'eur',
      href: '/?page=2',
    })
    expect(input.query.get('page')).toBe('2')
  })

  it("gives providers the locale's currency when the site sells in it, else the site's first", async () => {
    const currencies: Array<string | null> = []
    const { request } = setup({
      providers: registry({
        id: 'prices',
        routes: ['Welcome'],
        load: (input) => Promise.resolve(void currencies.push(input.currency)),
      }),
    })
    await request({ matched: HOME, site: SELLING, locale: FRENCH })
    await request({ matched: HOME, site: SELLING, locale: { ...FRENCH, currency: 'gbp' } })
    await request({ matched: HOME, site: SELLING })
    await request({ matched: HOME })
    expect(currencies).toEqual(['eur', 'usd', 'usd', null])
  })

  it('leaves extras out for a route without providers', async () => {
    const { request } = setup()
    const data = await request({ matched: HOME })
    expect(data).not.toHaveProperty('extra')
    expect(data).not.toHaveProperty('extraRoutes')
    expect(data.kept).toBe(true)
  })

  it("makes the page the theme's 'Page not Found' when a provider answers a 404 code, kept out of the cache", async () => {
    const { request } = setup({
      providers: registry(
        {
          id: 'grid',
          routes: ['Welcome'],
          load: () => Promise.reject(createError('ERROR_PAGE_NOT_FOUND')),
        },
        { id: 'prices', routes: ['Welcome'], load: () => Promise.resolve([1, 2]) },
      ),
    })
    const data = await request({ matched: HOME })
    expect(data).toMatchObject({ notFound: true, record: null, kept: false, matched: null })
    expect(data).not.toHaveProperty('extra')
  })

  it('shows the page without the answer of a provider that fails, logged and not cached', async () => {
    const { request, warnings } = setup({
      providers: registry(
        { id: 'grid', routes: ['Welcome'], load: () => Promise.reject(new Error('a bug')) },
        { id: 'prices', routes: ['Welcome'], load: () => Promise.resolve([1, 2]) },
      ),
    })
    const data = await request({ matched: HOME })
    expect(data.extra).toEqual({ prices: [1, 2] })
    expect(data.kept).toBe(false)
    expect(data.notFound).toBeUndefined()
    expect(warnings).toMatchObject([{ provider: 'grid', href: '/' }])
  })

  it('fails on a provider that meets a database that does not answer, whatever the others said', async () => {
    const failure = await refusedConnection()
    const { request, warnings } = setup({
      providers: registry(
        { id: 'grid', routes: ['Welcome'], load: () => Promise.reject(failure) },
        {
          id: 'prices',
          routes: ['Welcome'],
          load: () => Promise.reject(createError('ERROR_PAGE_NOT_FOUND')),
        },
      ),
    })
    expect((await request({ matched: HOME })).failed).toMatch(/ECONNREFUSED/)
    expect(warnings).toEqual([])
  })

  it("keeps a page in the cache only when its query names parameters the route's providers or the theme declare", async () => {
    const { request } = setup({
      themeQueryKeys: ['sort'],
      providers: registry({
        id: 'grid',
        routes: ['Welcome'],
        queryKeys: ['page', 'display'],
        load: () => Promise.resolve([]),
      }),
    })
    const kept = async (url: string, matched: MatchedRoute | null = HOME) =>
      (await request({ matched, href: url }, null, url)).kept
    expect(await kept('/')).toBe(true)
    expect(await kept('/?page=2&display=list&sort=price')).toBe(true)
    expect(await kept('/?page=2&utm_source=mail')).toBe(false)
    expect(await kept('/?x=1')).toBe(false)
    // Another route's providers declare nothing for it; the theme's keys hold everywhere.
    expect(await kept('/about?page=2', ABOUT)).toBe(false)
    expect(await kept('/about?sort=name', ABOUT)).toBe(true)
    expect(await kept('/nowhere?x=1', null)).toBe(false)
  })

  it("reads a navigation's data request in the language it names, without texts or menus", async () => {
    const languages: string[] = []
    const { reads, request } = setup({
      providers: registry({
        id: 'grid',
        routes: ['Welcome'],
        load: (input) => Promise.resolve(void languages.push(input.language)),
      }),
    })
    const data = await request({ matched: HOME, locale: FRENCH, dataRequest: { language: 'de' } })
    expect(reads).toEqual([[null, 'webpage', 'home', 'de']])
    expect(languages).toEqual(['de'])
    expect(data).toMatchObject({ language: 'de', texts: {}, menus: {} })
    // A language that is not one falls back to the locale choice's.
    await request({ matched: HOME, locale: FRENCH, dataRequest: { language: null } })
    expect(languages).toEqual(['de', 'fr'])
  })
})
