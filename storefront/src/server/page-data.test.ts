import { describe, expect, it } from 'vitest'
import type { Middleware } from 'koa'
import { createError, createLogger, LayeredCache, type Entity, type Logger } from '@shopwright/core'
import {
  StorefrontRegistry,
  type PageDataInput,
  type PageDataProvider,
} from './storefront-registry.js'
import { inject } from '@shopwright/core/testing'
import type { PageData } from '../shared/page.js'
import type { MatchedRoute } from '../shared/route-match.js'
import { pageData, type PageDataSources } from './page-data.js'
import type { PageState, SiteWide, StorefrontState } from './page-state.js'
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

/** A registry of page data providers, as the `storefront` service is. */
function registry(...providers: PageDataProvider[]): StorefrontRegistry {
  const data = new StorefrontRegistry(
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
      shows: () => Promise.resolve(true),
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
  // One middleware for every request, as the storefront composes it once.
  const middleware = pageData(sources)
  const request = async (
    page: Partial<PageState>,
    entity: Entity | null = null,
    url = '/',
  ): Promise<PageData & { failed?: string; kept?: boolean; matched?: unknown }> => {
    const app = testApp([catching, middleware, showData], {
      entity,
      page: { site, keep: () => undefined, ...page },
    })
    return (await inject(app, { url })).json()
  }
  return { reads, warnings, request }
}

/** `setup` with a provider on the home page that notes the language each load is asked in. */
function setupLanguages() {
  const languages: string[] = []
  const provider: PageDataProvider = {
    id: 'grid',
    routes: ['Welcome'],
    load: (input) => Promise.resolve(void languages.push(input.language)),
  }
  return { ...setup({ providers: registry(provider) }), languages }
}

describe('pageData', () => {
  it("reads the page's record as the visitor, in the site's first language without a locale choice", async () => {
    const { reads, request } = setup()
    const data = await request({ matched: HOME })
    expect(reads).toEqual([[null, 'webpage', 'home', 'en-us', undefined]])
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
    expect(reads).toEqual([[CUSTOMER, 'webpage', 'home', 'fr', undefined]])
    expect(data).toMatchObject({ language: 'fr', locale, texts: { About: 'À propos' } })
    expect(data.account).toEqual({ type: 'customer', id: 'ada', name: 'Ada', admin: false })
  })

  it('tells the theme whether the visitor may open the admin (view on the admin gate)', async () => {
    const asked: unknown[] = []
    const { request } = setup({
      access: {
        can: (entity, security, flag) => {
          const roles = entity?.roles ?? null
          asked.push([roles, security, flag])
          return Promise.resolve(!!roles?.includes('office') && security === 'admin')
        },
      },
    })
    const staff = { type: 'employee', id: 'grace', name: 'Grace', roles: ['office'] }
    expect((await request({ matched: HOME }, staff)).account?.admin).toBe(true)
    expect((await request({ matched: HOME }, CUSTOMER)).account?.admin).toBe(false)
    // Nobody signed in: no question asked.
    asked.length = 0
    expect((await request({ matched: HOME })).account).toBeNull()
    expect(asked.filter((each) => (each as unknown[])[1] === 'admin')).toEqual([])
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

  it('leaves out a link to a page whose record the visitor cannot read there', async () => {
    const asked: unknown[][] = []
    const { request } = setup({
      source: {
        record: () => Promise.resolve(null),
        shows: (...args) => {
          asked.push(args)
          return Promise.resolve(false)
        },
      },
    })
    const locale = { country: 'fr', currency: 'eur', language: 'fr' }
    const data = await request({ matched: ABOUT, locale }, CUSTOMER)
    // Home's route names its record (unpublished here); the staff page's route names none.
    expect(data.menus.header?.map((item) => item.label)).toEqual(['Staff'])
    expect(asked).toEqual([[CUSTOMER, 'webpage', 'home']])
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
      { source: { record: () => Promise.reject(failure), shows: () => Promise.resolve(true) } },
      { access: { can: () => Promise.reject(failure) } },
    ]
    for (const overrides of cases) {
      const { request, warnings } = setup(overrides)
      const data = await request({ matched: HOME })
      expect(data.failed).toMatch(/ECONNREFUSED|Connection failed/)
      expect(warnings).toEqual([])
    }
    // Reading whether a menu's link leads to a page (the home page's, from another page).
    const links = setup({
      source: { record: () => Promise.resolve(null), shows: () => Promise.reject(failure) },
    })
    expect((await links.request({ matched: ABOUT })).failed).toMatch(
      /ECONNREFUSED|Connection failed/,
    )
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

  it("keeps a page in the cache only when its query names parameters the route's providers or the theme declare for its component", async () => {
    const { request } = setup({
      themeQueryKeys: { Welcome: ['sort'], About: ['tab'] },
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
    // Another route's providers declare nothing for it, and the theme's keys hold only for the
    // component they are declared for.
    expect(await kept('/about?page=2', ABOUT)).toBe(false)
    expect(await kept('/about?sort=name', ABOUT)).toBe(false)
    expect(await kept('/about?tab=team', ABOUT)).toBe(true)
    expect(await kept('/nowhere?x=1', null)).toBe(false)
  })

  it('keeps no page with a query when nothing declares its keys, as for the default theme (none)', async () => {
    const { request } = setup({ themeQueryKeys: {} })
    const kept = async (url: string, matched: MatchedRoute = HOME) =>
      (await request({ matched, href: url }, null, url)).kept
    expect(await kept('/?page=2')).toBe(false)
    expect(await kept('/about?page=x', ABOUT)).toBe(false)
    expect(await kept('/about', ABOUT)).toBe(true)
    // A theme key named like an Object property is no key of a component that has none.
    const odd = setup({ themeQueryKeys: { toString: ['page'] } })
    const inherited: MatchedRoute = {
      route: { ...about!, component: 'constructor' },
      params: {},
      props: {},
    }
    expect((await odd.request({ matched: inherited }, null, '/about?page=2')).kept).toBe(false)
  })

  it('keeps no page whose query repeats a key, carries an empty value, or is spelt otherwise', async () => {
    const { request } = setup({
      providers: registry({
        id: 'grid',
        routes: ['Welcome'],
        queryKeys: ['page', 'display'],
        load: () => Promise.resolve([]),
      }),
    })
    const kept = async (url: string) =>
      (await request({ matched: HOME, href: url }, null, url)).kept
    expect(await kept('/?page=2')).toBe(true)
    expect(await kept('/?page=2&display=list')).toBe(true)
    for (const url of [
      '/?page=2&page=3',
      '/?page=2&page=x',
      '/?page=2&display=list&page=2',
      '/?page=',
      '/?page=2&display=',
      '/?page',
      '/?page=%32',
      '/?pa%67e=2',
      '/?page=2&',
      '/?&page=2',
      '/?page=2&&display=list',
    ])
      expect(await kept(url), url).toBe(false)
  })

  it('keeps no page whose path is spelt otherwise than one way', async () => {
    const { request } = setup()
    const kept = async (url: string) =>
      (await request({ matched: ABOUT, href: url }, null, url)).kept
    expect(await kept('/about')).toBe(true)
    expect(await kept('/caf%C3%A9')).toBe(true)
    for (const url of ['/about/', '/%61bout', '/ab%6fut', '/caf%c3%a9', '/a%2'])
      expect(await kept(url), url).toBe(false)
  })

  it("keeps no 'Page not Found' for an address no route knows: anyone can make those up", async () => {
    const { request } = setup()
    expect((await request({ matched: null }, null, '/no/such/page')).kept).toBe(false)
  })

  it('keeps a page of a route with parameters only when its record or a provider vouches for them', async () => {
    const ORDER: MatchedRoute = {
      route: { ...about!, id: 'Order', url: '/account/order/:id', component: 'Order' },
      params: { id: '1' },
      props: {},
    }
    const ITEM: MatchedRoute = {
      route: { ...about!, id: 'Item', url: '/item/:id', component: 'Item', recordtype: 'item' },
      params: { id: '7' },
      props: {},
    }
    const CATEGORY: MatchedRoute = {
      route: { ...about!, id: 'Category', url: '/category/:id', component: 'Category' },
      params: { id: '7' },
      props: {},
    }
    const { request } = setup({
      source: {
        record: (_entity, _type, id) =>
          Promise.resolve(id === '7' ? { type: 'item', id: '7', name: 'Mug' } : null),
        shows: () => Promise.resolve(true),
      },
      providers: registry({ id: 'grid', routes: ['Category'], load: () => Promise.resolve([]) }),
    })
    expect((await request({ matched: ORDER }, null, '/account/order/1')).kept).toBe(false)
    expect((await request({ matched: ITEM }, null, '/item/7')).kept).toBe(true)
    const missing = { ...ITEM, params: { id: '8' } }
    expect((await request({ matched: missing }, null, '/item/8')).kept).toBe(false)
    expect((await request({ matched: CATEGORY }, null, '/category/7')).kept).toBe(true)
  })

  it('keeps no page rendered for a locale choice naming a language or currency the site has not', async () => {
    const { request } = setup()
    const kept = async (locale: typeof FRENCH, shop: SiteWide = SELLING) =>
      (await request({ matched: ABOUT, locale, site: shop }, null, '/about')).kept
    expect(await kept(FRENCH)).toBe(true)
    expect(await kept({ ...FRENCH, language: 'xx' })).toBe(false)
    expect(await kept({ ...FRENCH, currency: 'gbp' })).toBe(false)
    // A site without currencies shows none, whatever the cookie says.
    expect(await kept({ ...FRENCH, currency: 'gbp' }, site)).toBe(true)
  })

  it('works out the providers and keys of a component once, again only when a provider is added', async () => {
    const providers = registry({
      id: 'grid',
      routes: ['Welcome'],
      queryKeys: ['page'],
      load: () => Promise.resolve([]),
    })
    let asked = 0
    const counted: PageDataSources['providers'] = {
      providersOf: (component) => {
        asked += 1
        return providers.providersOf(component)
      },
      components: () => providers.components(),
    }
    const { request } = setup({ providers: counted })
    const first = await request({ matched: HOME }, null, '/?page=2')
    await request({ matched: HOME }, null, '/?page=3')
    await request({ matched: ABOUT }, null, '/about')
    await request({ matched: ABOUT }, null, '/about')
    expect(asked).toBe(2)
    expect(first.extraRoutes).toEqual(['Welcome'])
    providers.addPageData({
      id: 'about',
      routes: ['About'],
      queryKeys: ['tab'],
      load: () => Promise.resolve('team'),
    })
    const about = await request({ matched: ABOUT }, null, '/about?tab=team')
    expect(about).toMatchObject({ kept: true, extra: { about: 'team' } })
    expect(about.extraRoutes).toEqual(['Welcome', 'About'])
    // About's, and Welcome's again: the menu's link to the home page asks whether it answers for it.
    expect(asked).toBe(4)
  })

  it("reads a navigation's data request in the language it names, without texts or menus", async () => {
    const { reads, request, languages } = setupLanguages()
    const data = await request({
      matched: HOME,
      locale: FRENCH,
      dataRequest: { language: 'en-us' },
    })
    expect(reads).toEqual([[null, 'webpage', 'home', 'en-us', undefined]])
    expect(languages).toEqual(['en-us'])
    expect(data).toMatchObject({ language: 'en-us', texts: {}, menus: {} })
    // A language that is not one falls back to the locale choice's.
    await request({ matched: HOME, locale: FRENCH, dataRequest: { language: null } })
    expect(languages).toEqual(['en-us', 'fr'])
  })

  it("reads a data request in the site's first language, or the locale choice's, when it names one the site has not", async () => {
    const { reads, request, languages } = setupLanguages()
    const asked = (language: string, locale: typeof FRENCH | null = null) =>
      request({ matched: HOME, locale, dataRequest: { language } })
    expect((await asked('fr')).language).toBe('fr')
    expect((await asked('de')).language).toBe('en-us')
    expect((await asked('de', FRENCH)).language).toBe('fr')
    expect(languages).toEqual(['fr', 'en-us', 'fr'])
    expect(reads.map((read) => read[3])).toEqual(['fr', 'en-us', 'fr'])
  })
})
