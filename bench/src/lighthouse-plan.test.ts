import { describe, expect, it } from 'vitest'
import { floorText, listOf, targetsText, untargeted } from './lighthouse-scenario.js'
import { lighthouseScenario } from './scenarios/lighthouse.js'
import { lighthouseSearch, SEARCH_LIGHTHOUSE_PAGES } from './scenarios/lighthouse-search.js'

// The wording of the Lighthouse scenarios' floors; the scores themselves are never asserted.

describe('Lighthouse floors in words', () => {
  it('lists, and words a floor as the issue does', () => {
    expect(listOf([])).toBe('')
    expect(listOf(['/'])).toBe('/')
    expect(listOf(['a', 'b', 'c'])).toBe('a, b and c')
    expect(floorText(95)).toBe('≥ 95')
    expect(floorText(100)).toBe('= 100')
  })
  it("names the floors in Lighthouse's order, and the categories without one", () => {
    expect(targetsText({ accessibility: 100, performance: 95 })).toBe(
      'performance ≥ 95, accessibility = 100',
    )
    expect(untargeted({ accessibility: 100, performance: 95 })).toBe('best practices and SEO')
    expect(untargeted({ performance: 95, accessibility: 95, 'best-practices': 95, seo: 100 })).toBe(
      '',
    )
  })
  it('describes each scenario with its pages and floors', () => {
    expect(lighthouseScenario.method(false)).toContain(
      "issue's floors (performance ≥ 95, accessibility ≥ 95, best practices ≥ 95, SEO = 100, on every page).",
    )
    const search = lighthouseSearch.method(true)
    for (const page of SEARCH_LIGHTHOUSE_PAGES) expect(search).toContain(`\`${page}\``)
    expect(search).toContain('performance ≥ 95, accessibility = 100, on every page)')
    expect(search).toContain('best practices and SEO are reported without a target')
    expect(search).toContain('bench/results/<timestamp>-lighthouse-search/')
    expect(search).toContain('1 run per page')
    expect(search).toContain("also audited once for accessibility alone with Lighthouse's desktop")
    expect(lighthouseScenario.method(false)).not.toContain('desktop')
  })
})
