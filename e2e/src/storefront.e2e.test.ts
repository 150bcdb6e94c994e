import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { makeSite, type Site } from './site.js'
import { screenshot, signIn } from './browser.js'

/** The storefront's sign-in screens against the real server: login, reset from the outbox, block. */
describe('the storefront sign-in screens in Chromium', () => {
  let site: Site
  const url = (address: string) => site.url(address)
  const shot = (page: Page, name: string) => screenshot(page, `storefront-${name}`)

  async function fresh(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await site.browser.newContext({ viewport: { width: 1100, height: 800 } })
    return { context, page: await context.newPage() }
  }

  /** The links of the newest reset e-mail in DATA_DIR/outbox, read from an e-mail file. */
  function resetLinksIn(file: string): { reset: string; block: string } | null {
    // Quoted-printable: soft line breaks and escapes (the block link's `?code=` is `=3D`).
    const text = fs
      .readFileSync(file, 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    const reset = /https?:\/\/[^\s"<>]+\/reset\/[^\s"<>]+/.exec(text)?.[0]
    const block = /https?:\/\/[^\s"<>]+\/block\/[^\s"<>]+/.exec(text)?.[0]
    if (!reset || !block) return null
    const blocked = new URL(block)
    return { reset: new URL(reset).pathname, block: `${blocked.pathname}${blocked.search}` }
  }

  /**
   * The links of the newest reset e-mail in DATA_DIR/outbox. The mail queue writes it just after
   * the request is answered: wait for it.
   */
  async function lastResetLinks(): Promise<{ reset: string; block: string }> {
    const outbox = path.join(site.cwd, 'data', 'outbox')
    let links: { reset: string; block: string } | null = null
    await expect
      .poll(
        () => {
          const newest = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().at(-1) : undefined
          links = newest ? resetLinksIn(path.join(outbox, newest)) : null
          return links !== null
        },
        { timeout: 10_000 },
      )
      .toBe(true)
    return links!
  }

  beforeAll(async () => {
    site = await makeSite({
      users: [
        { email: 'ada@example.com', type: 'customer', roles: '' },
        { email: 'staff@example.com', type: 'employee', roles: 'administrator' },
      ],
    })
  })
  afterAll(() => site?.close())

  it('signs a shopper in with the two steps; the header then links to the account', async () => {
    const { context, page } = await fresh()
    await page.goto(url('/'))
    await page.click('[data-testid=login-link]')
    await page.waitForURL(/\/login$/)
    await page.fill('[data-testid=login-email]', 'not an e-mail')
    await page.click('[data-testid=login-next]')
    expect(await page.textContent('.sw-field-error')).toBe('Invalid email address.')
    await page.fill('[data-testid=login-email]', 'ada@example.com')
    await page.click('[data-testid=login-next]')
    await page.waitForSelector('[data-testid=login-password]')
    await shot(page, 'login-password')
    await page.fill('[data-testid=login-password]', 'wrong-password')
    await page.click('[data-testid=login-submit]')
    expect(await page.textContent('[role=alertdialog][open]')).toContain('Access Denied.')
    await page.click('[data-testid=alert-ok]')
    await page.fill('[data-testid=login-password]', 'secret12')
    await page.click('[data-testid=login-submit]')
    await page.waitForURL(url('/'))
    await page.waitForSelector('[data-testid=account-link]')
    expect(await page.textContent('[data-testid=account-link]')).toContain('ada')
    await context.close()
  })

  it('brings staff from the admin to /login and back to where they were going', async () => {
    const { context, page } = await fresh()
    await page.goto(url('/data/country'))
    await page.waitForURL(/\/login\?next=%2Fdata%2Fcountry$/)
    // The storefront theme's screen, not the admin's own: only the theme has the shop's header.
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
    await page.waitForSelector('[data-testid=login-link]')
    await signIn(page, 'staff@example.com')
    await page.waitForURL(url('/data/country'))
    await page.waitForSelector('[data-testid=record-list]')
    // Signing out of the admin leads to the theme's sign-in too.
    await page.click('[data-testid=logout]')
    await page.waitForURL(/\/login\?next=%2Fdata%2Fcountry$/)
    await page.waitForSelector('[data-testid=login-link]')
    await context.close()
  })

  it('lets a shopper pick an icon, add an address and a card, and sign out', async () => {
    const { context, page } = await fresh()
    await page.goto(url('/account'))
    // Not signed in: the account address shows the login, which comes back here.
    await signIn(page, 'ada@example.com')
    await page.waitForURL(url('/account'))
    await page.click('[data-testid=account-icon]')
    await page.waitForSelector('[data-testid=generated-icon]')
    expect(await page.locator('[data-testid=generated-icon]').count()).toBe(32)
    await shot(page, 'icon-picker')
    const picked = page.waitForResponse((response) =>
      /\/query\/account\/image\/customer\//.test(response.url()),
    )
    await page.locator('[data-testid=generated-icon]').nth(5).click()
    expect((await picked).status()).toBe(200)

    await page.click('text=Address Book')
    await page.waitForURL(/\/account\/addressbook$/)
    await page.click('[data-testid=address-new]')
    await page.waitForSelector('[data-testid=address-form]')
    await page.click('[data-testid=address-save]')
    expect(await page.textContent('[role=alertdialog][open]')).toContain('A value is required.')
    await page.click('[data-testid=alert-ok]')
    expect(await page.textContent('[data-testid=address-form] .sw-field-error:not(:empty)')).toBe(
      'A value is required.',
    )
    await page.fill('[data-testid=address-addr1]', '1 Main Street')
    await page.fill('[data-testid=address-city]', 'Lyon')
    await page.fill('[data-testid=address-zip]', '69001')
    await page.selectOption('[data-testid=address-country]', 'fr')
    await page.click('[data-testid=address-save]')
    await page.waitForURL(/\/account\/addressbook$/)
    await page.waitForSelector('[data-testid=address-card]:has-text("1 Main Street")')

    await page.click('text=Credit Cards')
    await page.click('[data-testid=card-new]')
    await page.fill('[data-testid=card-ccnumber]', '4111 1111 1111 1111')
    await page.fill('[data-testid=card-ccexpiredate]', `12/${new Date().getFullYear() + 2}`)
    await page.click('[data-testid=card-save]')
    await page.waitForURL(/\/account\/creditcards$/)
    await page.waitForSelector('[data-testid=card-card]:has-text("1111")')
    await shot(page, 'cards')
    expect(await page.content()).not.toContain('4111 1111 1111 1111')

    await page.click('[data-testid=logout]')
    await page.waitForURL(url('/'))
    await page.waitForSelector('[data-testid=login-link]')
    await context.close()
  })

  it('follows a reset from the outbox e-mail to a new password and a sign-in', async () => {
    const { context, page } = await fresh()
    await page.goto(url('/login'))
    await page.fill('[data-testid=login-email]', 'ada@example.com')
    await page.click('[data-testid=login-next]')
    await page.click('[data-testid=forgot-password]')
    await page.waitForURL(/\/reset\/customer\/\w+$/)
    await page.waitForSelector('[data-testid=reset-request]')
    await page.fill('[data-testid=reset-email]', 'ada@example.com')
    await page.click('[data-testid=reset-send]')
    await page.waitForURL(/\/login$/)

    const links = await lastResetLinks()
    await page.goto(url(links.reset))
    await page.waitForSelector('[data-testid=reset-set]')
    await page.fill('[data-testid=reset-password]', 'short')
    await page.click('[data-testid=reset-submit]')
    expect(await page.textContent('[data-testid=reset-set] .sw-field-error')).toBe(
      'Your password must be at least 6 characters long.',
    )
    await page.fill('[data-testid=reset-password]', 'a new secret')
    await page.fill('[data-testid=reset-repeat]', 'a new secret')
    await shot(page, 'reset')
    await page.click('[data-testid=reset-submit]')
    await page.waitForURL(/\/login$/)
    await signIn(page, 'ada@example.com', 'a new secret')
    await page.waitForSelector('[data-testid=account-link]')

    // The code worked once: the same link now asks for a new e-mail.
    await page.goto(url(links.reset))
    await page.waitForSelector('[data-testid=reset-request]')
    await context.close()
  })

  it("blocks the device from the e-mail's block link", async () => {
    const { context, page } = await fresh()
    const links = await lastResetLinks()
    await page.goto(url(links.block))
    await page.click('[data-testid=block]')
    await page.waitForSelector('[data-testid=blocked]')
    expect(await page.textContent('[data-testid=blocked]')).toContain(
      "We've stopped that device from attempting to login. Thank you for letting us know.",
    )
    await shot(page, 'blocked')
    await context.close()
  })

  it('lets a stranger sign up, confirm from the outbox e-mail and land signed in, on a phone too', async () => {
    for (const [width, height, name] of [
      [1100, 800, 'wide'],
      [390, 844, 'phone'],
    ] as const) {
      const context = await site.browser.newContext({ viewport: { width, height } })
      const page = await context.newPage()
      await page.goto(url('/login'))
      await page.click('[data-testid=login-register]')
      await page.waitForURL(url('/register'))
      await page.waitForSelector('[data-testid=register-submit]:not([disabled])')
      // Sent empty: every field says what it needs, nothing is sent.
      await page.click('[data-testid=register-submit]')
      expect(await page.locator('.sw-field-error:not(:empty)').count()).toBe(4)
      const email = `nina-${name}@example.com`
      await page.fill('[data-testid=register-name]', 'Nina Newcomer')
      await page.fill('[data-testid=register-email]', email)
      await page.fill('[data-testid=register-password]', 'Sunny-day-42')
      await page.check('[data-testid=register-consent]')
      // A person takes a few seconds over the form; the server refuses one sent within two.
      await page.waitForTimeout(2_100)
      const before = fs.readdirSync(path.join(site.cwd, 'data', 'outbox')).length
      await page.click('[data-testid=register-submit]')
      await page.waitForSelector('[data-testid=register-sent]')
      expect(await page.textContent('[data-testid=register-sent]')).toContain(email)
      await shot(page, `register-sent-${name}`)
      await expect
        .poll(() => fs.readdirSync(path.join(site.cwd, 'data', 'outbox')).length)
        .toBe(before + 1)
      const outbox = path.join(site.cwd, 'data', 'outbox')
      const text = fs
        .readFileSync(path.join(outbox, fs.readdirSync(outbox).sort().at(-1)!), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=')
      // The code rides in the fragment, which the browser never sends to the server.
      const link = new URL(/https?:\/\/[^\s"<>]+\/verify#code=[\w-]{43}/.exec(text)![0])
      await page.goto(url(`${link.pathname}${link.hash}`))
      await page.click('[data-testid=verify]:not([disabled])')
      await page.waitForSelector('[data-testid=verified]')
      expect(await page.textContent('[data-testid=verified-email]')).toBe(email)
      // The page reloaded once: its header shows who is signed in, and the code left the address.
      await page.waitForSelector('[data-testid=account-link]')
      expect(new URL(page.url()).hash).toBe('')
      await shot(page, `verified-${name}`)
      // The link works once.
      await page.goto(url(`${link.pathname}${link.hash}`))
      await page.click('[data-testid=verify]:not([disabled])')
      await page.waitForSelector('[data-testid=verify-error]')
      expect(await page.textContent('[data-testid=verify-error]')).toContain('expired or was used')
      await context.close()
    }
  })

  it('switches to French and EUR on /locale, and keeps them after a reload', async () => {
    const { context, page } = await fresh()
    await page.goto(url('/'))
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
    await page.click('[data-testid=locale-link]')
    await page.waitForURL(/\/locale$/)
    await page.waitForSelector('[data-testid=locale-country] option[value=fr]', {
      state: 'attached',
    })
    await page.selectOption('[data-testid=locale-country]', 'fr')
    await page.selectOption('[data-testid=locale-currency]', 'eur')
    await page.selectOption('[data-testid=locale-language]', 'fr')
    await shot(page, 'locale')
    await page.click('[data-testid=locale-save]')
    await page.waitForURL(url('/'))
    expect(await page.textContent('[data-testid=locale-link]')).toBe('€ FR')
    await page.reload()
    // The server renders the choice (its cookie) and the browser keeps it (local storage).
    expect(await page.textContent('[data-testid=locale-link]')).toBe('€ FR')
    expect(await page.getAttribute('html', 'lang')).toBe('fr')
    await context.close()
  })

  it('answers an unknown address with Page not Found and 404', async () => {
    const { context, page } = await fresh()
    const response = await page.goto(url('/no/such/page'))
    expect(response?.status()).toBe(404)
    expect(await page.title()).toBe('Page not Found | Shopwright')
    await context.close()
  })
})
