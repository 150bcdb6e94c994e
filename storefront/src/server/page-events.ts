import type { ParameterizedContext } from 'koa'

/**
 * The event a storefront page request raises on the kernel's event bus, on its own node only
 * (never sent to other nodes), before the page is read or taken from the page cache: "a page is
 * being served to this visitor". Cached pages raise it too. A plugin that follows visitors (visitor
 * sessions) listens without the storefront naming it. Handlers run before the page's first byte:
 * they may read the request and set response headers (a cookie: the page cache keeps only the
 * page's body, never its headers), must not write the body, and should not wait on anything
 * slow, since the page waits for them. A handler's failure is logged and the page served anyway.
 */
export const PAGE_REQUEST_EVENT = 'storefront.page-request'

/** The payload of PAGE_REQUEST_EVENT. */
export interface PageRequestEvent {
  /** The address shown: path and query. */
  href: string
  /** The request's context. */
  ctx: ParameterizedContext
}
