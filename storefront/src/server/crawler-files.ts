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
 * on. Both name absolute addresses, which start with SITE_URL. Without it they start with the
 * request's own origin, which its sender writes (the Host header): fine for one site behind its
 * own name, but a proxy or CDN that keys its cache on something else than the host could keep an
 * answer naming someone else's host, so a production site should set SITE_URL (a warning says so
 * once). The server never caches anything made from a request's origin: the sitemap's addresses
 * are kept without it, and only the last document written is kept in memory.
 */
export function crawlerFiles(options: {
  sitemap: Pick<Sitemap, 'document'>
  /** SITE_URL, without its trailing slash. */
  siteUrl: string | undefined
  /** Warn when SITE_URL is missing (production). */
  production: boolean
  logger: Pick<Logger, 'warn'>
}): Middleware<StorefrontState> {
  let warned = false
  // As browsers write it (an international name in punycode): the files then hold ASCII only.
  const siteUrl = options.siteUrl ? new URL(options.siteUrl).origin : undefined
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next()
    if (ctx.path !== '/robots.txt' && ctx.path !== '/sitemap.xml') return next()
    const origin = siteUrl ?? requestOrigin(ctx)
    if (!origin) {
      ctx.status = 400
      ctx.type = 'text/plain; charset=utf-8'
      ctx.body = 'The request names no valid host.\n'
      return
    }
    if (!siteUrl && options.production && !warned) {
      warned = true
      options.logger.warn(
        { origin },
        "SITE_URL is not set: robots.txt and sitemap.xml name the request's own host; set SITE_URL to the site's public address",
      )
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
