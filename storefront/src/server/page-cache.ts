import type { CacheService, EventBus } from '@shopwright/core'
import type { WebsiteRoute } from '../shared/route-match.js'

/** The cache type of rendered pages. */
export const PAGE_CACHE = 'storefrontpage'

/** Record types every page shows a part of: the shell's settings and the route table. */
const SITE_WIDE = [
  'route',
  'configuration',
  'location',
  'currency',
  'listtype',
  'country',
  'menu',
  'security',
]

/** A rendered page as it is cached. */
export interface CachedPage {
  status: number
  html: string
  /** The page compressed with Brotli, base64 (cached values are JSON): sent to browsers that take it. */
  br?: string
}

/**
 * Rendered pages for anonymous visitors, per address, language and currency (the only inputs of
 * such a page besides records). A page is dropped, on every node, when a record of a type pages
 * show changes: the site-wide types, and every type a route shows (a route's record type or page
 * type). The route table is the same on every node, so each node's writes drop what any node
 * cached; signed-in visitors are never served from it (their header differs).
 */
export class PageCache {
  private shownTypes = new Set<string>(SITE_WIDE)
  /** Counts clears seen here: a page rendered before a clear must not be stored after it. */
  private clears = 0

  constructor(
    private readonly cache: CacheService,
    events: EventBus,
  ) {
    events.on<{ type: string }>('records.changed', async ({ type }) => {
      if (!this.shownTypes.has(type)) return
      this.clears++
      await this.cache.clear(PAGE_CACHE)
    })
    cache.onClear((type) => {
      if (type === undefined || type === PAGE_CACHE) this.clears++
    })
  }

  /** A mark to give `set`: taken before rendering a page. */
  mark(): number {
    return this.clears
  }

  /** Learns which record types the routes show. */
  watch(routes: readonly WebsiteRoute[]): void {
    const types = new Set(SITE_WIDE)
    for (const route of routes) {
      if (route.recordtype) types.add(route.recordtype)
      if (route.props.pagetype) types.add(route.props.pagetype)
    }
    this.shownTypes = types
  }

  key(href: string, language: string, currency: string): string {
    return `${language}|${currency}|${href}`
  }

  get(key: string): Promise<CachedPage | undefined> {
    return this.cache.get<CachedPage>(PAGE_CACHE, key)
  }

  /** Stores a page rendered since `mark`, unless the cache was cleared meanwhile (it may be stale). */
  async set(key: string, page: CachedPage, mark: number): Promise<void> {
    if (mark !== this.clears) return
    await this.cache.set(PAGE_CACHE, key, page, 'short')
  }
}
