import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { PHONE, screenshot, shotAtWidths, signInThrough, siteDatabases } from './browser.js'
import { makeSite, openPage, type Site, type SiteUser } from './site.js'

/** The staff the walk signs in as, one for each set of rights it checks. */
const ACCOUNTS: readonly SiteUser[] = [
  { email: 'boss@example.com', roles: 'administrator' },
  { email: 'manager@example.com', roles: 'allmanagers' },
  { email: 'dev@example.com', roles: 'development' },
]

/** The log issue's browser walk: a change appears with who made it, filters, the clear. */
for (const database of siteDatabases())
  describe.skipIf(database.skip)(`the Log screen in Chromium (${database.name})`, () => {
    let site: Site
    let context: BrowserContext
    let page: Page
    const errors: string[] = []
    const shot = (name: string, target: Page = page) =>
      screenshot(target, `log-${database.name}-${name}`)
    const url = (address: string) => site.url(address)
    const signIn = (target: Page, email: string) => signInThrough(target, url('/log'), email)

    /** A `/query` call from the page's session (its cookie and a Device header). */
    async function query(target: Page, method: 'GET' | 'POST', address: string, data?: unknown) {
      const response = await target.request.fetch(url(address), {
        method,
        headers: { device: 'e2e-log', accept: 'application/json' },
        ...(data === undefined ? {} : { data }),
      })
      expect(response.status(), `${method} ${address}: ${await response.text()}`).toBe(200)
      return (await response.json()) as Record<string, unknown>
    }

    /** Reloads the screen until a line matching the selector shows (copied lines are written each second). */
    async function waitForLine(selector: string) {
      for (let attempt = 0; attempt < 20; attempt++) {
        if ((await page.locator(selector).count()) > 0) return
        await page.waitForTimeout(500)
        await page.click('[data-testid=refresh]')
        await page.waitForTimeout(300)
      }
      throw new Error(`no log line matches ${selector}`)
    }

    beforeAll(async () => {
      site = await makeSite({
        database,
        users: ACCOUNTS,
      })
      const viewport = { width: 1400, height: 900 }
      ;({ context, page } = await openPage(site.browser, { viewport }, errors))
    })
    afterAll(() => site?.close())

    it('shows a change made here by the record’s and the account’s names, linking to both', async () => {
      await signIn(page, 'manager@example.com')
      const me = await query(page, 'GET', '/query/account/get')
      await query(page, 'POST', '/query/data/create', {
        type: 'webpage',
        id: 'logged-page',
        headline: 'Logged page',
      })
      // The menu shows the entry once the caller's rights on `log` are known.
      await page.waitForSelector('[data-testid=menu-log]')
      await page.click('[data-testid=menu-log]')
      // The sign-in landed on this screen before the change: the rows first shown may predate it.
      await waitForLine(
        '[data-testid=log-lines] tbody tr:first-child [data-testid=log-record-link][href="/data/webpage/logged-page"]',
      )
      const first = page.locator('[data-testid=log-lines] tbody tr').first()
      // A web page is named by its headline; the id stays in small type under it.
      expect(await first.locator('[data-testid=log-record-link]').textContent()).toBe('Logged page')
      expect(await first.locator('[data-testid=log-record-id]').textContent()).toBe('logged-page')
      // Accounts added without a name are named by their address's first part.
      const actor = first.locator('[data-testid=log-actor]')
      expect(await actor.textContent()).toBe(String(me.name))
      expect(await actor.getAttribute('href')).toBe(`/data/${String(me.type)}/${String(me.id)}`)
      expect(await first.textContent()).toContain('created')
      expect(await first.locator('[data-testid=log-type-link]').getAttribute('href')).toBe(
        '/data/webpage',
      )
      await shot('lines')
      await first.locator('[data-testid=log-record-link]').click()
      await page.waitForURL(/\/data\/webpage\/logged-page$/)
      await page.waitForSelector('[data-testid=record-editor]')
      await page.goBack()
      await page.waitForSelector('[data-testid=log-lines] tbody tr')
    })

    it('names an item by its type’s title field (its display name), on a desk and on a phone', async () => {
      // An item has no title, headline or name: only its type's titlefield names it.
      await query(page, 'POST', '/query/data/update/item/classic-tee', [
        { field: 'displayname', value: 'Classic Tee, logged' },
      ])
      await waitForLine(
        '[data-testid=log-lines] tbody tr:first-child [data-testid=log-record-link]:text-is("Classic Tee, logged")',
      )
      const first = page.locator('[data-testid=log-lines] tbody tr').first()
      expect(await first.locator('[data-testid=log-record-link]').getAttribute('href')).toBe(
        '/data/item/classic-tee',
      )
      expect(await first.locator('.log-name-note').textContent()).toBe('Item · classic-tee')
      expect(await first.locator('[data-testid=log-filter-record]').count()).toBe(1)
      await shotAtWidths(page, `log-${database.name}-names`)
      // On a phone the cells wrap: the page itself never scrolls sideways.
      await page.setViewportSize(PHONE)
      await page.waitForTimeout(150)
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true)
      await page.setViewportSize({ width: 1400, height: 900 })
    })

    it('shows a server warning with its context, and filters by level and by record', async () => {
      // An administrator changing an account's roles: the account plugin warns, naming who did it.
      const boss = await context.browser()!.newPage()
      await signIn(boss, 'boss@example.com')
      const developers = await query(
        boss,
        'GET',
        '/query/data/list/employee?fields=email&pagesize=100',
      )
      const developer = (developers.list as Array<{ id: string; email: string }>).find(
        (each) => each.email === 'dev@example.com',
      )!
      await query(boss, 'POST', `/query/data/update/employee/${developer.id}`, [
        { field: 'roles', value: ['development', 'support'] },
      ])
      await boss.close()

      await page.selectOption('[data-testid=log-level]', 'warn')
      await page.waitForURL(/\?level=warn$/)
      await waitForLine('[data-testid=log-lines] tbody tr:has-text("account sign-in data changed")')
      const warning = page.locator('[data-testid=log-lines] tbody tr').first()
      expect(await warning.locator('[data-testid=log-level-badge]').textContent()).toBe('Warning')
      expect(await warning.locator('[data-testid=log-context]').textContent()).toContain(
        `account="employee|${developer.id}"`,
      )
      await warning.locator('.log-tree .log-tree summary').first().click()
      await shot('warning')

      await page.selectOption('[data-testid=log-level]', '')
      await page.fill('[data-testid=log-name]', 'webpage.logged-page')
      await page.click('[data-testid=log-name-apply]')
      await page.waitForURL(/\?name=webpage\.logged-page$/)
      // The rows shown before the filter stay until the filtered page answers.
      await page.waitForFunction(() => {
        const links = Array.from(document.querySelectorAll('[data-testid=log-record-link]'))
        return (
          links.length > 0 &&
          links.every((link) => link.getAttribute('href') === '/data/webpage/logged-page')
        )
      })
      const names = await page.locator('[data-testid=log-record-link]').allTextContents()
      expect(names.length).toBeGreaterThan(0)
      expect(new Set(names)).toEqual(new Set(['Logged page']))
      await shot('filtered')
    })

    it('clears after the confirmation and shows who cleared it', async () => {
      await page.goto(url('/log'))
      await page.waitForSelector('[data-testid=log-lines] tbody tr')
      expect(await page.locator('[data-testid=log-lines] tbody tr').count()).toBeGreaterThan(1)
      await page.click('[data-testid=clear]')
      await page.waitForSelector('text=Are you sure you want to clear the log?')
      await shot('clear-question')
      await page.click('[data-testid=dialog-ok]')
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid=log-lines] tbody tr').length === 1,
      )
      const only = page.locator('[data-testid=log-lines] tbody tr').first()
      expect(await only.textContent()).toContain('cleared the log')
      expect(await only.textContent()).toContain('server.log')
      await shot('cleared')
    })

    it('lets development read the log but not clear it', async () => {
      const developer = await context.browser()!.newPage({ viewport: { width: 1400, height: 900 } })
      await signIn(developer, 'dev@example.com')
      await developer.waitForSelector('[data-testid=log-lines] tbody tr')
      await developer.waitForSelector('[data-testid=menu-log]')
      expect(await developer.locator('[data-testid=clear]').count()).toBe(0)
      await shot('developer', developer)
      await developer.close()
      expect(errors).toEqual([])
    })
  })
