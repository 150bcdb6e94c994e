import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { axeProblems } from './axe.js'
import {
  collectErrors,
  PHONE,
  screenshot,
  shotAtWidths,
  signInThrough,
  siteDatabases,
} from './browser.js'
import { makeSite, type Site, type SiteUser } from './site.js'

/** A desktop browser's user agent: headless Chromium's own says HeadlessChrome, a robot. */
const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
/** Addresses the shipped DB-IP database places in London and in Mountain View. */
const LONDON_IP = '81.2.69.142'
const MOUNTAIN_VIEW_IP = '8.8.8.8'

const zoomOf = async (page: Page) =>
  Number(await page.getAttribute('[data-testid=globe]', 'data-zoom'))
const centreOf = async (page: Page) =>
  (await page.getAttribute('[data-testid=globe]', 'data-centre'))!.split(',').map(Number)

/**
 * Where the canvas shows the primary marker colour (a genuine visitor's place): the middle of
 * those pixels, in page coordinates, or null.
 */
async function primaryMarker(page: Page): Promise<{ x: number; y: number } | null> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid=globe] canvas')!
    const holder = document.querySelector('.sw-globe-marker-primary')!
    const [r, g, b] = getComputedStyle(holder).color.match(/\d+/g)!.map(Number) as [
      number,
      number,
      number,
    ]
    const context = canvas.getContext('2d')!
    const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height)
    let sumX = 0
    let sumY = 0
    let count = 0
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 4
        if (
          Math.abs(data[i]! - r) < 12 &&
          Math.abs(data[i + 1]! - g) < 12 &&
          Math.abs(data[i + 2]! - b) < 12
        ) {
          sumX += x
          sumY += y
          count++
        }
      }
    if (count === 0) return null
    const box = canvas.getBoundingClientRect()
    return {
      x: box.left + (sumX / count) * (box.width / width),
      y: box.top + (sumY / count) * (box.height / height),
    }
  })
}

/** The desktop width the walks use. */
const DESKTOP = { width: 1366, height: 900 }

/** The menu entries marked as the current page. */
const highlighted = (page: Page) =>
  page.$$eval('.sw-admin-menu a[aria-current=page]', (links) =>
    links.map((link) => link.textContent?.trim()),
  )

/** axe-core's serious and critical problems at the desktop width and at a phone's. */
async function axeAtWidths(page: Page): Promise<unknown[]> {
  const own = page.viewportSize()!
  const problems: unknown[] = []
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size)
    await page.waitForTimeout(200)
    for (const problem of await axeProblems(page)) problems.push({ width: size.width, ...problem })
  }
  await page.setViewportSize(own)
  return problems
}

/** The staff who see the visits: a manager, and marketing. */
const ACCOUNTS: readonly SiteUser[] = [
  { email: 'manager@example.com', roles: 'allmanagers' },
  { email: 'marketer@example.com', roles: 'marketing' },
]

/** Issue 16's browser walk: a visitor from London browses; a manager sees it in Insights and on the globe. */
for (const database of siteDatabases())
  describe.skipIf(database.skip)(
    `insights and the live globe in Chromium (${database.name})`,
    () => {
      let site: Site
      let staff: BrowserContext
      let page: Page
      const errors: string[] = []
      const url = (address: string) => site.url(address)
      const shot = (name: string) => screenshot(page, `insights-${database.name}-${name}`)

      beforeAll(async () => {
        site = await makeSite({
          database,
          users: ACCOUNTS,
          // Behind one trusted proxy, as a site is: the visitor's address is the proxy's X-Forwarded-For.
          serverEnv: { SESSIONS_FLUSH_MS: '100', TRUST_PROXY: 'true' },
        })
        // A visitor from London browses two pages: a genuine, confirmed session.
        const visitor = await site.browser.newContext({
          viewport: { width: 1100, height: 700 },
          userAgent: CHROME_ON_WINDOWS,
          locale: 'en-GB',
          extraHTTPHeaders: { 'x-forwarded-for': LONDON_IP },
        })
        const browsing = await visitor.newPage()
        await browsing.goto(url('/'))
        const tracked = browsing.waitForResponse(
          (response) => response.url().endsWith('/query/track'),
          {
            timeout: 30_000,
          },
        )
        await browsing.click('a[href="/about"]')
        await browsing.waitForURL(/\/about$/)
        expect((await tracked).status()).toBe(200)
        await visitor.close()
        // A script from Mountain View: a robot, never confirmed (an Other marker).
        await fetch(url('/'), {
          headers: {
            accept: 'text/html',
            'user-agent': 'curl/8.5.0',
            'x-forwarded-for': MOUNTAIN_VIEW_IP,
          },
        })
        // The staff's saved location is Great Britain: the globe opens over it (zoom 14).
        staff = await site.browser.newContext({ viewport: { width: 1280, height: 900 } })
        await staff.addInitScript(() =>
          localStorage.setItem(
            'sw.locale',
            JSON.stringify({ country: 'gb', currency: 'usd', language: 'en-us' }),
          ),
        )
        page = await staff.newPage()
        collectErrors(page, errors)
      })
      afterAll(() => site?.close())

      it("shows today's visit in Insights: the charts, their tables and the lists", async () => {
        await signInThrough(page, url('/data'), 'manager@example.com')
        await page.click('a[href="/insights"]')
        await page.waitForURL(/\/insights$/)
        await page.waitForSelector('[data-testid=chart-traffic]')
        const today = String(new Date().getUTCDate())
        // The table behind the Traffic chart: today's row holds the visitor's two pages.
        const cells = () =>
          page.$$eval('[data-testid=chart-traffic] tbody tr', (rows) =>
            rows.map((row) =>
              Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent),
            ),
          )
        await expect
          .poll(async () => (await cells()).find((row) => row[0] === today)?.[1])
          .toBe('2')
        expect(await page.locator('[data-testid=top-countries]').textContent()).toContain(
          'United Kingdom',
        )
        expect(await page.locator('[data-testid=top-entrypages]').textContent()).toContain('/')
        expect(await page.locator('[data-testid=top-routes]').textContent()).toContain('/about')
        expect(await page.locator('figure', { hasText: 'Browsers' }).textContent()).toContain(
          'Chrome',
        )
        await shot('month')
        // Issue 35: today is live, named; the site is new, so no day of the month is stored yet.
        expect(await page.textContent('[data-testid=insights-live-days]')).toMatch(
          /Today: counted as visits come in; the hourly roll-up stores a day/,
        )
        expect(await page.textContent('[data-testid=insights-last-rollup]')).toBe(
          'No day of this month is rolled up yet.',
        )
        expect(await highlighted(page)).toEqual(['Insights'])
        expect(await axeAtWidths(page)).toEqual([])
        await shotAtWidths(page, `insights-${database.name}-month-note`)
        // The previous month, from the picker: its address, and nothing counted.
        await page.click('button[aria-label="Previous month"]')
        await page.waitForURL(/\/insights\?month=\d{4}-\d{2}$/)
        await page.waitForSelector('text=Nothing this month.')
        await shot('previous-month')
      })

      it('turns, zooms and picks on the live globe', async () => {
        // The land held back a moment: the globe says it loads, and counts its layers.
        // The layer is fetched under its hash (`earth_countries.json?v=...`): the query included.
        const countries = /\/earth_countries\.json(\?.*)?$/
        await page.route(countries, async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 1_500))
          await route.continue()
        })
        await page.click('a[href="/insights/live"]')
        await page.waitForURL(/\/insights\/live$/)
        const loading = page.locator('[data-testid=globe-loading]')
        await loading.waitFor()
        expect(await loading.locator('[role=status]').textContent()).toBe('Loading the map')
        expect(await page.getAttribute('[data-testid=globe-layer-progress]', 'aria-label')).toMatch(
          /^\d+ of \d+ map layers$/,
        )
        await shot('globe-loading')
        // One menu entry highlighted: Live Insights, not Insights as well.
        expect(await highlighted(page)).toEqual(['Live Insights'])
        await loading.waitFor({ state: 'detached', timeout: 15_000 })
        await page.unroute(countries)
        await page.locator('[data-testid=globe-progress]').waitFor({
          state: 'detached',
          timeout: 30_000,
        })
        await page.waitForSelector('[data-testid=globe][data-zoom]')
        await expect
          .poll(() => page.textContent('[data-testid=live-counts]'))
          .toMatch(/^\d+ live now, 2 sessions on the globe$/)
        // The saved location's view: Great Britain at zoom 14, once the country names have loaded.
        expect(await zoomOf(page)).toBe(14)
        // The view moves there once the country names load, which a loaded machine takes a while to.
        await expect
          .poll(
            async () => {
              const [longitude, latitude] = await centreOf(page)
              return Math.abs(longitude! + 2) < 6 && Math.abs(latitude! - 54) < 6
            },
            { timeout: 15_000 },
          )
          .toBe(true)
        // Layers load as the zoom needs them; let them draw, then find the London marker and pick it.
        await page.waitForTimeout(2_500)
        await shot('globe')
        const marker = await primaryMarker(page)
        expect(marker).not.toBeNull()
        await page.mouse.click(marker!.x, marker!.y)
        await expect
          .poll(() => page.locator('[data-testid=globe-info]').textContent())
          .toContain('London')
        expect(await page.locator('[data-testid=globe-info]').textContent()).toContain(
          'United Kingdom',
        )
        await shot('picked')

        // A drag turns the globe: the centre moves against the pointer.
        const canvas = (await page.locator('[data-testid=globe] canvas').boundingBox())!
        const [lonBefore] = await centreOf(page)
        await page.mouse.move(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2)
        await page.mouse.down()
        for (let step = 1; step <= 10; step++)
          await page.mouse.move(
            canvas.x + canvas.width / 2 + step * 15,
            canvas.y + canvas.height / 2,
          )
        await page.mouse.up()
        const [lonAfter] = await centreOf(page)
        expect(lonAfter).toBeLessThan(lonBefore!)

        // The minus button held: ÷1.1 every 100 ms until released.
        const before = await zoomOf(page)
        const minus = (await page.locator('[data-testid=globe-zoom-out]').boundingBox())!
        await page.mouse.move(minus.x + minus.width / 2, minus.y + minus.height / 2)
        await page.mouse.down()
        await page.waitForTimeout(650)
        await page.mouse.up()
        const held = await zoomOf(page)
        const steps = Math.round(Math.log(before / held) / Math.log(1.1))
        expect(steps).toBeGreaterThanOrEqual(4)
        expect(steps).toBeLessThanOrEqual(9)
        await page.waitForTimeout(300)
        expect(await zoomOf(page)).toBe(held)

        // The wheel zooms only with ctrl.
        await page.mouse.move(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2)
        await page.mouse.wheel(0, -100)
        expect(await zoomOf(page)).toBe(held)
        await page.keyboard.down('Control')
        await page.mouse.wheel(0, -100)
        await page.keyboard.up('Control')
        await expect.poll(() => zoomOf(page)).toBeGreaterThan(held)
        await shot('turned')
        expect(await axeAtWidths(page)).toEqual([])
        expect(errors).toEqual([])
      })

      it('opens on the visitors for staff with no saved location', async () => {
        const other = await site.browser.newContext({ viewport: DESKTOP })
        const fresh = await other.newPage()
        const freshErrors: string[] = []
        collectErrors(fresh, freshErrors)
        await signInThrough(fresh, url('/insights/live'), 'manager@example.com')
        await fresh.waitForSelector('[data-testid=globe][data-centre]')
        // London's genuine visit, at a country's zoom; the robot in Mountain View does not pull it.
        const [longitude, latitude] = await centreOf(fresh)
        expect(Math.abs(longitude! + 0.13)).toBeLessThan(1)
        expect(Math.abs(latitude! - 51.5)).toBeLessThan(1)
        expect(await zoomOf(fresh)).toBe(14)
        // Every layer in: neither the loading state nor the corner bar is left.
        await fresh.locator('[data-testid=globe-loading], [data-testid=globe-progress]').waitFor({
          state: 'detached',
          timeout: 30_000,
        })
        await shotAtWidths(fresh, `insights-${database.name}-globe-visitors`)
        expect(freshErrors).toEqual([])
        await other.close()
      })

      it('keeps marketing out: no menu entry, and the calls refuse', async () => {
        const other = await site.browser.newContext()
        const marketer = await other.newPage()
        await signInThrough(marketer, url('/data'), 'marketer@example.com')
        expect(await marketer.locator('a[href="/insights"]').count()).toBe(0)
        const answer = await marketer.evaluate(async () => {
          const response = await fetch('/query/insights/live', { headers: { device: 'e2e' } })
          return response.status
        })
        expect(answer).toBe(403)
        await other.close()
      })
    },
  )
