import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { axeProblems } from './axe.js'
import { SCREENSHOTS, signInThrough } from './browser.js'
import { makeSite, openPage, type Site, type SiteUser } from './site.js'

/** A laptop and a phone, as the admin shell's walk looks at every screen. */
const WIDTHS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const

/** A manager sees all three cards; a developer only the log's (view on `log`, none on the others). */
const ACCOUNTS: readonly SiteUser[] = [
  { email: 'manager@example.com', roles: 'allmanagers' },
  { email: 'dev@example.com', roles: 'development' },
]

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'

/**
 * The staff's home (issue 35, docs/admin.md, "Dashboard"): the sessions, insights and log plugins'
 * cards with a visitor on the site and a change just made, axe-core clean and no wider than the
 * screen at 1366 and 390 px.
 */
describe('the dashboard in Chromium', () => {
  let site: Site
  const errors: string[] = []
  const url = (address: string) => site.url(address)

  /** A `/query` call from the page's session (its cookie and a Device header). */
  async function query(page: Page, method: 'GET' | 'POST', address: string, data?: unknown) {
    const response = await page.request.fetch(url(address), {
      method,
      headers: { device: 'e2e-dashboard', accept: 'application/json' },
      ...(data === undefined ? {} : { data }),
    })
    expect(response.status(), `${method} ${address}: ${await response.text()}`).toBe(200)
    return (await response.json()) as Record<string, unknown>
  }

  beforeAll(async () => {
    site = await makeSite({ users: ACCOUNTS, serverEnv: { SESSIONS_FLUSH_MS: '100' } })
    // A visitor browses two pages: a confirmed session, live now, and today's page views.
    const visitor = await site.browser.newContext({ userAgent: CHROME_ON_WINDOWS })
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
  })
  afterAll(() => site?.close())

  for (const width of WIDTHS)
    it(`shows a manager live visitors, the traffic and the latest changes at ${width.width} px`, async () => {
      const { context, page } = await openPage(
        site.browser,
        { viewport: { width: width.width, height: width.height } },
        errors,
      )
      try {
        await signInThrough(page, url('/admin'), 'manager@example.com')
        const headline = `Dashboard page ${width.name}`
        const id = `dashboard-${width.name}`
        await query(page, 'POST', '/query/data/create', { type: 'webpage', id, headline })
        await page.reload()

        const live = page.locator('[data-testid=live-visitors-count]')
        await live.waitFor()
        expect(
          Number((await live.locator('.sw-dashboard-figure-value').textContent())!),
        ).toBeGreaterThanOrEqual(1)
        expect(await page.getAttribute('[data-testid=card-sessions-live] a', 'href')).toBe(
          '/sessions',
        )

        const total = page.locator('[data-testid=traffic-total] .sw-dashboard-figure-value')
        await total.waitFor()
        expect(Number((await total.textContent())!.replace(/\D/g, ''))).toBeGreaterThanOrEqual(2)
        expect(await page.getAttribute('[data-testid=card-insights-traffic] a', 'href')).toBe(
          '/insights',
        )
        expect(
          await page.locator('[data-testid=card-insights-traffic] svg[role=img]').count(),
        ).toBe(1)

        const first = page.locator('[data-testid=latest-change]').first()
        await first.waitFor()
        expect(await first.locator('[data-testid=latest-change-record]').textContent()).toBe(
          headline,
        )
        expect(await first.locator('[data-testid=latest-change-record]').getAttribute('href')).toBe(
          `/data/webpage/${id}`,
        )
        expect(await first.textContent()).toContain('created')
        expect(await first.locator('time').getAttribute('title')).toMatch(/\d/)

        // In order: commerce's first (when it has cards), then sessions, insights and log.
        const order = await page.$$eval('[data-testid=dashboard] > div', (cards) =>
          cards.map((card) => card.getAttribute('data-testid')),
        )
        expect(order.filter((card) => !card?.startsWith('card-commerce'))).toEqual([
          'card-sessions-live',
          'card-insights-traffic',
          'card-log-changes',
        ])

        expect(await axeProblems(page)).toEqual([])
        const past = await page.evaluate(() => {
          const shown = document.documentElement.clientWidth
          if (document.documentElement.scrollWidth <= shown) return []
          return Array.from(document.querySelectorAll<HTMLElement>('body *'))
            .filter((element) => element.getBoundingClientRect().right > shown + 1)
            .slice(0, 3)
            .map((element) => `${element.tagName.toLowerCase()}.${element.className}`)
        })
        expect(past).toEqual([])
        await page.screenshot({
          path: path.join(SCREENSHOTS, `dashboard-${width.width}.png`),
          fullPage: true,
        })
      } finally {
        await context.close()
      }
      expect(errors).toEqual([])
    })

  it('speaks French on a phone', async () => {
    const { context, page } = await openPage(
      site.browser,
      { viewport: { width: 390, height: 844 } },
      errors,
    )
    try {
      await signInThrough(page, url('/admin'), 'manager@example.com')
      await page.waitForSelector('[data-testid=latest-change]')
      await page.click('[data-testid=language]')
      await page.click('[data-testid=language-fr]')
      await page.waitForFunction(() => document.documentElement.lang === 'fr')
      const titles = await page.$$eval('[data-testid=dashboard] h2', (headings) =>
        headings.map((heading) => heading.textContent),
      )
      expect(titles.slice(-3)).toEqual([
        'Visiteurs en ligne',
        'Trafic des 30 derniers jours',
        'Dernières modifications',
      ])
      expect(await page.textContent('[data-testid=live-visitors-count]')).toContain(
        'Actifs en ce moment',
      )
      expect(await page.textContent('[data-testid=traffic-total]')).toContain(
        'Pages vues en 30 jours',
      )
      expect(await axeProblems(page)).toEqual([])
      await page.screenshot({
        path: path.join(SCREENSHOTS, 'dashboard-fr-390.png'),
        fullPage: true,
      })
      // The choice is the account's too: back to English for the walks after this one.
      await page.click('[data-testid=language]')
      await page.click('[data-testid=language-en-us]')
      await page.waitForFunction(() => document.documentElement.lang === 'en-us')
    } finally {
      await context.close()
    }
    expect(errors).toEqual([])
  })

  it('shows a developer the log’s card only', async () => {
    const { context, page } = await openPage(
      site.browser,
      { viewport: { width: 1366, height: 900 } },
      errors,
    )
    try {
      await signInThrough(page, url('/admin'), 'dev@example.com')
      await page.waitForSelector('[data-testid=latest-change]')
      const cards = await page.$$eval('[data-testid=dashboard] > div', (shown) =>
        shown.map((card) => card.getAttribute('data-testid')),
      )
      expect(cards.filter((card) => !card?.startsWith('card-commerce'))).toEqual([
        'card-log-changes',
      ])
    } finally {
      await context.close()
    }
    expect(errors).toEqual([])
  })
})
