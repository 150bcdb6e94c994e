import { lighthouseScenarioOf, type LighthouseTargets } from '../lighthouse-scenario.js'

/**
 * The storefront pages Lighthouse audits: the home page, a content page, and the shop's category
 * and item pages (the sample catalogue's largest category, and an item with options and a gallery).
 */
export const LIGHTHOUSE_PAGES = ['/', '/about', '/category/gifts', '/item/classic-tee'] as const

/** The floor for each category's score (0-100), on every page. */
export const LIGHTHOUSE_TARGETS: LighthouseTargets = {
  performance: 95,
  accessibility: 95,
  'best-practices': 95,
  seo: 100,
}

/**
 * Lighthouse (its Node API, default config) on the storefront's pages (LIGHTHOUSE_PAGES) served by a started
 * kernel, in Debian's Chromium: the four category scores per page, median of 3 runs (1 with
 * --quick), and, for every point lost, which audits cost it.
 */
export const lighthouseScenario = lighthouseScenarioOf({
  name: 'lighthouse',
  title: 'Lighthouse: storefront home, content, category and item pages',
  pages: LIGHTHOUSE_PAGES,
  targets: LIGHTHOUSE_TARGETS,
  targetsFrom: "issue's floors",
})
