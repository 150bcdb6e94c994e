import { describe, expect, it } from 'vitest'
import type { Middleware } from 'koa'
import { createError, type Entity, type Logger } from '@shopwright/core'
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

/** Answers with the page data, or with the error the middleware failed with. */
const showData: Middleware<StorefrontState> = (ctx) => {
  ctx.body = ctx.state.storefront.data
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
    access: { can: (entity, security) => Promise.resolve(!!entity && security === 'staff') },
    logger: { warn: (fields: unknown) => void warnings.push(fields) } as Pick<Logger, 'warn'>,
    ...overrides,
  }
  const request = async (
    page: Partial<PageState>,
    entity: Entity | null = null,
  ): Promise<PageData & { failed?: string }> => {
    const app = testApp([catching, pageData(sources), showData], {
      entity,
      page: { site, ...page },
    })
    return (await inject(app, { url: '/' })).json()
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
})
