import { hydrateStorefront } from '@shopwright/storefront/client'
import { PAGE_DATA_ID, RouteTable, type PageData, type Theme } from '@shopwright/storefront/shared'
import { preloadPage } from './lazy-page.js'

/**
 * Starts a theme in the browser: the shown page's chunk first, then hydration, so the page renders
 * at once with its code, exactly as the server did, instead of suspending on it. A theme built on
 * this one (docs/themes.md) calls it from its own entry with its own theme.
 */
export async function startClient(theme: Theme): Promise<void> {
  try {
    const data = JSON.parse(
      document.getElementById(PAGE_DATA_ID)?.textContent ?? 'null',
    ) as PageData | null
    if (data && !data.notFound) {
      const url = new URL(data.href, window.location.href)
      const matched = new RouteTable(data.routes).match(url.pathname, url.searchParams)
      if (matched) await preloadPage(theme.components[matched.route.component])
    }
  } catch {
    // Hydration loads the chunk itself (showing its loading state) should this fail.
  }
  hydrateStorefront(theme)
}
