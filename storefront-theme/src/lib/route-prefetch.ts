import type { RouteTable, Theme } from '@shopwright/storefront/shared'
import { preloadPage } from './lazy-page.js'

/**
 * The code of the page a shopper is about to open, fetched before they open it: a link they
 * point at, focus or touch (the pointer rests on a link for a while before the click), and the
 * next step a page knows of (the cart from Add to cart's dialog, checkout from the cart). Only
 * the page's chunk is fetched, never its data, and nothing runs on a page's own load, so the
 * first paint and hydration pay nothing for it. A page whose chunk is loaded costs a lookup.
 */
interface Target {
  theme: Theme
  routes: RouteTable
}

let target: Target | null = null
/** The last page asked for: the pointer moving within one link asks once. */
let last = ''

/** The chunk of the page at `href` (a path of this site), when it has one. */
export function prefetchRoute(href: string): void {
  if (!target || typeof window === 'undefined') return
  let url: URL
  try {
    url = new URL(href, window.location.href)
  } catch {
    return
  }
  if (url.origin !== window.location.origin || url.href === last) return
  last = url.href
  const matched = target.routes.match(url.pathname, url.searchParams)
  if (!matched) return
  // A failed download is tried again by the page itself when it is opened.
  preloadPage(target.theme.components[matched.route.component]).catch(() => undefined)
}

/** The link an event happened on, if any. */
function linkOf(event: Event): HTMLAnchorElement | null {
  const element = event.target instanceof Element ? event.target : null
  const link = element?.closest('a[href]')
  return link instanceof HTMLAnchorElement ? link : null
}

/** What an event on a link means for its page: fetch its code. */
function onIntent(event: Event): void {
  const link = linkOf(event)
  // A download or a new tab does not show the page here.
  if (!link || link.hasAttribute('download') || (link.target && link.target !== '_self')) return
  prefetchRoute(link.href)
}

/**
 * Starts fetching pages' code ahead, once the page is hydrated (start-client.ts): the theme's
 * components and the site's routes say which chunk a link's page needs.
 */
export function startRoutePrefetch(theme: Theme, routes: RouteTable): void {
  const first = target === null
  target = { theme, routes }
  if (!first) return
  const options = { capture: true, passive: true }
  document.addEventListener('pointerover', onIntent, options)
  document.addEventListener('focusin', onIntent, options)
  document.addEventListener('touchstart', onIntent, options)
}
