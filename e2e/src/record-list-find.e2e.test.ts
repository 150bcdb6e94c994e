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
    await page.waitForURL((address) => address.pathname === '/admin')
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
    // A type that refers to contacts: its record field is the search picker (issue 35).
    await post('/data/create', {
      type: 'recordtype',
      id: 'meeting',
      name: 'Meeting',
      titlefield: 'subject',
      fields: [
        { id: 'subject', name: 'Subject', datatype: 'text', showinlist: true },
        { id: 'contact', name: 'Contact', datatype: 'record', recordtype: 'contact' },
      ],
    })
    await post('/data/create', {
      type: 'meeting',
      id: 'm1',
      subject: 'Spring order',
      contact: { reference: true, type: 'contact', id: 'c003' },
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
      // Names in natural order (digits by value, docs/admin.md "Finding records"): "Person 149"
      // is the last of "Person 0" to "Person 149".
      await page.waitForSelector(
        '[data-testid=data-table] tbody tr.sw-table-row >> nth=0 >> text=Person 149',
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

  it('picks a record by name from every record of its type, by keyboard (issue 35)', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1366, height: 900 } })
    const page = await context.newPage()
    collectErrors(page, errors)
    await page.goto(url('/login?next=/data/meeting/m1'))
    await signIn(page, 'admin@example.com')
    await page.waitForURL((address) => address.pathname === '/data/meeting/m1')
    // The title is the meeting's subject, its id in small type; the contact shows by name.
    await page.waitForSelector('[data-testid=record-editor] h1 >> text=Spring order')
    expect(await page.textContent('[data-testid=record-id]')).toBe('m1')
    const box = page.locator('[data-testid=field-contact] [role=combobox]')
    await page.waitForFunction(
      () =>
        (
          document.querySelector(
            '[data-testid=field-contact] [role=combobox]',
          ) as HTMLInputElement | null
        )?.value === 'Person 3',
    )
    expect(await page.textContent('[data-testid=field-contact] [data-testid=picked-id]')).toBe(
      'c003',
    )
    // Contact 120 is past the first 100: the server's search finds it.
    await box.click()
    await box.fill('person 120')
    await page.waitForSelector('[data-testid=field-contact] [role=option] >> text=Person 120')
    expect(await box.getAttribute('aria-expanded')).toBe('true')
    const active = await box.getAttribute('aria-activedescendant')
    expect(await page.textContent(`[id="${active}"]`)).toContain('c120')
    await page.screenshot({ path: path.join(SCREENSHOTS, 'record-picker-search.png') })
    expect(await axeProblems(page)).toEqual([])
    await page.keyboard.press('Enter')
    expect(await box.getAttribute('aria-expanded')).toBe('false')
    expect(await box.inputValue()).toBe('Person 120')
    // Saved as the reference, and shown by name after a reload.
    await page.waitForSelector('[data-testid=save-state] >> text=Saved at', { timeout: 30_000 })
    await page.reload()
    await page.waitForFunction(
      () =>
        (
          document.querySelector(
            '[data-testid=field-contact] [role=combobox]',
          ) as HTMLInputElement | null
        )?.value === 'Person 120',
    )
    await context.close()
    expect(errors).toEqual([])
  })
})
