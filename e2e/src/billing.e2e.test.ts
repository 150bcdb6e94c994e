import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { screenshot, signInThrough, siteDatabases } from './browser.js'
import { makeSite, openPage, type Site } from './site.js'

/**
 * The billing issue's browser walk: a finance manager opens Billing from the menu and sees this
 * month's chart, key, table and total, then changes month; a finance user may view it too.
 */
const SITE = {
  // Prices high enough that a test site's few requests draw visible bars.
  BILLING_PRICE_REQUESTS: '20000',
  BILLING_PRICE_BYTES: '500',
  BILLING_PRICE_DATABASE: '200',
}

/** The month before `month` (`YYYY-MM`). */
function previousMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number]
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`
}

for (const database of siteDatabases())
  describe.skipIf(database.skip)(`the Billing screen in Chromium (${database.name})`, () => {
    let site: Site
    let page: Page
    const errors: string[] = []
    const shot = (name: string, target: Page = page) =>
      screenshot(target, `billing-${database.name}-${name}`)
    const url = (address: string) => site.url(address)
    const thisMonth = new Date().toISOString().slice(0, 7)

    beforeAll(async () => {
      site = await makeSite({
        database,
        env: SITE,
        users: [
          // A finance manager leads finance: the admin menu comes with the finance role.
          { email: 'money@example.com', roles: 'finance,financemanager' },
          { email: 'clerk@example.com', roles: 'finance' },
          { email: 'dev@example.com', roles: 'development' },
        ],
      })
      ;({ page } = await openPage(
        site.browser,
        { viewport: { width: 1400, height: 1000 } },
        errors,
      ))
    })
    afterAll(() => site?.close())

    it('opens Billing from the menu: the chart with its key, the table and the total', async () => {
      // A shared link to last month first; the menu entry then opens this month.
      await signInThrough(
        page,
        url(`/billing?month=${previousMonth(thisMonth)}`),
        'money@example.com',
      )
      await page.waitForSelector('[data-testid=billing-empty]')
      await page.click('[data-testid=menu-billing]')
      await page.waitForURL(/\/billing$/)
      await page.waitForSelector('[data-testid=bar-chart]')
      const key = await page.locator('[data-testid=bar-chart] .sw-chart-key li').allTextContents()
      expect(key).toEqual(expect.arrayContaining(['Requests', 'Bytes sent', 'Database']))
      expect(await page.locator('[data-testid=bar-chart] svg rect').count()).toBeGreaterThan(2)
      const rows = page.locator('[data-testid=billing-table] tbody tr')
      expect(await rows.count()).toBe(7)
      expect(await rows.first().textContent()).toContain('Requests')
      const total = (await page.locator('[data-testid=billing-total-amount]').textContent()) ?? ''
      expect(total).toMatch(/^£\d+\.\d{2,6}$/)
      expect(Number(total.slice(1))).toBeGreaterThan(0)
      expect(await page.locator('text=Today’s figures so far').count()).toBe(1)
      await shot('this-month')
    })

    it('changes month with the month picker, and comes back', async () => {
      const before = previousMonth(thisMonth)
      await page.click('[aria-label="Previous month"]')
      await page.waitForURL(new RegExp(`\\?month=${before}$`))
      await page.waitForSelector('[data-testid=billing-empty]')
      expect(await page.locator('[data-testid=billing-total-amount]').textContent()).toBe('£0.00')
      await shot('previous-month')
      await page.click('[aria-label="Next month"]')
      await page.waitForURL(/\/billing$/)
      await page.waitForSelector('[data-testid=bar-chart]')
      expect(errors).toEqual([])
    })

    it('lets a finance user view it, and keeps it from others', async () => {
      const clerk = await site.browser.newContext({ viewport: { width: 1400, height: 1000 } })
      const view = await clerk.newPage()
      await signInThrough(view, url('/billing'), 'clerk@example.com')
      await view.waitForSelector('[data-testid=bar-chart]')
      expect(await view.locator('[data-testid=menu-billing]').count()).toBe(1)
      await shot('finance', view)
      await clerk.close()

      const other = await site.browser.newContext()
      const developer = await other.newPage()
      await signInThrough(developer, url('/log'), 'dev@example.com')
      await developer.waitForSelector('[data-testid=menu-log]')
      expect(await developer.locator('[data-testid=menu-billing]').count()).toBe(0)
      const refused = await developer.request.get(url(`/query/billing/details/${thisMonth}`), {
        headers: { device: 'e2e-billing', accept: 'application/json' },
      })
      expect(refused.status()).toBe(403)
      await other.close()
    })
  })
