import type { Context, Middleware } from 'koa'
import { compressPage } from './compressed-files.js'
import type { CachedPage, PageCache } from './page-cache.js'
import type { StorefrontState } from './page-state.js'

/** A cached page's bytes as they go on the wire, each made on this node's first hit that sends it. */
interface PageBytes {
  html?: Buffer
  br?: Buffer
}

/**
 * The bytes of each cached page, by the cached value itself: the cache's first level hands back
 * the same object on every hit, so each page is encoded once per node, not once per request (a
 * string body costs Koa and Node two length counts and a UTF-8 encoding, Brotli's base64 a
 * decoding). A value the cache drops (cleared, expired, evicted) takes its bytes with it. The price
 * is one more copy of each page while it is cached on this node, of the encoding asked for (browsers
 * take Brotli: its copy is a fraction of the page).
 */
const pageBytes = new WeakMap<CachedPage, PageBytes>()

function bytesOf(page: CachedPage): PageBytes {
  let bytes = pageBytes.get(page)
  if (!bytes) {
    bytes = {}
    pageBytes.set(page, bytes)
  }
  return bytes
}

const HTML_TYPE = 'text/html; charset=utf-8'

/** Distinct Accept-Encoding values remembered; browsers send a handful. */
const MAX_ENCODING_HEADERS = 64
const brotliByHeader = new Map<string, boolean>()

/** Whether the request takes Brotli, as Koa negotiates it, remembered per Accept-Encoding value. */
function takesBrotli(ctx: Context): boolean {
  const header = ctx.req.headers['accept-encoding']
  if (!header) return false
  let takes = brotliByHeader.get(header)
  if (takes === undefined) {
    takes = ctx.acceptsEncodings('br') === 'br'
    if (brotliByHeader.size >= MAX_ENCODING_HEADERS) brotliByHeader.clear()
    brotliByHeader.set(header, takes)
  }
  return takes
}

/**
 * Anonymous pages from the page cache: they are the same for everyone with the same address and
 * locale. A page not cached is rendered by the middlewares after this one and kept once it has
 * streamed whole (with its Brotli copy); signed-in visitors' pages never are (their header differs).
 * Only the renderer hands a page over, so an error answer is never kept; pageData takes `keep`
 * away from a page whose query its route does not declare, or whose extras failed.
 */
export function cachedPages(pages: PageCache): Middleware<StorefrontState> {
  return async (ctx, next) => {
    const page = ctx.state.storefront
    // A navigation's data request is JSON, answered afresh (the page cache holds pages); a draft's
    // preview is nobody's to keep.
    if (!page.anonymous || page.dataRequest || page.preview) return next()
    const key = pages.key(page.href, page.locale)
    const cached = await pages.get(key)
    if (cached) {
      ctx.status = cached.status
      // What `ctx.type = 'html'` sets, without a MIME lookup per request.
      ctx.set('Content-Type', HTML_TYPE)
      ctx.set('Cache-Control', 'no-cache')
      ctx.vary('Accept-Encoding')
      const bytes = bytesOf(cached)
      if (cached.br && takesBrotli(ctx)) {
        ctx.set('Content-Encoding', 'br')
        ctx.body = bytes.br ??= Buffer.from(cached.br, 'base64')
      } else {
        ctx.body = bytes.html ??= Buffer.from(cached.html)
      }
      return
    }
    // Taken before the page's data is read: a clear meanwhile means the page may be stale, and
    // the cache then refuses it.
    const mark = pages.mark()
    page.keep = ({ status, html }) => {
      // One write, with the Brotli copy made here: a page is small, so a middle quality costs
      // well under a millisecond.
      const br = compressPage(html)
      void pages.set(key, { status, html, br }, mark).catch(() => undefined)
    }
    return next()
  }
}
