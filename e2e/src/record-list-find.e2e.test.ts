import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { axeProblems } from './axe.js'
import { collectErrors, SCREENSHOTS, signIn } from './browser.js'
import { makeSite, type Site } from './site.js'

const WIDTHS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const

const CITIES = ['Paris', 'Lyon', 'Nantes']
/** More than a page of the list's 100 rows. */
const PEOPLE = 150

/** Record lists' search box, sortable columns and filters (issue 18, point 3). */
describe('finding records in a list, in Chromium', () => {
  let site: Site
  const errors: string[] = []
  const url = (address: string) => site.url(address)

  beforeAll(async () => {
    site = await makeSite({ users: [{ email: 'admin@example.com', roles: 'administrator' }] })
    const page = await site.browser.newPage()
    await page.goto(url('/login'))
    await signIn(page, 'admin@example.com')
    await page.waitForURL((address) => address.pathname === '/data')
    const post = async (address: string, data: unknown) => {
      const answer = await page.request.post(url(`/query${address}`), {
        data,
        headers: { device: 'e2e-find', accept: 'application/json' },
      })
      expect(answer.status(), await answer.text()).toBe(200)
    }
    await post('/data/create', {
      type: 'recordtype',
      id: 'contact',
      name: 'Contact',
      fields: [
        { id: 'name', name: 'Name', datatype: 'text', showinlist: true },
        { id: 'city', name: 'City', datatype: 'text', showinlist: true },
        { id: 'active', name: 'Active', datatype: 'boolean', showinlist: true },
        { id: 'note', name: 'Note', datatype: 'longtext' },
      ],
    })
    for (let index = 0; index < PEOPLE; index++)
      await post('/data/create', {
        type: 'contact',
        id: `c${String(index).padStart(3, '0')}`,
        name: index === 7 ? 'Anaïs Ollivier' : `Person ${index}`,
        city: CITIES[index % CITIES.length],
        active: index % 2 === 0,
      })
    await page.close()
  })
  afterAll(() => site?.close())

  const rows = (page: Page) => page.locator('[data-testid=data-table] tbody tr.sw-table-row')
  const ids = async (page: Page) =>
    (
      await rows(page).evaluateAll((each) => each.map((row) => row.getAttribute('data-testid')))
    ).map((key) => String(key).replace(/^row-contact\|/, ''))

  for (const width of WIDTHS)
    it(`searches, sorts and filters at ${width.width} px`, async () => {
      const context = await site.browser.newContext({
        viewport: { width: width.width, height: width.height },
      })
      const page = await context.newPage()
      collectErrors(page, errors)
      await page.goto(url('/login?next=/data/contact'))
      await signIn(page, 'admin@example.com')
      await page.waitForURL((address) => address.pathname === '/data/contact')
      await page.waitForSelector('[data-testid="row-contact|c000"]')
      expect(await rows(page).count()).toBe(100)
      expect(await page.locator('[data-testid=pages]').count()).toBe(1)

      // A search, accents aside, asks once typing pauses and keeps the address.
      await page.fill('[data-testid=list-search]', 'anais')
      await page.waitForURL((address) => address.searchParams.get('q') === 'anais')
      await page.waitForFunction(
        () =>
          document.querySelectorAll('[data-testid=data-table] tbody tr.sw-table-row').length === 1,
      )
      expect(await ids(page)).toEqual(['c007'])
      expect(await page.locator('[data-testid=pages]').count()).toBe(0)
      await page.screenshot({
        path: path.join(SCREENSHOTS, `record-list-search-${width.name}.png`),
      })
      await page.fill('[data-testid=list-search]', '')
      await page.waitForURL((address) => !address.searchParams.has('q'))
      await page.waitForFunction(
        () =>
          document.querySelectorAll('[data-testid=data-table] tbody tr.sw-table-row').length ===
          100,
      )

      // The Name heading orders by name, then the other way round.
      await page.click('[data-testid=sort-name]')
      await page.waitForURL((address) => address.searchParams.get('sort') === 'name')
      await page.waitForSelector('[data-testid="row-contact|c007"]')
      expect((await ids(page))[0]).toBe('c007')
      expect(await page.getAttribute('th[aria-sort]', 'aria-sort')).toBe('ascending')
      await page.click('[data-testid=sort-name]')
      await page.waitForURL((address) => address.searchParams.get('order') === 'desc')
      // Folded names in byte order: "person 99" is the last of "person 0" to "person 149".
      await page.waitForSelector(
        '[data-testid=data-table] tbody tr.sw-table-row >> nth=0 >> text=Person 99',
      )
      expect(await page.getAttribute('th[aria-sort]', 'aria-sort')).toBe('descending')

      // Two filters: Paris, and active; each is a chip that takes it off again.
      await page.selectOption('[data-testid=list-filter-field]', 'city')
      await page.fill('[data-testid=list-filter-value]', 'paris')
      await page.click('[data-testid=list-filter-add]')
      await page.waitForURL((address) =>
        address.searchParams.getAll('filter').includes('city:paris'),
      )
      await page.selectOption('[data-testid=list-filter-field]', 'active')
      await page.selectOption('[data-testid=list-filter-value]', 'false')
      await page.click('[data-testid=list-filter-add]')
      await page.waitForURL((address) => address.searchParams.getAll('filter').length === 2)
      // Every third contact is in Paris, every other one inactive: 25 of the 150.
      await page.waitForFunction(
        () =>
          document.querySelectorAll('[data-testid=data-table] tbody tr.sw-table-row').length === 25,
      )
      for (const id of await ids(page)) {
        const index = Number(id.slice(1))
        expect(index % 3, id).toBe(0)
        expect(index % 2, id).toBe(1)
      }
      expect(await page.locator('[data-testid=list-filters] li').count()).toBe(2)
      await page.screenshot({
        path: path.join(SCREENSHOTS, `record-list-filters-${width.name}.png`),
        fullPage: true,
      })
      expect(await axeProblems(page)).toEqual([])
      // Nothing is wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width.width,
      )
      await page.locator('[data-testid=list-filter-remove]').first().click()
      await page.waitForURL((address) => address.searchParams.getAll('filter').length === 1)
      await page.waitForFunction(
        () =>
          document.querySelectorAll('[data-testid=data-table] tbody tr.sw-table-row').length === 75,
      )
      // Back returns to the list as it was filtered.
      await page.goBack()
      await page.waitForFunction(
        () =>
          document.querySelectorAll('[data-testid=data-table] tbody tr.sw-table-row').length === 25,
      )
      await context.close()
      expect(errors).toEqual([])
    })
})
