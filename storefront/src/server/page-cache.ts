import { type CacheService, type EventBus, type RouteContext } from '@shopwright/core'
// For the optional `translationSource` service's type only: nothing of the plugin is loaded.
import type {} from '@shopwright/plugin-translations'
import {
  STOREFRONT_PAGE_CACHE,
  STOREFRONT_SITE_CACHE,
  type StorefrontService,
} from './storefront-registry.js'
import type { LocaleChoice } from '@shopwright/client'
import { RECORD_CHANGED } from '@shopwright/plugin-records'
import { SITE_WIDE_TYPES } from './site-source.js'
import type { WebsiteRoute } from '../shared/route-match.js'

/** The record type of the translation sets, whose texts every page shows. */
const TRANSLATION_TYPE = 'translation'

/** A rendered page as it is cached. */
export interface CachedPage {
  status: number
  html: string
  /** The page compressed with Brotli, base64 (cached values are JSON): sent to browsers that take it. */
  br?: string
}

/**
 * Rendered pages for anonymous visitors, under STOREFRONT_PAGE_CACHE (so a plugin's
 * `storefront.invalidatePages()` clears them), per address, country, language and currency (the
 * only inputs of such a page besides records). A change of a site-wide record type drops the pages and
 * the site data (routes, menus, settings) together, on every node; so does a change of a type a
 * route shows (its record type or page type), or of a type a page data provider reads
 * (`recordTypes`). The route table is the same on every node, so each node's writes drop what any
 * node cached. Signed-in visitors are never served from it (their header differs).
 */
export class PageCache {
  private shownTypes = new Set<string>(SITE_WIDE_TYPES)

  constructor(
    private readonly cache: CacheService,
    events: EventBus,
    textsCache?: string,
    /** The page data providers' record types (the `storefront` service), read at each change. */
    providers?: Pick<StorefrontService, 'recordTypes'>,
  ) {
    events.on<{ type: string; id: string }>(RECORD_CHANGED, async ({ type, id }) => {
      // A record a route names by itself: its page (and the sitemap, which lists it only while
      // visitors can read it) follow it, published, unpublished or binned.
      if (this.namedRecords.has(`${type}|${id}`)) await this.cache.clear(STOREFRONT_SITE_CACHE)
      if (!this.shownTypes.has(type) && !providers?.recordTypes().has(type)) return
      // The texts first (the translations plugin clears them too, but on its own time): a page
      // rendered between the two clears would otherwise be kept with the old texts. Clears reach
      // other nodes in the order they are sent.
      if (type === TRANSLATION_TYPE && textsCache) await this.cache.clear(textsCache)
      await this.cache.clear(STOREFRONT_PAGE_CACHE)
      if (SITE_WIDE_TYPES.includes(type)) await this.cache.clear(STOREFRONT_SITE_CACHE)
    })
  }

  /** Learns which record types the routes show (the same array is seen again and again: skipped). */
  watch(routes: readonly WebsiteRoute[]): void {
    if (routes === this.watched) return
    this.watched = routes
    const types = new Set(SITE_WIDE_TYPES)
    const named = new Set<string>()
    for (const route of routes) {
      if (route.recordtype) types.add(route.recordtype)
      if (route.props.pagetype) types.add(route.props.pagetype)
      const type = route.recordtype ?? route.props.pagetype
      const id = route.recordid ?? route.props.pageid
      if (type && id) named.add(`${type}|${id}`)
    }
    this.shownTypes = types
    this.namedRecords = named
  }

  /** `type|id` of the records routes name by themselves (`recordid`, `pageid`). */
  private namedRecords = new Set<string>()

  private watched: readonly WebsiteRoute[] | undefined

  /** A mark to give `set`: taken before rendering a page. */
  mark(): number {
    return this.cache.mark(STOREFRONT_PAGE_CACHE)
  }

  key(href: string, locale: LocaleChoice | null): string {
    return [locale?.country ?? '', locale?.language ?? '', locale?.currency ?? '', href].join('|')
  }

  get(key: string): Promise<CachedPage | undefined> {
    return this.cache.get<CachedPage>(STOREFRONT_PAGE_CACHE, key)
  }

  /** Stores a page rendered since `mark`, unless the pages were cleared meanwhile (it may be stale). */
  async set(key: string, page: CachedPage, mark: number): Promise<void> {
    await this.cache.set(STOREFRONT_PAGE_CACHE, key, page, 'short', mark)
  }
}

/**
 * The cache of anonymous visitors' pages. Its listener drops this node's and the shared cache's
 * pages when a record they show changes here (records' changes are local events), so it is made
 * when the pages are mounted, even on a node that never renders one.
 */
export function storefrontPageCache({
  services,
  optional,
}: Pick<RouteContext, 'services' | 'optional'>): PageCache {
  const translations = optional('translationSource')
  return new PageCache(
    services.cache,
    services.events,
    translations?.cacheType,
    services.storefront,
  )
}
