import type { Context, Middleware } from 'koa'
import type { Logger } from '@shopwright/core'
import type { StorefrontState } from './page-state.js'
import { robotsTxt, type Sitemap } from './sitemap.js'

/** How long browsers and proxies may keep robots.txt and sitemap.xml: an hour, as the server does. */
const MAX_AGE = 'public, max-age=3600'

/**
 * The origin the request was sent to (`https://shop.example.com`), as Koa reads it: the Host
 * header, or X-Forwarded-Host and -Proto behind a trusted proxy (TRUST_PROXY). Null when it is
 * not a valid origin.
 */
function requestOrigin(ctx: Pick<Context, 'protocol' | 'host'>): string | null {
  if (!ctx.host) return null
  try {
    const { origin } = new URL(`${ctx.protocol}://${ctx.host}`)
    return origin === 'null' ? null : origin
  } catch {
    return null
  }
}

/**
 * `GET /robots.txt` and `GET /sitemap.xml` (HEAD too), before any page: everything else passes
 * on. The sitemap names absolute addresses, and robots.txt where the sitemap is: both start with
 * SITE_URL. Without it:
 *
 * - in production, sitemap.xml answers 404 and robots.txt names no sitemap (a warning says so
 *   once). The request's own origin is its sender's to write (the Host header): a proxy or CDN
 *   that keys its cache on something else than the host could keep an answer naming someone
 *   else's host, and every new Host value would cost a whole sitemap written and gzipped;
 * - elsewhere (development, tests), they start with the request's own origin, and the sitemap
 *   keeps the documents of a few origins (Sitemap.document).
 */
export function crawlerFiles(options: {
  sitemap: Pick<Sitemap, 'document'>
  /** SITE_URL, without its trailing slash. */
  siteUrl: string | undefined
  /** Production: without SITE_URL, no sitemap (and a warning). */
  production: boolean
  logger: Pick<Logger, 'warn'>
}): Middleware<StorefrontState> {
  let warned = false
  // As browsers write it (an international name in punycode): the files then hold ASCII only.
  const siteUrl = options.siteUrl ? new URL(options.siteUrl).origin : undefined
  const withoutSitemap = !siteUrl && options.production
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next()
    if (ctx.path !== '/robots.txt' && ctx.path !== '/sitemap.xml') return next()
    if (withoutSitemap) {
      if (!warned) {
        warned = true
        options.logger.warn(
          {},
          "SITE_URL is not set: /sitemap.xml answers 404 and /robots.txt names no sitemap; set SITE_URL to the site's public address",
        )
      }
      if (ctx.path === '/sitemap.xml') {
        ctx.status = 404
        ctx.type = 'text/plain; charset=utf-8'
        ctx.body = 'No sitemap: the site has no SITE_URL.\n'
        return
      }
      ctx.set('Cache-Control', MAX_AGE)
      ctx.type = 'text/plain; charset=utf-8'
      ctx.body = robotsTxt(null)
      return
    }
    const origin = siteUrl ?? requestOrigin(ctx)
    if (!origin) {
      ctx.status = 400
      ctx.type = 'text/plain; charset=utf-8'
      ctx.body = 'The request names no valid host.\n'
      return
    }
    ctx.set('Cache-Control', MAX_AGE)
    if (ctx.path === '/robots.txt') {
      ctx.type = 'text/plain; charset=utf-8'
      ctx.body = robotsTxt(origin)
      return
    }
    const document = await options.sitemap.document(origin)
    ctx.type = 'application/xml; charset=utf-8'
    ctx.vary('Accept-Encoding')
    if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
      ctx.set('Content-Encoding', 'gzip')
      ctx.body = await document.gzip()
    } else {
      ctx.body = document.xml
    }
  }
}
