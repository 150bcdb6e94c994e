import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { screenshot, signInThrough, siteDatabases } from './browser.js'
import { makeSite, type Site } from './site.js'

/** A desktop browser's user agent: headless Chromium's own says HeadlessChrome, a robot. */
const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

/** Issue 15's browser walk: a visitor browses the storefront, staff see the session and its pages. */
for (const database of siteDatabases())
  describe.skipIf(database.skip)(`visitor sessions in Chromium (${database.name})`, () => {
    let site: Site
    const errors: string[] = []
    const url = (address: string) => site.url(address)
    const shot = (page: Page, name: string) => screenshot(page, `sessions-${database.name}-${name}`)

    beforeAll(async () => {
      site = await makeSite({
        database,
        // A manager, not an administrator: the seeded `sessions` security record lets allmanagers in.
        users: [{ email: 'manager@example.com', roles: 'allmanagers' }],
        serverEnv: { SESSIONS_FLUSH_MS: '100' },
      })
    })
    afterAll(() => site?.close())

    it('a visitor browses two pages; the session is confirmed with them in /sessions and /session/{id}', async () => {
      const visitor = await site.browser.newContext({
        viewport: { width: 1100, height: 700 },
        userAgent: CHROME_ON_WINDOWS,
        locale: 'en-GB',
      })
      const page = await visitor.newPage()
      page.on('pageerror', (error) => errors.push(String(error)))
      await page.goto(url('/'))
      const cookie = (await visitor.cookies()).find((each) => each.name === 'sw_visit')
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
      // A client navigation, then a scroll; the tracker posts once the visitor is quiet (5 s).
      const tracked = page.waitForResponse((response) => response.url().endsWith('/query/track'), {
        timeout: 30_000,
      })
      await page.click('a[href="/about"]')
      await page.waitForURL(/\/about$/)
      await page.mouse.wheel(0, 2_000)
      const answer = await tracked
      expect(answer.status()).toBe(200)
      expect(await answer.json()).toEqual({ pages: 2 })
      await shot(page, 'visitor')
      await visitor.close()
      // A tool asking for a page and for a file no shop has: a robot and a virus, never confirmed.
      for (const address of ['/contact', '/.env']) {
        const probe = await fetch(url(address), {
          headers: { 'user-agent': 'curl/8.5.0', cookie: 'sw_visits=1' },
        })
        expect(probe.status).toBe(address === '/contact' ? 200 : 404)
      }

      const staff = await site.browser.newContext({ viewport: { width: 1280, height: 900 } })
      const admin = await staff.newPage()
      admin.on('pageerror', (error) => errors.push(String(error)))
      await signInThrough(admin, url('/sessions'), 'manager@example.com')
      const row = admin.locator('[data-testid=sessions-table] tbody tr', { hasText: 'Chrome 131' })
      await row.first().waitFor()
      expect(await row.count()).toBe(1)
      // Confirmed (not dimmed), live, Chrome on Windows with their icons.
      expect(await row.locator('[aria-disabled=true]').count()).toBe(0)
      expect(await row.locator('[data-testid=live]').count()).toBe(1)
      expect(await row.locator('[data-icon=chrome]').count()).toBe(1)
      expect(await row.locator('[data-icon=windows]').count()).toBe(1)
      expect(await admin.textContent('[data-testid=dbip-credit]')).toContain('DB-IP')
      // The tool's visits: dimmed (unconfirmed), with the robot icon, one flagged as a virus.
      const tools = admin.locator('[data-testid=sessions-table] tbody tr', {
        has: admin.locator('[data-icon=robot]'),
      })
      await expect.poll(() => tools.locator('[aria-disabled=true]').count()).toBeGreaterThan(0)
      expect(await admin.locator('[data-testid=sessions-table] [data-icon=virus]').count()).toBe(1)
      await shot(admin, 'list')

      await row.click()
      await admin.waitForURL(/\/session\/[A-Za-z0-9_-]+$/)
      const fields = admin.locator('[data-testid=session-fields]')
      await fields.waitFor()
      const text = (await fields.textContent()) ?? ''
      for (const shown of ['Chrome 131', 'Windows 10', CHROME_ON_WINDOWS, 'en-gb', 'Genuine'])
        expect(text, shown).toContain(shown)
      const pages = admin.locator('[data-testid=session-pages] tbody tr')
      await pages.first().waitFor()
      const hrefs = await pages.evaluateAll((rows) =>
        rows.map((each) => each.querySelector('td')?.textContent ?? ''),
      )
      expect(hrefs).toEqual(['/', '/about'])
      await shot(admin, 'detail')
      expect(errors).toEqual([])
    })
  })
