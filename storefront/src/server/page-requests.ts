import type { Middleware } from 'koa'
import type { Authenticator } from '@shopwright/core'
import { LOCALE_COOKIE, parseLocaleChoice } from '@shopwright/core/shared'
import type { StorefrontState } from './page-state.js'
import { THEME_ASSETS } from './page-assets.js'

/**
 * The admin's files: its middleware passes on what it does not have, and that is no page. (The API
 * and the health checks are answered before page middleware runs.)
 */
const ADMIN_FILES = '/admin/'

/**
 * True for a request a storefront page answers: a GET or HEAD outside the admin's files and the
 * theme's (a theme file that is not there is the kernel's plain 404, not a page).
 */
export function isPageRequest(method: string, requestPath: string): boolean {
  return (
    (method === 'GET' || method === 'HEAD') &&
    !requestPath.startsWith(ADMIN_FILES) &&
    !requestPath.startsWith(THEME_ASSETS)
  )
}

/**
 * Runs `pages` for page requests only, everything else passes on untouched; it starts the page's
 * state with what the request itself says: the address, the locale cookie and whether it carries
 * credentials (the authenticator's say; without one every visitor is anonymous).
 */
export function pageRequests(
  authenticator: Pick<Authenticator, 'carriesCredentials'> | undefined,
  pages: Middleware<StorefrontState>,
): Middleware<StorefrontState> {
  return (ctx, next) => {
    if (!isPageRequest(ctx.method, ctx.path)) return next()
    ctx.state.storefront = {
      href: ctx.path + (ctx.search ?? ''),
      locale: parseLocaleChoice(ctx.cookies.get(LOCALE_COOKIE)),
      anonymous: !authenticator?.carriesCredentials(ctx),
    }
    return pages(ctx, next)
  }
}
