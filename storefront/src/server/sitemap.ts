import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import { toAppError, type CacheService, type Logger } from '@shopwright/core'
import {
  SITEMAP_URL_LIMIT,
  STOREFRONT_SITE_CACHE,
  type StorefrontService,
} from './storefront-registry.js'
import { recordNamed, type WebsiteRoute } from '../shared/route-match.js'

const gzipAsync = promisify(gzip)

/**
 * What robots.txt keeps crawlers out of, as prefixes (robots rules match the start of a path):
 * the API, and the visitor's own pages (account, cart, checkout, sign-in, password reset, blocking
 * a device). The sitemap leaves out addresses below them too.
 */
export const ROBOTS_DISALLOWED: readonly string[] = [
  '/query/',
  '/account',
  '/cart',
  '/checkout',
  '/login',
  '/reset',
  '/block',
]

/** The sitemaps protocol's other limit of one file: 50 MB uncompressed. */
export const SITEMAP_BYTE_LIMIT = 50 * 1024 * 1024

/**
 * The origins whose sitemap documents are kept at once. With SITE_URL there is one; without it (in
 * development) each Host a request names has its own, and a few cover localhost and a LAN name
 * while bounding what made-up Host values can take.
 */
export const SITEMAP_ORIGINS = 4

/** A sitemap URL must be shorter than this (sitemaps.org). */
const URL_LENGTH_LIMIT = 2048

/** The sitemap's addresses are kept under this key of the `storefront` cache type. */
const SITEMAP_KEY = 'sitemap'

/** An origin no address of the site can have: what a local path is resolved against. */
const PROBE = 'http://sitemap.invalid'

/**
 * A path (and query) of characters an address may hold as they are, without dot segments: kept as
 * given. Anything else goes through the URL parser, which costs ten times more (a sitemap of
 * 50,000 items is read in a few tens of milliseconds rather than half a second).
 */
const PLAIN_PATH = /^\/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@%/?]*$/

/** A W3C datetime (sitemaps.org `lastmod`): a date, or a date and time with its zone. */
const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/

/** One address of the sitemap, site-local (the origin is put before it when it is written). */
export interface SitemapEntry {
  path: string
  lastmod?: string
}

/**
 * A site-local address as the sitemap lists it: path and query, percent-encoded, without a
 * fragment; null for anything that is not one (another host, `//host`, `/\host`, too long) or
 * that robots.txt disallows.
 */
export function sitemapPath(path: unknown): string | null {
  if (typeof path !== 'string' || !path.startsWith('/') || path.length >= URL_LENGTH_LIMIT)
    return null
  let local = path
  if (!PLAIN_PATH.test(path) || path.includes('/.')) {
    let url: URL
    try {
      url = new URL(path, PROBE)
    } catch {
      return null
    }
    if (url.origin !== PROBE) return null
    local = url.pathname + url.search
  }
  return ROBOTS_DISALLOWED.some((prefix) => local.startsWith(prefix)) ? null : local
}

/** True for a route whose address has no parameter: one page, which the sitemap lists. */
function withoutParameters(route: WebsiteRoute): boolean {
  return !route.url.split('/').some((part) => part.startsWith(':') || part.startsWith('+'))
}

const XML_SPECIAL = /[&<>"']/g
const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
}

function escapeXml(text: string): string {
  return text.replace(XML_SPECIAL, (special) => XML_ENTITIES[special]!)
}

/** robots.txt: everything but ROBOTS_DISALLOWED, and where the sitemap is (null: none). */
export function robotsTxt(origin: string | null): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_DISALLOWED.map((prefix) => `Disallow: ${prefix}`),
    ...(origin === null ? [] : [`Sitemap: ${origin}/sitemap.xml`]),
    '',
  ].join('\n')
}

/**
 * The sitemap document for an origin, within the protocol's limits: an address that would be
 * 2,048 characters or longer is left out, and the file stops short of 50 MB (said in the log).
 */
export function sitemapXml(
  origin: string,
  entries: readonly SitemapEntry[],
  logger?: Pick<Logger, 'warn'>,
): string {
  const head =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
  const tail = '</urlset>\n'
  const parts = [head]
  const location = escapeXml(origin)
  // Paths and dates are ASCII (sitemapPath percent-encodes, W3C_DATETIME): only the origin may
  // have more bytes than characters.
  const originBytes = Buffer.byteLength(location) - location.length
  let bytes = Buffer.byteLength(head) + Buffer.byteLength(tail)
  for (const [index, entry] of entries.entries()) {
    if (origin.length + entry.path.length >= URL_LENGTH_LIMIT) continue
    const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''
    const line = `<url><loc>${location}${escapeXml(entry.path)}</loc>${lastmod}</url>\n`
    bytes += line.length + originBytes
    if (bytes > SITEMAP_BYTE_LIMIT) {
      logger?.warn(
        { left: entries.length - index, limit: SITEMAP_BYTE_LIMIT },
        'sitemap.xml: 50 MB reached; the remaining addresses are left out',
      )
      break
    }
    parts.push(line)
  }
  parts.push(tail)
  return parts.join('')
}

/** A sitemap document as served: the XML, and its gzip made once on first ask. */
export interface SitemapDocument {
  xml: string
  gzip(): Promise<Buffer>
}

/**
 * The sitemap: the routes without parameters (below no ROBOTS_DISALLOWED prefix), then every
 * address the plugins' sitemap sources give (`storefront.addSitemap`), each once, at most
 * SITEMAP_URL_LIMIT in all; what is left out is said in the log. The addresses are kept in the
 * `storefront` cache an hour, so a change of a route (or any site-wide record) drops them with
 * the route table; after a source failed, 30 s, for a fresh try soon. They are kept without
 * the origin, which the document is written with: the documents of the last SITEMAP_ORIGINS
 * origins are kept (with SITE_URL there is one; without it, in development, the request's own).
 */
export class Sitemap {
  private loading: Promise<SitemapEntry[]> | undefined
  /** Documents by origin, the most recently used last, each for the entries it was written from. */
  private readonly documents = new Map<
    string,
    { entries: SitemapEntry[]; document: SitemapDocument }
  >()

  constructor(
    private readonly from: {
      routes: () => Promise<readonly WebsiteRoute[]>
      sources: Pick<StorefrontService, 'sitemapSources' | 'providersOf'>
      cache: Pick<CacheService, 'get' | 'set' | 'mark'>
      logger: Pick<Logger, 'warn'>
      /**
       * Whether a visitor who is not signed in can read a record: a route naming one they cannot
       * (never published, unpublished, in the bin) is a 404, not a page for crawlers.
       */
      readable?: (type: string, id: string) => Promise<boolean>
    },
  ) {}

  /** Whether a route without parameters is a page: one naming a record needs it readable. */
  private async shows(route: WebsiteRoute): Promise<boolean> {
    const named = recordNamed(route)
    const { readable, sources } = this.from
    // As the page's own answer does (page-data.ts): a provider of its component answers for it.
    if (!named || !readable || sources.providersOf(route.component).length > 0) return true
    return readable(named.type, named.id)
  }

  /** The sitemap's addresses, from the cache or read afresh (one read at a time per node). */
  async entries(): Promise<SitemapEntry[]> {
    const cached = await this.from.cache.get<SitemapEntry[]>(STOREFRONT_SITE_CACHE, SITEMAP_KEY)
    if (cached) return cached
    this.loading ??= this.load().finally(() => (this.loading = undefined))
    return this.loading
  }

  /** The document for an origin, written once per origin while the addresses stay the same. */
  async document(origin: string): Promise<SitemapDocument> {
    const entries = await this.entries()
    const kept = this.documents.get(origin)
    this.documents.delete(origin)
    if (kept && kept.entries === entries) {
      this.documents.set(origin, kept)
      return kept.document
    }
    const xml = sitemapXml(origin, entries, this.from.logger)
    let compressed: Promise<Buffer> | undefined
    const document = { xml, gzip: () => (compressed ??= gzipAsync(xml)) }
    if (this.documents.size >= SITEMAP_ORIGINS)
      this.documents.delete(this.documents.keys().next().value!)
    this.documents.set(origin, { entries, document })
    return document
  }

  private async load(): Promise<SitemapEntry[]> {
    const { cache, logger } = this.from
    // Taken before reading: a clear meanwhile (a route changed) keeps this answer out of the cache.
    const mark = cache.mark(STOREFRONT_SITE_CACHE)
    const sources = this.from.sources.sitemapSources()
    // A route table that cannot be read fails the sitemap (a 503 rather than an empty one), and so
    // does a source that meets an outage.
    const [routes, answers] = await Promise.all([
      this.from.routes().then(async (all) => {
        const table = all.filter(withoutParameters)
        const shown = await Promise.all(table.map((route) => this.shows(route)))
        return table.filter((_, index) => shown[index])
      }),
      Promise.allSettled(sources.map((source) => source.urls())),
    ])
    for (const answer of answers)
      if (
        answer.status === 'rejected' &&
        toAppError(answer.reason).code === 'ERROR_DATA_CONNECTION'
      )
        throw answer.reason

    const entries: SitemapEntry[] = []
    const seen = new Set<string>()
    let left = 0
    const add = (path: unknown, lastmod?: unknown): void => {
      const local = sitemapPath(path)
      if (local === null || seen.has(local)) return
      if (entries.length >= SITEMAP_URL_LIMIT) {
        left += 1
        return
      }
      seen.add(local)
      entries.push(
        typeof lastmod === 'string' && W3C_DATETIME.test(lastmod)
          ? { path: local, lastmod }
          : { path: local },
      )
    }
    const table = routes.map((route) => route.url)
    for (const url of table.sort()) add(url)
    let complete = true
    for (const [index, answer] of answers.entries()) {
      const source = sources[index]!
      if (answer.status === 'rejected') {
        complete = false
        logger.warn(
          { err: answer.reason, source: source.id },
          'sitemap.xml: a sitemap source failed; its addresses are left out',
        )
        continue
      }
      const urls: readonly unknown[] = Array.isArray(answer.value) ? answer.value : []
      for (const url of urls) {
        const { path, lastmod } = (url ?? {}) as { path?: unknown; lastmod?: unknown }
        add(path, lastmod)
      }
    }
    if (left > 0)
      logger.warn(
        { left, limit: SITEMAP_URL_LIMIT },
        'sitemap.xml: more addresses than one sitemap holds; the rest are left out',
      )
    await cache.set(STOREFRONT_SITE_CACHE, SITEMAP_KEY, entries, complete ? 'short' : 'tiny', mark)
    return entries
  }
}
