import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { axeProblems } from './axe.js'
import { collectErrors, PHONE, screenshot, SCREENSHOTS } from './browser.js'
import { makeSite, type Site } from './site.js'

const DESKTOP = { width: 1280, height: 900 }

/**
 * The shop's search and a category's sort and filters in the default theme (issue 33), against
 * the real server and the sample catalogue: the header's suggestions and the search page, and a
 * category sorted and filtered through its address (Back included), in English and in French;
 * the empty states, the phone's filter drawer, and the same pages without JavaScript.
 * Screenshots go to e2e/screenshots/search-*.
 */
describe('the shop search, sort and filters in Chromium', () => {
  let site: Site
  const url = (address: string) => site.url(address)
  const shot = (page: Page, name: string) => screenshot(page, `search-${name}`)

  beforeAll(async () => {
    site = await makeSite()
    console.log(`search screenshots: ${path.join(SCREENSHOTS, 'search-*.png')}`)
  })
  afterAll(() => site?.close())

  /** A new visitor; its script and console errors are checked when `close` is called. */
  async function visitor(
    options: { viewport?: typeof DESKTOP; french?: boolean; javaScript?: boolean } = {},
  ): Promise<{ page: Page; close(): Promise<void> }> {
    const context: BrowserContext = await site.browser.newContext({
      viewport: options.viewport ?? DESKTOP,
      javaScriptEnabled: options.javaScript ?? true,
    })
    if (options.french)
      await context.addCookies([
        {
          name: 'sw_locale',
          value: encodeURIComponent(
            JSON.stringify({ country: 'fr', currency: 'eur', language: 'fr' }),
          ),
          url: site.server.url,
        },
      ])
    const page = await context.newPage()
    const errors = collectErrors(page, [], { console: true })
    return {
      page,
      close: async () => {
        expect(errors).toEqual([])
        await context.close()
      },
    }
  }

  async function hydrated(page: Page): Promise<void> {
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
  }

  /**
   * The cards' prices in order, as numbers ("From $24.00" is 24, French "À partir de 22,00 €" 22).
   */
  async function prices(page: Page, french = false): Promise<number[]> {
    const texts = await page
      .locator('[data-testid=item-card] .sw-item-card-price')
      .allTextContents()
    return texts.map((text) =>
      Number(french ? text.replace(/[^\d,]/g, '').replace(',', '.') : text.replace(/[^\d.]/g, '')),
    )
  }

  const cardCount = (page: Page) => page.locator('[data-testid=item-card]').count()
  const text = async (page: Page, selector: string) => (await page.textContent(selector))?.trim()

  /**
   * Types `typed` into the focused search box at a shopper's pace and answers how long after the
   * last keystroke the suggestions for the whole text were on screen (the frame after the list
   * changed to them: its last option says `Search for “typed”`).
   */
  async function typeAndTime(page: Page, typed: string, delay: number): Promise<number> {
    const painted = page.evaluate(
      (wanted) =>
        new Promise<number>((resolve) => {
          let last = 0
          document.addEventListener('keydown', () => (last = performance.now()), { capture: true })
          const list = document.getElementById('sw-search-list')!
          const observer = new MutationObserver(() => {
            if (list.hidden || !list.textContent?.includes(wanted)) return
            observer.disconnect()
            requestAnimationFrame(() => resolve(performance.now() - last))
          })
          observer.observe(list, { childList: true, subtree: true, attributes: true })
        }),
      `“${typed}”`,
    )
    await page.keyboard.type(typed, { delay })
    return painted
  }

  it('suggests items in the header as the shopper types; Enter shows the results', async () => {
    const { page, close } = await visitor()
    await page.goto(url('/'))
    await hydrated(page)
    await page.click('[data-testid=search-input]')
    const paced = await typeAndTime(page, 'tee', 90)
    await page.waitForSelector('[data-testid=search-suggestion]:has-text("Classic Tee")')
    expect(await page.getAttribute('[data-testid=search-input]', 'aria-expanded')).toBe('true')
    expect(await page.getAttribute('[data-testid=search-suggestion]', 'href')).toBe(
      '/item/classic-tee',
    )
    expect(await axeProblems(page)).toEqual([])
    await shot(page, 'suggestions-1280')
    // Another text, typed quickly: the burst is asked for once, after its last key.
    await page.fill('[data-testid=search-input]', '')
    const burst = await typeAndTime(page, 'kettle', 25)
    expect(await page.locator('[data-testid=search-suggestion]').allTextContents()).toEqual([
      'Tea Kettle',
    ])
    // Logged, never asserted: a shared machine's load moves it (the figure is the bench's, and
    // docs/benchmarks.md's, measured against a baseline in the same run).
    console.log(
      `suggestions painted ${paced.toFixed(0)} ms after the last key (90 ms apart), ` +
        `${burst.toFixed(0)} ms (a burst 25 ms apart)`,
    )

    // Down chooses the first suggestion, Escape closes the list: Enter then searches the text.
    await page.keyboard.press('ArrowDown')
    expect(await page.getAttribute('[data-testid=search-input]', 'aria-activedescendant')).toBe(
      'sw-search-option-0',
    )
    await page.keyboard.press('Escape')
    await page.fill('[data-testid=search-input]', 'tee')
    await page.keyboard.press('Enter')
    await page.waitForURL(url('/search?q=tee'))
    await page.waitForSelector('[data-testid=search-count]')
    expect(await text(page, '[data-testid=search-count]')).toBe('1 result for “tee”')
    expect(await page.locator('[data-testid=item-card]').allTextContents()).toEqual([
      'Classic TeeFrom $24.00',
    ])
    expect(await page.inputValue('#sw-search-page-input')).toBe('tee')
    expect(await page.title()).toBe('Search | Shopwright')
    expect(await axeProblems(page)).toEqual([])
    await shot(page, 'results-1280')

    // A suggestion chosen with the keyboard opens its item.
    await page.click('[data-testid=search-input]')
    await page.fill('[data-testid=search-input]', 'kett')
    await page.waitForSelector('[data-testid=search-suggestion]:has-text("Tea Kettle")')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await page.waitForURL(url('/item/tea-kettle'))
    await page.waitForSelector('h1:has-text("Tea Kettle")')
    expect(await page.inputValue('[data-testid=search-input]')).toBe('')
    await close()
  })

  it('finds "café" as "cafe" on the French page, in French', async () => {
    const { page, close } = await visitor({ french: true })
    await page.goto(url('/'))
    await hydrated(page)
    await page.click('[data-testid=search-input]')
    await page.keyboard.type('cafe', { delay: 60 })
    await page.waitForSelector('[data-testid=search-suggestion]:has-text("Café en grains")')
    expect(await page.locator('[data-testid=search-suggestion]').allTextContents()).toEqual([
      'Café en grains',
      'Cafetière à piston',
    ])
    expect(await text(page, '[data-testid=search-all]')).toBe('Rechercher «\u00a0cafe\u00a0»')
    await page.keyboard.press('Enter')
    await page.waitForURL(url('/search?q=cafe'))
    await page.waitForSelector('[data-testid=search-count]')
    expect(await text(page, 'h1')).toBe('Résultats de recherche')
    expect(await text(page, '[data-testid=search-count]')).toBe(
      '2 résultats pour «\u00a0cafe\u00a0»',
    )
    expect(await page.title()).toBe('Rechercher | Shopwright')
    // The server renders the same (accents and case do not matter: CAFÉ is café).
    const reloaded = await page.goto(url('/search?q=CAF%C3%89'))
    expect(await reloaded!.text()).toContain('2 résultats pour «\u00a0CAFÉ\u00a0»')
    await hydrated(page)
    expect(
      await page.locator('[data-testid=item-card] .sw-item-card-name').allTextContents(),
    ).toEqual(['Café en grains', 'Cafetière à piston'])
    await shot(page, 'results-french')
    await close()
  })

  /** A category's sort and filters as each language shows them. */
  const CATEGORY_WALKS = [
    {
      language: 'English',
      french: false,
      category: 'Home & Kitchen',
      instock: 'In stock only',
      sage: 'Sage',
      range: '$20.00 – $40.00',
      shot: 'category-filtered-1280',
    },
    {
      language: 'French',
      french: true,
      category: 'Maison et cuisine',
      instock: 'En stock uniquement',
      // The option chips name the values as the items' French options do.
      sage: 'Sauge',
      range: '20,00\u00a0€ – 40,00\u00a0€',
      shot: 'category-filtered-fr-1280',
    },
  ]

  it.each(CATEGORY_WALKS)(
    'sorts and filters a category through its address in $language; Back shows each step again',
    async (words) => {
      const { page, close } = await visitor({ french: words.french })
      await page.goto(url('/'))
      await hydrated(page)
      await page.click(`.sw-categories [data-testid=category-link]:has-text("${words.category}")`)
      await page.waitForURL(url('/category/home-kitchen'))
      await page.waitForSelector('[data-testid=item-card]')
      expect(await text(page, 'h1')).toBe(words.category)
      expect(await cardCount(page)).toBe(13)

      await page.selectOption('[data-testid=sort-select]', 'price-asc')
      await page.waitForURL(url('/category/home-kitchen?sort=price-asc'))
      await page.waitForSelector('[data-testid=sort-select]')
      const sorted = await prices(page, words.french)
      expect(sorted).toHaveLength(13)
      expect(sorted).toEqual([...sorted].sort((a, b) => a - b))
      expect(
        await page.evaluate(() => document.activeElement?.getAttribute('data-focus-key')),
      ).toBe('sort')

      expect(await page.locator('.sw-badge-out').count()).toBe(1)
      await page.click('[data-testid=instock-filter]')
      await page.waitForURL(url('/category/home-kitchen?sort=price-asc&instock=1'))
      await expect.poll(() => cardCount(page)).toBe(12)
      expect(await page.locator('.sw-badge-out').count()).toBe(0)
      expect(await page.getAttribute('[data-testid=instock-filter]', 'aria-checked')).toBe('true')

      await page.click(`[data-testid=option-filter]:has-text("${words.sage}")`)
      await page.waitForURL(url('/category/home-kitchen?sort=price-asc&instock=1&option=sage'))
      await expect.poll(() => cardCount(page)).toBe(1)
      expect(await page.getAttribute('[data-testid=item-card]', 'href')).toBe('/item/throw-cushion')
      expect(await page.locator('[data-testid=active-filter]').allTextContents()).toEqual([
        words.instock,
        words.sage,
      ])
      // The focus stays on the chip chosen, on the page it led to.
      expect(
        await page.evaluate(() => document.activeElement?.getAttribute('data-focus-key')),
      ).toBe('option:sage')
      expect(await axeProblems(page)).toEqual([])
      await shot(page, words.shot)

      await page.goBack()
      await page.waitForURL(url('/category/home-kitchen?sort=price-asc&instock=1'))
      await expect.poll(() => cardCount(page)).toBe(12)
      await page.goBack()
      await page.waitForURL(url('/category/home-kitchen?sort=price-asc'))
      await expect.poll(() => cardCount(page)).toBe(13)
      expect(await page.inputValue('[data-testid=sort-select]')).toBe('price-asc')
      await page.goForward()
      await page.waitForURL(url('/category/home-kitchen?sort=price-asc&instock=1'))
      await expect.poll(() => cardCount(page)).toBe(12)

      // A price range, typed loosely and the wrong way round (a decimal comma in either language).
      await page.fill('[data-testid=price-min]', '40')
      await page.fill('[data-testid=price-max]', '20,00')
      await page.click('[data-testid=price-apply]')
      await page.waitForURL(url('/category/home-kitchen?sort=price-asc&min=20&max=40&instock=1'))
      await page.waitForSelector(`[data-testid=active-filter]:has-text("${words.range}")`)
      const ranged = await prices(page, words.french)
      expect(ranged.length).toBeGreaterThan(0)
      expect(ranged.length).toBeLessThan(12)
      expect(ranged.every((price) => price >= 20 && price <= 40)).toBe(true)
      expect(ranged).toEqual([...ranged].sort((a, b) => a - b))

      await page.click('[data-testid=clear-filters]')
      await page.waitForURL(url('/category/home-kitchen?sort=price-asc'))
      await expect.poll(() => cardCount(page)).toBe(13)
      await close()
    },
  )

  it('says when nothing matches: the filters, with a way out, and a search, with categories', async () => {
    const { page, close } = await visitor()
    await page.goto(url('/category/home-kitchen?max=1'))
    await hydrated(page)
    expect(await text(page, '[data-testid=filters-empty] p')).toBe('No items match these filters')
    expect(await cardCount(page)).toBe(0)
    await shot(page, 'category-empty')
    await page.click('[data-testid=filters-empty] a:has-text("Clear filters")')
    await page.waitForURL(url('/category/home-kitchen'))
    await expect.poll(() => cardCount(page)).toBe(13)

    await page.goto(url('/search?q=zzzz'))
    await hydrated(page)
    expect(await text(page, '[data-testid=search-empty] p')).toBe('No results for “zzzz”')
    await page.waitForSelector('[data-testid=search-category]')
    expect(await axeProblems(page)).toEqual([])
    await shot(page, 'results-empty')
    await page.click('[data-testid=search-category]:has-text("Apparel")')
    await page.waitForURL(url('/category/apparel'))

    // Without a text: the box and the categories.
    await page.goto(url('/search'))
    await hydrated(page)
    expect(await text(page, 'h1')).toBe('Search')
    await page.waitForSelector('[data-testid=category-tile]')
    await close()
  })

  it('puts the filters behind a button at 390 px, open across choices until Show items', async () => {
    const { page, close } = await visitor({ viewport: PHONE })
    await page.goto(url('/category/apparel'))
    await hydrated(page)
    expect(await page.isVisible('[data-testid=instock-filter]')).toBe(false)
    await page.click('[data-testid=filters-button]')
    await page.waitForSelector('[data-testid=instock-filter]', { state: 'visible' })
    await page.waitForTimeout(250)
    await shot(page, 'filters-390')
    await page.click('[data-testid=option-filter][data-focus-key="option:m"]')
    await page.waitForURL(url('/category/apparel?option=m'))
    await page.waitForSelector('[data-testid=filters-done]:has-text("Show 2 items")')
    expect(await page.getAttribute('[data-testid=filters-button]', 'aria-expanded')).toBe('true')
    expect(
      await page.getAttribute(
        '[data-testid=option-filter][data-focus-key="option:m"]',
        'aria-checked',
      ),
    ).toBe('true')
    expect(await axeProblems(page)).toEqual([])
    await page.click('[data-testid=filters-done]')
    await page.waitForSelector('[data-testid=instock-filter]', { state: 'hidden' })
    expect(await cardCount(page)).toBe(2)
    expect(await text(page, '[data-testid=filters-button]')).toBe('Filters1')
    await shot(page, 'category-390')

    // The header's search on a phone: a button shows the box under the bar.
    await page.click('[data-testid=search-toggle]')
    await page.keyboard.type('tea', { delay: 60 })
    await page.waitForSelector('[data-testid=search-suggestion]:has-text("Tea Kettle")')
    await shot(page, 'suggestions-390')
    await page.keyboard.press('Enter')
    await page.waitForURL(url('/search?q=tea'))
    await page.waitForSelector('[data-testid=search-count]')
    await shot(page, 'results-390')
    await close()
  })

  it('works without JavaScript: the search form, the sort links and the price form', async () => {
    const { page, close } = await visitor({ javaScript: false })
    await page.goto(url('/'))
    await page.fill('[data-testid=search-input]', 'tee')
    await page.press('[data-testid=search-input]', 'Enter')
    await page.waitForURL(url('/search?q=tee'))
    expect(await text(page, '[data-testid=search-count]')).toBe('1 result for “tee”')

    await page.goto(url('/category/home-kitchen'))
    await page.click('.sw-sort summary')
    await page.click('.sw-sort-menu a:has-text("Price: high to low")')
    await page.waitForURL(url('/category/home-kitchen?sort=price-desc'))
    const sorted = await prices(page)
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a))
    // The browser's own check keeps the form to the spelling the page takes.
    await page.fill('[data-testid=price-min]', '20.00')
    await page.fill('[data-testid=price-max]', '40')
    await page.click('[data-testid=price-apply]')
    expect(page.url()).toBe(url('/category/home-kitchen?sort=price-desc'))
    await page.fill('[data-testid=price-min]', '20')
    await page.click('[data-testid=price-apply]')
    await page.waitForURL(url('/category/home-kitchen?min=20&max=40&sort=price-desc'))
    expect(await text(page, 'h1')).toBe('Home & Kitchen')
    const ranged = await prices(page)
    expect(ranged.every((price) => price >= 20 && price <= 40)).toBe(true)
    await page.click('[data-testid=instock-filter]')
    await page.waitForURL(url('/category/home-kitchen?sort=price-desc&min=20&max=40&instock=1'))
    await close()
  })
})
