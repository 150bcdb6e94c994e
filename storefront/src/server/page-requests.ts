import type { Middleware } from 'koa'
import type { Authenticator, EventBus } from '@shopwright/core'
import { LOCALE_COOKIE, parseLocaleChoice } from '@shopwright/client'
import { PAGE_DATA_HEADER, PREVIEW_PARAM } from '../shared/page.js'
import type { StorefrontState } from './page-state.js'
import { THEME_ASSETS } from './page-assets.js'
import { PAGE_REQUEST_EVENT, type PageRequestEvent } from './page-events.js'

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

/** A language code as the locale choice holds one (`fr`, `en-us`). */
const LANGUAGE = /^[a-z0-9-]{2,16}$/

/**
 * Runs `pages` for page requests only, everything else passes on untouched; it starts the page's
 * state with what the request itself says: the address, the locale cookie, whether it carries
 * credentials (the authenticator's say; without one every visitor is anonymous) and whether a
 * client navigation asks for the page's data only (PAGE_DATA_HEADER, its value the language; every
 * page answer varies by it). The language is checked against the site's languages by pageData.
 * With `events`, it then raises PAGE_REQUEST_EVENT on this node, for plugins that follow
 * visitors; not for a data request, which the browser's page tracking reports itself, nor for a
 * draft's preview.
 */
export function pageRequests(
  authenticator: Pick<Authenticator, 'carriesCredentials'> | undefined,
  pages: Middleware<StorefrontState>,
  events?: Pick<EventBus, 'emit'>,
): Middleware<StorefrontState> {
  return async (ctx, next) => {
    if (!isPageRequest(ctx.method, ctx.path)) return next()
    const href = ctx.path + (ctx.search ?? '')
    const asked = ctx.get(PAGE_DATA_HEADER)
    // The address answers HTML, or JSON to a client navigation's data request: whatever keeps an
    // answer (a proxy, the browser's cache) must tell the two apart.
    ctx.vary(PAGE_DATA_HEADER)
    ctx.state.storefront = {
      href,
      locale: parseLocaleChoice(ctx.cookies.get(LOCALE_COOKIE)),
      anonymous: !authenticator?.carriesCredentials(ctx),
      ...(asked ? { dataRequest: { language: LANGUAGE.test(asked) ? asked : null } } : {}),
    }
    // Nor for a draft's preview: staff looking at a page to come are no visitors.
    if (events && !asked && ctx.query[PREVIEW_PARAM] === undefined) {
      const event: PageRequestEvent = { href, ctx: ctx as PageRequestEvent['ctx'] }
      await events.emit(PAGE_REQUEST_EVENT, event, { local: true })
    }
    return pages(ctx, next)
  }
}
