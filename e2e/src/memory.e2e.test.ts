import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { collectErrors, screenshot, signInThrough, siteDatabases } from './browser.js'
import { makeSite, type Site, type SiteUser } from './site.js'

/** The staff the walk signs in as, one for each set of rights it checks. */
const ACCOUNTS: readonly SiteUser[] = [
  { email: 'admin@example.com', roles: 'administrator' },
  { email: 'dev@example.com', roles: 'developmentmanager' },
  { email: 'office@example.com', roles: 'office' },
]

/** The memory issue's browser walk: the node's figures, one type cleared, Clear All, a refusal. */
for (const database of siteDatabases())
  describe.skipIf(database.skip)(`the memory screen in Chromium (${database.name})`, () => {
    let site: Site
    const contexts: BrowserContext[] = []
    const errors: string[] = []
    const url = (address: string) => site.url(address)

    async function signedIn(email: string): Promise<Page> {
      const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } })
      contexts.push(context)
      const page = await context.newPage()
      collectErrors(page, errors)
      await signInThrough(page, url('/memory'), email)
      return page
    }
    const shot = (page: Page, name: string) => screenshot(page, `memory-${database.name}-${name}`)
    const clearAnswer = (page: Page, address: string) =>
      page.waitForResponse((response) => response.url().endsWith(address), { timeout: 15_000 })

    beforeAll(async () => {
      site = await makeSite({
        database,
        users: ACCOUNTS,
      })
    })
    afterAll(async () => {
      for (const context of contexts) await context.close()
      await site?.close()
    })

    it("shows an administrator this node's figures and the types", async () => {
      const page = await signedIn('admin@example.com')
      await page.waitForSelector('[data-testid^=node-]')
      expect(await page.isVisible('[data-testid=menu-memory]')).toBe(true)
      expect(await page.locator('[data-testid^=node-]').count()).toBe(1)
      expect(await page.textContent('[data-testid^=node-] h2')).toMatch(
        /^Node \w{8} \(this node\)$/,
      )
      expect(await page.textContent('[data-testid=rss]')).toMatch(/mb$/)
      expect(await page.textContent('[data-testid=uptime]')).toMatch(/second|minute/)
      // The pages the sign-in read filled the access and record caches.
      expect(await page.textContent('[data-testid^=caches-]')).toContain('access')
      await shot(page, 'node')

      // One type: the confirmation, then the answer.
      await page.click('[data-testid=clear-access]')
      await page.waitForSelector('text=Are you sure you want to continue?')
      await shot(page, 'confirm')
      const one = clearAnswer(page, '/query/memory/clear/access')
      await page.click('[data-testid=dialog-ok]')
      expect((await one).status()).toBe(200)
      await page.waitForSelector('[data-testid=clear-status]')
      expect(await page.textContent('[data-testid=clear-status]')).toBe('Cleared on 1 of 1 nodes.')

      // A type this site keeps nothing of says so.
      await page.click('[data-testid=clear-css]')
      await page.click('[data-testid=dialog-ok]')
      await page.waitForSelector('text=Nothing to clear: this site keeps no css in memory.')

      // Clear All: cancelled first, then confirmed.
      await page.click('[data-testid=clear-all]')
      await page.click('[data-testid=dialog-cancel]')
      await page.click('[data-testid=clear-all]')
      const all = clearAnswer(page, '/query/memory/clear')
      await page.click('[data-testid=dialog-ok]')
      const reply = await all
      expect(reply.status()).toBe(200)
      expect(await reply.json()).toMatchObject({ nodes: { asked: 1, confirmed: 1 } })
      await page.waitForSelector('text=Cleared on 1 of 1 nodes.')
      await shot(page, 'cleared-all')
    })

    it("shows a refused clear under 'Unable to Clear' with the server's message", async () => {
      const page = await signedIn('dev@example.com')
      await page.waitForSelector('[data-testid=clear-html]')
      // An administrator takes the developers' delete right away while the screen is open.
      const admin = await signedIn('admin@example.com')
      const changed = await admin.request.post(url('/query/data/update/security/memory'), {
        headers: { device: 'e2e-memory' },
        data: [
          {
            field: 'access',
            value: [{ id: 'developmentmanager', role: 'developmentmanager', view: true }],
          },
        ],
      })
      expect(changed.status()).toBe(200)
      await page.click('[data-testid=clear-html]')
      await page.click('[data-testid=dialog-ok]')
      await page.waitForSelector('text=Unable to Clear')
      expect(await page.isVisible('text=Access Denied.')).toBe(true)
      await shot(page, 'unable-to-clear')
    })

    it('gives the menu entry only to those who may view the memory record', async () => {
      const office = await signedIn('office@example.com')
      // Without view the screen shows no figures: the list call is refused.
      await office.waitForSelector('.sw-error-view')
      expect(await office.locator('[data-testid^=node-]').count()).toBe(0)
      await shot(office, 'office-refused')
      await office.goto(url('/data'))
      await office.waitForSelector('[data-testid=account-name]')
      expect(await office.isVisible('[data-testid=menu-memory]')).toBe(false)
      await shot(office, 'office-menu')
      expect(errors).toEqual([])
    })
  })
