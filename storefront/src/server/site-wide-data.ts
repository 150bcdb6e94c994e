import type { Middleware } from 'koa'
import type { PageCache } from './page-cache.js'
import type { StorefrontState } from './page-state.js'
import type { SiteSource } from './site-source.js'

/**
 * The route table, the site settings and the menus every page shows a part of, read together
 * (each from the kernel cache, else its records). A read that fails throws: a database that does
 * not answer is an outage (dataFailures), never an empty site whose every address is not found.
 */
export function siteWideData(
  source: Pick<SiteSource, 'routes' | 'site' | 'menus'>,
  pages: Pick<PageCache, 'watch'>,
): Middleware<StorefrontState> {
  return async (ctx, next) => {
    const [routes, site, menus] = await Promise.all([
      source.routes(),
      source.site(),
      source.menus(),
    ])
    // The cached pages must be dropped when a record type a route shows changes.
    pages.watch(routes)
    ctx.state.storefront.site = { routes, site, menus }
    return next()
  }
}
