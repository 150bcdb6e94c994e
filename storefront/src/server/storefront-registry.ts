import { KernelError, type CacheService, type Entity, type RecordData } from '@shopwright/core'
import type { LocaleChoice } from '@shopwright/client'
import type { ThemeServerModule } from './storefront-pages.js'

/**
 * The cache type of the storefront's rendered pages (anonymous visitors'): a plugin drops them
 * through `storefront.invalidatePages()`.
 */
export const STOREFRONT_PAGE_CACHE = 'storefrontpage'

/** The cache type of the storefront's route table, menus, site settings and sitemap. */
export const STOREFRONT_SITE_CACHE = 'storefront'

/**
 * The sitemaps protocol's limit of one sitemap file (sitemaps.org): the storefront's
 * `/sitemap.xml` lists at most this many addresses, the routes' first, and logs what it left out.
 */
export const SITEMAP_URL_LIMIT = 50_000

/** The query of a page's address, to read (a URLSearchParams is one). */
export interface PageQuery {
  get(name: string): string | null
  getAll(name: string): string[]
  has(name: string): boolean
}

/** The website route a page matched (its `route` record's fields a provider may need). */
export interface PageRoute {
  id: string
  /** The route's address pattern (`/category/:id`). */
  url: string
  /** The theme component it shows (`CategoryView`): what providers are registered for. */
  component: string
}

/**
 * What a page data provider is given: the page as the storefront resolved it, for this visitor.
 * An anonymous visitor's page is kept in the page cache and served to every anonymous visitor with
 * the same address, country, language and currency, so a provider reads nothing else of the
 * request (no cookie, no header).
 */
export interface PageDataInput {
  /** The signed-in visitor, or null. Read as them, as the page's record is. */
  entity: Entity | null
  route: PageRoute
  /** The address's `:name` and `+name` parts. */
  params: Readonly<Record<string, string>>
  /** The route's props with the query merged in. */
  props: Readonly<Record<string, string>>
  /** The record the page shows, read as the visitor (null: none, or one they may not view). */
  record: RecordData | null
  /**
   * True on a draft's preview that shows the draft (docs/history.md, "Live preview"): `record`
   * holds the draft's fields, so a provider that reads the record itself shows `record` instead.
   */
  preview?: true
  /** The language the page is written in: the locale choice's, else the site's first. */
  language: string
  /** The visitor's locale choice (its cookie), or null before they made one. */
  locale: LocaleChoice | null
  /**
   * The visitor's currency id: the locale choice's when the site sells in it, else the site's
   * first currency; null for a site without currencies.
   */
  currency: string | null
  /** The address shown: path and query. */
  href: string
  /** The address's query. Only the parameters named in `queryKeys` may change the answer. */
  query: PageQuery
}

/**
 * Server data of a page beyond its record (a category's first page of items with the visitor's
 * prices), loaded before the page renders, so it is in the server's HTML and in the page data the
 * browser hydrates with (`PageData.extra[id]`; a theme reads it with `usePageExtra(id)`).
 */
export interface PageDataProvider<T = unknown> {
  /** Its key in the page's extras: 1-64 of `A-Za-z0-9._-`, starting with a letter or digit. */
  readonly id: string
  /** The route components (`CategoryView`) whose pages it loads for. */
  readonly routes: readonly string[]
  /**
   * The query parameters its answer depends on (`page`, `display`). An anonymous page is kept in
   * the page cache only when every parameter of its address is declared by one of its route's
   * providers (or the theme): `?page=2` gets its own copy, `?utm_source=x` is rendered afresh.
   * Answer unknown values (a page past the last) with a 404 catalogue error: such pages are never
   * kept, so made-up addresses cannot fill the cache.
   */
  readonly queryKeys?: readonly string[]
  /**
   * The record types its answer is read from (`item`): a change of one through the record calls
   * drops the cached pages on every node, as a change of a type a route shows does.
   */
  readonly recordTypes?: readonly string[]
  /**
   * The page's data. Throwing a catalogue error with status 404 makes the page the theme's 'Page
   * not Found' with 404; a database that does not answer (ERROR_DATA_CONNECTION) makes it the
   * storefront's 503 page; any other failure is logged and the page renders without this extra
   * (and is not kept in the page cache). The answer must be JSON: it is sent with the page.
   */
  load(input: PageDataInput): Promise<T>
}

/** One address of the sitemap. */
export interface SitemapUrl {
  /** The site-local address: path and optional query (`/item/42`). */
  path: string
  /** When the page last changed, a W3C date (`2025-01-31` or `2025-01-31T10:00:00Z`). */
  lastmod?: string
}

/** Addresses a plugin adds to the storefront's `/sitemap.xml` (items, categories). */
export interface SitemapSource {
  /** Names it in the log: 1-64 of `A-Za-z0-9._-`, starting with a letter or digit. */
  readonly id: string
  /**
   * The addresses, at most SITEMAP_URL_LIMIT in all sources together (the rest is left out and
   * logged). Read as anyone: list only pages an anonymous visitor may see.
   */
  urls(): Promise<readonly SitemapUrl[]>
}

/**
 * The `storefront` service: what plugins add to the storefront's pages in their bootstrap
 * (docs/plugins.md, "Storefront page data and sitemap"), and what the storefront engine reads of
 * it. The engine calls the providers, so it names no plugin.
 */
export interface StorefrontService {
  /** The theme the storefront renders, loaded once on first use (its server module). */
  theme(): Promise<ThemeServerModule>
  /**
   * Adds a storefront feature this plugin provides, by name (`cart`): a theme shows the parts of
   * its shell that belong to one (the header's cart icon) only when a plugin adds it
   * (docs/themes.md). A name that is not 1-64 of `a-z0-9-` stops the boot (SW_PLUGIN_INVALID).
   */
  addModule(name: string): void
  /** The features added, each once, in the order they were added. */
  modules(): readonly string[]
  /** Adds a provider of pages' server data. Refuses an id already added (SW_PLUGIN_INVALID). */
  addPageData<T>(provider: PageDataProvider<T>): void
  /** Adds addresses to the sitemap. Refuses an id already added (SW_PLUGIN_INVALID). */
  addSitemap(source: SitemapSource): void
  /**
   * Drops every node's cached storefront pages: for a plugin whose page data changed outside the
   * record calls (stock crossing zero, a price list). Never throws, like every cache call.
   */
  invalidatePages(): Promise<void>
  /** The providers of a route component, in the order they were added. */
  providersOf(component: string): readonly PageDataProvider[]
  /**
   * The route components some provider loads for. The same array until a provider is added, so a
   * reader may keep what it worked out from it for as long as it gets the same array back.
   */
  components(): readonly string[]
  /** The record types some provider reads (`recordTypes`). */
  recordTypes(): ReadonlySet<string>
  /** The sitemap sources, in the order they were added. */
  sitemapSources(): readonly SitemapSource[]
}

const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/

function invalid(message: string): KernelError {
  return new KernelError('SW_PLUGIN_INVALID', message)
}

function strings(value: unknown): value is readonly string[] {
  return Array.isArray(value) && value.every((each) => typeof each === 'string' && each !== '')
}

const MODULE = /^[a-z][a-z0-9-]{0,63}$/

/** The `storefront` service: a registry, filled by plugins in their bootstrap. */
export class StorefrontRegistry implements StorefrontService {
  private readonly moduleNames = new Set<string>()
  private readonly providers = new Map<string, PageDataProvider>()
  private readonly byComponent = new Map<string, PageDataProvider[]>()
  private readonly types = new Set<string>()
  private readonly sources = new Map<string, SitemapSource>()
  /** components(), made again only when a provider is added. */
  private componentList: readonly string[] = Object.freeze([])

  private loaded: Promise<ThemeServerModule> | undefined

  constructor(
    private readonly cache: Pick<CacheService, 'clear'>,
    private readonly loadTheme: () => Promise<ThemeServerModule> = () =>
      Promise.reject(new Error('this storefront has no theme')),
  ) {}

  theme(): Promise<ThemeServerModule> {
    // Kept even when it failed: the boot that asked first fails, and so does every later ask.
    this.loaded ??= this.loadTheme()
    return this.loaded
  }

  addModule(name: string): void {
    if (typeof name !== 'string' || !MODULE.test(name))
      throw invalid(`storefront module "${String(name)}" must be 1-64 of a-z0-9-`)
    this.moduleNames.add(name)
  }

  modules(): readonly string[] {
    return [...this.moduleNames]
  }

  addPageData<T>(provider: PageDataProvider<T>): void {
    const { id } = provider
    if (typeof id !== 'string' || !ID.test(id))
      throw invalid(`storefront page data provider id "${String(id)}" must be 1-64 of A-Za-z0-9._-`)
    if (this.providers.has(id))
      throw invalid(`storefront page data provider "${id}" is added twice`)
    if (!strings(provider.routes) || provider.routes.length === 0)
      throw invalid(`storefront page data provider "${id}" names no route component`)
    if (provider.queryKeys !== undefined && !strings(provider.queryKeys))
      throw invalid(`storefront page data provider "${id}": queryKeys must be names`)
    if (provider.recordTypes !== undefined && !strings(provider.recordTypes))
      throw invalid(`storefront page data provider "${id}": recordTypes must be names`)
    if (typeof provider.load !== 'function')
      throw invalid(`storefront page data provider "${id}" has no load()`)
    const added = provider as PageDataProvider
    this.providers.set(id, added)
    for (const component of new Set(provider.routes))
      this.byComponent.set(component, [...(this.byComponent.get(component) ?? []), added])
    for (const type of provider.recordTypes ?? []) this.types.add(type)
    this.componentList = Object.freeze([...this.byComponent.keys()])
  }

  addSitemap(source: SitemapSource): void {
    const { id } = source
    if (typeof id !== 'string' || !ID.test(id))
      throw invalid(`sitemap source id "${String(id)}" must be 1-64 of A-Za-z0-9._-`)
    if (this.sources.has(id)) throw invalid(`sitemap source "${id}" is added twice`)
    if (typeof source.urls !== 'function') throw invalid(`sitemap source "${id}" has no urls()`)
    this.sources.set(id, source)
  }

  invalidatePages(): Promise<void> {
    return this.cache.clear(STOREFRONT_PAGE_CACHE)
  }

  providersOf(component: string): readonly PageDataProvider[] {
    return this.byComponent.get(component) ?? []
  }

  components(): readonly string[] {
    return this.componentList
  }

  recordTypes(): ReadonlySet<string> {
    return this.types
  }

  sitemapSources(): readonly SitemapSource[] {
    return [...this.sources.values()]
  }
}
