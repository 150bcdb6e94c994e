import { lighthouseScenarioOf, type LighthouseTargets } from '../lighthouse-scenario.js'

/**
 * The shop's search page for a word of the sample catalogue, and a category sorted and filtered
 * through its address, written as the theme writes it (plugins/commerce shared/listing.ts
 * `writeListing`: sort, min, max, instock, option, in that order), so the page cache keys on the
 * same address a shopper's click leads to. Home & Kitchen sorted by price, in stock only: 12 of
 * its 13 items, with the filter panel and an active filter shown.
 */
export const SEARCH_LIGHTHOUSE_PAGES = [
  '/search?q=tee',
  '/category/home-kitchen?sort=price-asc&instock=1',
] as const

/** Issue 33's floors for these pages; best practices and SEO are reported without one. */
export const SEARCH_LIGHTHOUSE_TARGETS: LighthouseTargets = {
  performance: 95,
  accessibility: 100,
}

/** Lighthouse on the search page and a filtered category page (issue 33). */
export const lighthouseSearch = lighthouseScenarioOf({
  name: 'lighthouse-search',
  title: 'Lighthouse: storefront search page and a filtered category page',
  pages: SEARCH_LIGHTHOUSE_PAGES,
  listingPages: SEARCH_LIGHTHOUSE_PAGES,
  desktopAccessibility: SEARCH_LIGHTHOUSE_PAGES,
  targets: SEARCH_LIGHTHOUSE_TARGETS,
  targetsFrom: 'floors of issue 33',
})
