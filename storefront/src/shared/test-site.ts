// For the tests: a route record and a site's settings as the storefront reads them. Browser-safe
// (no Node import), so the React tests in jsdom share them with the server's.
import { DEFAULT_SITE_IMAGES, DEFAULT_SITE_PAGINATION, type SiteData } from './page.js'
import type { WebsiteRoute } from './route-match.js'

/** A route record as the storefront reads it: static, its component and title its id. */
export function testRoute(
  id: string,
  url: string,
  extra: Partial<WebsiteRoute> = {},
): WebsiteRoute {
  return { id, url, component: id, seo: 'static', title: id, description: '', props: {}, ...extra }
}

/** The settings of the test shop: English and French, no currencies, the default images and pages. */
export function testSiteData(): SiteData {
  return {
    name: 'Test Shop',
    titlesuffix: ' | Test Shop',
    languages: ['en-us', 'fr'],
    location: null,
    currencies: [],
    languageNames: [],
    modules: [],
    images: { ...DEFAULT_SITE_IMAGES },
    pagination: { ...DEFAULT_SITE_PAGINATION },
  }
}
