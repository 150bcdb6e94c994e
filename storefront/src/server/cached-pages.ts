import type { Middleware } from 'koa'
import { compressPage } from './compressed-files.js'
import type { PageCache } from './page-cache.js'
import type { StorefrontState } from './page-state.js'

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
    // A navigation's data request is JSON, answered afresh (the page cache holds pages).
    if (!page.anonymous || page.dataRequest) return next()
    const key = pages.key(page.href, page.locale)
    const cached = await pages.get(key)
    if (cached) {
      ctx.status = cached.status
      ctx.type = 'html'
      ctx.set('Cache-Control', 'no-cache')
      ctx.vary('Accept-Encoding')
      if (cached.br && ctx.acceptsEncodings('br')) {
        ctx.set('Content-Encoding', 'br')
        ctx.body = Buffer.from(cached.br, 'base64')
      } else {
        ctx.body = cached.html
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
