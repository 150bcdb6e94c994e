import { hydrateStorefront } from '@shopwright/storefront/client'
import { PAGE_DATA_ID, RouteTable, type PageData, type Theme } from '@shopwright/storefront/shared'
import { preloadPage } from './lazy-page.js'
import { intlWarmRequest, warmIntl } from './intl-warm.js'
import { startRoutePrefetch } from './route-prefetch.js'

// A theme's component asks for the next step's code (docs/themes.md).
export { prefetchRoute } from './route-prefetch.js'

/**
 * Starts a theme in the browser: the shown page's chunk first, then hydration, so the page renders
 * at once with its code, exactly as the server did, instead of suspending on it. Meanwhile a
 * worker makes the page's Intl formatters (intl-warm.ts), so hydration does not build ICU's tables
 * on the main thread. Once hydrating, the code of pages the shopper is about to open is fetched
 * ahead (route-prefetch.ts). A theme built on this one (docs/themes.md) calls it from its own
 * entry with its own theme.
 */
export async function startClient(theme: Theme): Promise<void> {
  let routes: RouteTable | null = null
  try {
    const data = JSON.parse(
      document.getElementById(PAGE_DATA_ID)?.textContent ?? 'null',
    ) as PageData | null
    if (data) {
      routes = new RouteTable(data.routes)
      const ready: Promise<unknown>[] = [warmIntl(intlWarmRequest(data))]
      if (!data.notFound) {
        const url = new URL(data.href, window.location.href)
        const matched = routes.match(url.pathname, url.searchParams)
        if (matched) ready.push(preloadPage(theme.components[matched.route.component]))
      }
      await Promise.all(ready)
    }
  } catch {
    // Hydration loads the chunk itself (showing its loading state) should this fail.
  }
  hydrateStorefront(theme)
  if (routes) startRoutePrefetch(theme, routes)
}
