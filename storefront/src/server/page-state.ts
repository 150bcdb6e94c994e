import type { QueryState, RecordData } from '@shopwright/core'
import type { LocaleChoice } from '@shopwright/client'
import type { MenuItem, PageData, SiteData } from '../shared/page.js'
import type { MatchedRoute, WebsiteRoute } from '../shared/route-match.js'

/** The route table, the site settings and the menus: what every page shows a part of. */
export interface SiteWide {
  routes: WebsiteRoute[]
  site: SiteData
  menus: Record<string, MenuItem[]>
}

/** A page as it is streamed, for whoever keeps a copy (the page cache). */
export interface RenderedPage {
  status: number
  html: string
}

/**
 * One page request as the storefront's middlewares build it up, each adding its part in order:
 * pageRequests the request's own inputs, siteWideData `site`, resolveRoute `matched`, pageData
 * `data`; cachedPages sets `keep` for the renderer.
 */
export interface PageState {
  /** The address shown: path and query. */
  readonly href: string
  /** The visitor's locale choice (its cookie), or null. */
  readonly locale: LocaleChoice | null
  /** No session cookie: the page is the same for everyone with this address and locale. */
  readonly anonymous: boolean
  /**
   * A client navigation asking for the page's data (PAGE_DATA_HEADER) rather than the page: it
   * is answered as JSON (pageDataAnswer), in this language, and never from or into the page cache.
   */
  readonly dataRequest?: { language: string | null }
  /** A draft's preview (draftPreviews): never from or into the page cache. */
  preview?: PagePreview
  site?: SiteWide
  /** The route the address shows; null: none (or one the theme cannot show), a 404. */
  matched?: MatchedRoute | null
  data?: PageData
  /**
   * Given the whole page once it has streamed; set only for pages worth keeping (cachedPages),
   * and taken away again by pageData for a page that must not be kept.
   */
  keep?: (page: RenderedPage) => void
}

/** A draft's preview as the page reads it. */
export interface PagePreview {
  /** The record the token shows; null when the token is not (or no longer) good. */
  key: { type: string; id: string } | null
  /** The record as the preview shows it, from the live one as the visitor reads it (or null). */
  read(live: RecordData | null): Promise<RecordData | null>
  /** Set by read: whether the page shows a draft's fields. */
  drafted?: boolean
}

/** The request state the storefront's page middlewares read: the kernel's, and the page's own. */
export interface StorefrontState extends Pick<QueryState, 'requestId' | 'entity'> {
  storefront: PageState
}

/**
 * A part of the page state an earlier middleware sets. Missing means the middlewares were composed
 * in the wrong order: a programming error, so it fails loudly instead of rendering a wrong page.
 */
export function required<T>(value: T | undefined, what: string): T {
  if (value === undefined)
    throw new Error(`storefront: ${what} is read before the middleware that sets it ran`)
  return value
}
