import type { Middleware } from 'koa'
import { toAppError, type AccessService, type Logger } from '@shopwright/core'
import { type PageDataProvider, type StorefrontService } from './storefront-registry.js'
import { ADMIN_GATE } from '@shopwright/core/shared'
import { type LocaleChoice } from '@shopwright/client'
import type { TranslationSource } from '@shopwright/plugin-translations'
import { recordKeyOf, type PageData, type SiteData } from '../shared/page.js'
import { recordAt, variantLanguage, type MatchedRoute } from '../shared/route-match.js'
import { compactTexts } from '../shared/translation.js'
import { loadPageExtras } from './page-extras.js'
import { declaresQuery, plainPath } from './page-keep.js'
import { required, type PagePreview, type PageState, type StorefrontState } from './page-state.js'
import type { SiteSource } from './site-source.js'
import { visibleMenus } from './visible-menus.js'

/** What pageData reads with. */
export interface PageDataSources {
  source: Pick<SiteSource, 'record' | 'shows'>
  /** The translations plugin's texts; without it every phrase shows as written. */
  translations: Pick<TranslationSource, 'texts'> | undefined
  /** The theme's translation sets, merged in this order. */
  translationSets: readonly string[]
  /** The query parameters the theme's pages read, by route component (`Theme.queryKeys`). */
  themeQueryKeys?: Readonly<Record<string, readonly string[]>>
  /** The plugins' page data providers (the `storefront` service). */
  providers: Pick<StorefrontService, 'providersOf' | 'components'>
  access: Pick<AccessService, 'can'>
  logger: Pick<Logger, 'warn'>
}

/**
 * The texts of the page's language. A failure to read them shows the page in its phrases rather
 * than failing it, unless the database or Redis is down: that is an outage (503), and a page kept
 * in English phrases would outlive it in the page cache.
 */
async function textsOrPhrases(
  sources: PageDataSources,
  language: string,
): Promise<Record<string, string>> {
  if (!sources.translations) return {}
  try {
    return await sources.translations.texts(language, sources.translationSets)
  } catch (error) {
    if (toAppError(error).code === 'ERROR_DATA_CONNECTION') throw error
    sources.logger.warn({ err: error, language }, 'translation texts unavailable')
    return {}
  }
}

/** The visitor's currency: the locale choice's when the site sells in it, else the site's first. */
export function currencyOf(locale: LocaleChoice | null, site: SiteData): string | null {
  const chosen = locale?.currency
  if (chosen && site.currencies.some((currency) => currency.id === chosen)) return chosen
  return site.currencies[0]?.id ?? null
}

/** What pageData works out once per route component (until a page data provider is added). */
interface ComponentFacts {
  providers: readonly PageDataProvider[]
  /** The query parameters its pages may be kept with: its providers' and the theme's for it. */
  declared: ReadonlySet<string>
}

/**
 * True when nothing in the request itself keeps the page out of the page cache: a route matched
 * (an address no route knows is a 404 made up at will), the path is written one way, every query
 * parameter is declared for the route's component (once, with a value, written one way), and a
 * locale choice names a language and currency of the site (the cookie is the sender's to write).
 */
function keepableRequest(
  path: string,
  querystring: string,
  page: Pick<PageState, 'locale'>,
  matched: MatchedRoute | null,
  site: SiteData,
  declared: ReadonlySet<string>,
): boolean {
  if (!matched || !plainPath(path) || !declaresQuery(querystring, declared)) return false
  const { locale } = page
  if (!locale) return true
  return (
    site.languages.includes(locale.language) &&
    (site.currencies.length === 0 ||
      site.currencies.some((currency) => currency.id === locale.currency))
  )
}

/**
 * What the page shows this visitor, handed to the browser with it: the page's language (the locale
 * choice's, else the site's first), its record read as the visitor (one they may not view shows
 * as none), the extras the route's page data providers load from that record, the texts of that
 * language, and the menu items their rights let them view. A client navigation's data request
 * needs only the record and extras, in the language it names when it is one of the site's.
 *
 * A route naming a record this visitor cannot read (none, binned, unpublished, not theirs to
 * view) is the theme's 'Page not Found', unless a provider of its component answers for it; the
 * menus leave out their links to such a page.
 *
 * A page is not kept in the page cache when keepableRequest says no, when a provider failed (the
 * next visitor gets a fresh try) or said the page does not exist, or when its route has parameters
 * (`/item/:id`) and neither a record nor a provider vouched for them: made-up addresses must not
 * fill the cache.
 */
export function pageData(sources: PageDataSources): Middleware<StorefrontState> {
  const themeKeys = sources.themeQueryKeys ?? {}
  // Per route component, worked out on its first page; made again when a provider is added
  // (the registry then answers another components array).
  let generation: readonly string[] | undefined
  const facts = new Map<string, ComponentFacts>()
  const factsOf = (component: string, components: readonly string[]): ComponentFacts => {
    if (components !== generation) {
      generation = components
      facts.clear()
    }
    let known = facts.get(component)
    if (!known) {
      const providers = sources.providers.providersOf(component)
      const theme = Object.hasOwn(themeKeys, component) ? (themeKeys[component] ?? []) : []
      known = {
        providers,
        declared: new Set([...theme, ...providers.flatMap((provider) => provider.queryKeys ?? [])]),
      }
      facts.set(component, known)
    }
    return known
  }
  const NONE: ComponentFacts = { providers: [], declared: new Set() }

  return async (ctx, next) => {
    const page = ctx.state.storefront
    const { routes, site, menus } = required(page.site, 'the site-wide data')
    const matched = required(page.matched, 'the route')
    const key = matched ? recordKeyOf(matched) : null
    const entity = await ctx.state.entity()
    const asked = page.dataRequest?.language
    // A preview of a language variant (`about-fr` on the page of `about`) is read in its language.
    const previewed =
      key && page.preview?.key?.type === key.type
        ? variantLanguage(page.preview.key.id, key.id, site.languages)
        : undefined
    const language =
      previewed ??
      (asked && site.languages.includes(asked) ? asked : undefined) ??
      page.locale?.language ??
      site.languages[0] ??
      'en'
    const components = sources.providers.components()
    const { providers, declared } = matched ? factsOf(matched.route.component, components) : NONE
    if (page.keep && !keepableRequest(ctx.path, ctx.querystring, page, matched, site, declared))
      page.keep = undefined

    const loadRecordAndExtras = async () => {
      const record = key
        ? await sources.source.record(entity, key.type, key.id, language, page.preview)
        : null
      const extras =
        matched && providers.length > 0
          ? await loadPageExtras(
              providers,
              {
                entity,
                route: {
                  id: matched.route.id,
                  url: matched.route.url,
                  component: matched.route.component,
                },
                params: matched.params,
                props: matched.props,
                record,
                ...(page.preview?.drafted ? { preview: true as const } : {}),
                language,
                locale: page.locale,
                currency: currencyOf(page.locale, site),
                href: page.href,
                query: new URLSearchParams(ctx.querystring),
              },
              sources.logger,
            )
          : { notFound: false, complete: true }
      // A route that names its record shows that record: gone (binned, deleted, unpublished) or
      // hidden from this visitor, the page does not exist, unless a provider vouches for it.
      const missing = key !== null && record === null && providers.length === 0
      return missing ? { record, notFound: true, complete: true } : { record, ...extras }
    }
    const loaded = loadRecordAndExtras()
    // A link to a page whose record this visitor cannot read (unpublished, binned) would lead to
    // 'Page not Found'; a provider of the route's component answers for it, as for the page. The
    // link to this page itself is known from its own read.
    const linkShows = async (href: string) => {
      const named = recordAt(routes, href)
      if (!named || factsOf(named.route.component, components).providers.length > 0) return true
      if (key && named.type === key.type && named.id === key.id) return !(await loaded).notFound
      return sources.source.shows(entity, named.type, named.id)
    }
    // A data request's answer holds the record and extras only: its texts and menus are the page's.
    const [shown, texts, visible, admin] = await Promise.all([
      loaded,
      page.dataRequest ? {} : textsOrPhrases(sources, language),
      page.dataRequest
        ? {}
        : visibleMenus(
            menus,
            (security) => sources.access.can(entity, security, 'view'),
            linkShows,
          ),
      entity ? sources.access.can(entity, ADMIN_GATE, 'view') : false,
    ])
    if (shown.notFound || !shown.complete) page.keep = undefined
    // A route's parameters are vouched for by the record they name or by its providers (which
    // answer 404 for what does not exist); otherwise `/account/order/1`, `/2`... would each be kept.
    if (
      matched &&
      Object.keys(matched.params).length > 0 &&
      shown.record === null &&
      providers.length === 0
    )
      page.keep = undefined
    // The theme's 'Page not Found' (404) for an address its route knows but the data does not.
    if (shown.notFound) page.matched = null
    const data: PageData = {
      routes,
      site,
      href: page.href,
      record: shown.notFound ? null : shown.record,
      account: entity ? { type: entity.type, id: entity.id, name: entity.name ?? '', admin } : null,
      menus: visible,
      locale: page.locale,
      language,
      texts: compactTexts(texts),
      ...(shown.extra && !shown.notFound ? { extra: shown.extra } : {}),
      ...(shown.notFound ? { notFound: true as const } : {}),
      ...(components.length > 0 ? { extraRoutes: components } : {}),
      ...(page.preview ? { preview: { state: previewState(page.preview) } } : {}),
    }
    page.data = data
    return next()
  }
}

/** What a draft's preview says it shows (PageData.preview). */
function previewState(preview: PagePreview): 'draft' | 'published' | 'expired' {
  return preview.key === null ? 'expired' : preview.drafted ? 'draft' : 'published'
}
