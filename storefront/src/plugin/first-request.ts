import type { Middleware } from 'koa'

/**
 * A middleware built by its first request instead of when it is mounted: the storefront's pages
 * need React, its server renderer and the theme, which a process that has served no page has no
 * use for (a restart answers /readyz without waiting for them, and an API-only node never loads
 * them). The build runs once, whatever number of requests wait for it; from then on each request
 * calls the built middleware directly, with no promise in between. A build that fails stays
 * failed, as the theme's load does (StorefrontRegistry.theme): every page answers the error.
 */
export function builtOnFirstRequest(build: () => Promise<Middleware>): Middleware {
  let built: Middleware | undefined
  let building: Promise<Middleware> | undefined
  return (ctx, next) => {
    if (built) return built(ctx, next)
    building ??= build().then((middleware) => (built = middleware))
    return building.then((middleware) => middleware(ctx, next))
  }
}
