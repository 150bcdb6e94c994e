import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { projectDir, run, startServer, type RunningServer } from '@shopwright/cli/testing'
import { collectErrors, launchBrowser, shotAtWidths } from './browser.js'
import { mailTo } from './outbox.js'

const DESKTOP = { width: 1366, height: 900 }

/**
 * Issue 33's guest checkout as a stranger walks it on a fresh project with the sample company:
 * from an item page, add to the cart, check out without an account (e-mail, address country
 * first, shipping method, a card), see the confirmation and open the order from its link in a
 * browser that has no cookie of the shop. In English and dollars, then in French and euros.
 * Screenshots go to e2e/screenshots/guest-*; the walk's time is logged (docs/benchmarks.md
 * reads it from `npm run bench`, never from here).
 */
describe('guest checkout in Chromium', () => {
  let server: RunningServer
  let browser: Browser
  let cwd: string
  const url = (address: string) => `${server.url}${address}`

  /** The order e-mail to `to` in DATA_DIR/outbox: its subject and the order link it carries. */
  async function orderMail(to: string): Promise<{ subject: string; link: string }> {
    const mail = await mailTo(cwd, to, /\/order\//)
    const link = new URL(/https?:\/\/[^\s"<>]+\/order\/[^\s"<>]+/.exec(mail.text)![0])
    return { subject: mail.subject, link: link.pathname + link.search }
  }

  beforeAll(async () => {
    cwd = projectDir()
    expect((await run(['seed'], cwd)).code).toBe(0)
    ;[server, browser] = await Promise.all([startServer(cwd), launchBrowser()])
  })
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  async function hydrated(page: Page): Promise<void> {
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
  }

  const shot = (page: Page, name: string) => shotAtWidths(page, `guest-${name}`)

  /** Buys one Ceramic Mug as a guest; answers the confirmation's order link. */
  async function buy(
    page: Page,
    words: { country: string; place: RegExp; thanks: string },
    prefix: string,
  ): Promise<string> {
    await page.goto(url('/item/ceramic-mug'))
    await hydrated(page)
    await page.click('[data-testid=add-to-cart]')
    await page.waitForSelector('[data-testid=added-dialog][open]')
    await page.click('[data-testid=view-cart]')
    await page.waitForURL(/\/cart$/)
    await page.click('[data-testid=checkout-button]')
    await page.waitForURL(/\/checkout$/)
    await page.waitForSelector('[data-testid=guest-form]')
    await hydrated(page)
    // Country first: the select is filled once the countries load.
    await page.waitForSelector('[data-testid=guest-country]:not([disabled])')
    await page.selectOption('[data-testid=guest-country]', 'us')
    expect(await page.locator('[data-testid=guest-country] option:checked').textContent()).toBe(
      words.country,
    )
    await page.fill('[data-testid=guest-email]', `${prefix}.guest@example.com`)
    await page.fill('[data-testid=guest-addressee]', 'Grace Hopper')
    await page.fill('[data-testid=guest-addr1]', '1 Compiler Way')
    await page.fill('[data-testid=guest-city]', 'Arlington')
    if ((await page.locator('select[data-testid=guest-state]').count()) > 0)
      await page.selectOption('[data-testid=guest-state]', { index: 1 })
    await page.fill('[data-testid=guest-zip]', '22201')
    await shot(page, `${prefix}-01-details`)
    await page.click('[data-testid=guest-continue]')
    await page.waitForSelector('[data-testid=checkout-guest-email]')
    expect(await page.textContent('[data-testid=checkout-address]')).toContain('Grace Hopper')
    await page.fill('[data-testid=checkout-ccnumber]', '4242 4242 4242 4242')
    await page.fill(
      '[data-testid=checkout-ccexpiredate]',
      `12${String(new Date().getFullYear() + 2).slice(2)}`,
    )
    await page.fill('[data-testid=checkout-cvc]', '123')
    expect(await page.textContent('[data-testid=place-order]')).toMatch(words.place)
    await shot(page, `${prefix}-02-payment`)
    await page.click('[data-testid=place-order]')
    await page.waitForSelector('[data-testid=order-placed]')
    expect(await page.textContent('[data-testid=order-placed] h1')).toBe(words.thanks)
    expect(await page.locator('[data-testid=placed-invoice-link]').count()).toBe(0)
    await shot(page, `${prefix}-03-placed`)
    const link = await page.getAttribute('[data-testid=placed-order-link]', 'href')
    expect(link).toMatch(/^\/order\/SO\d+\?key=[\w-]{43}$/)
    return link!
  }

  /** Opens an order link in a browser without the shop's cookies: the order, and nothing else. */
  async function openLink(link: string, prefix: string, total: RegExp): Promise<void> {
    const stranger = await browser.newContext({ viewport: DESKTOP })
    const page = await stranger.newPage()
    const errors = collectErrors(page, [], { console: true })
    await page.goto(url(link))
    await page.waitForSelector('[data-testid=document]')
    expect(await page.textContent('[data-testid=document-total]')).toMatch(total)
    expect(await page.textContent('.sw-document')).toContain('Grace Hopper')
    await shot(page, `${prefix}-04-order-link`)
    // Another key opens nothing.
    await page.goto(
      url(link.replace(/key=./, (start) => (start.endsWith('A') ? 'key=B' : 'key=A'))),
    )
    await page.waitForSelector('[role=alert], .sw-error-view, h1')
    expect(await page.locator('[data-testid=document]').count()).toBe(0)
    expect(errors.filter((error) => !/404/.test(error))).toEqual([])
    await stranger.close()
  }

  it('buys as a guest in English and opens the order from its link', async () => {
    const context = await browser.newContext({ viewport: DESKTOP })
    const page = await context.newPage()
    const errors = collectErrors(page, [], { console: true })
    const started = Date.now()
    const link = await buy(
      page,
      { country: 'United States', place: /^Place order · \$/, thanks: 'Thank you for your order' },
      'en',
    )
    console.log(
      `guest checkout, item page to confirmation: ${Date.now() - started} ms (with screenshots)`,
    )
    expect(errors).toEqual([])
    await context.close()
    // The confirmation e-mail carries the same link; a stranger's browser opens the order from it.
    const mail = await orderMail('en.guest@example.com')
    expect(mail.subject).toMatch(/^Your order SO\d+ is confirmed · Shopwright Test Company$/)
    expect(mail.link).toBe(link)
    await openLink(mail.link, 'en', /^\$/)
  })

  it('buys as a guest in French and euros', async () => {
    const context = await browser.newContext({ viewport: DESKTOP })
    const page = await context.newPage()
    const errors = collectErrors(page, [], { console: true })
    await page.goto(url('/'))
    // The locale choice, as the locale page keeps it: French and euros from the first page on.
    await page.evaluate(() => {
      const choice = { country: 'fr', currency: 'eur', language: 'fr' }
      window.localStorage.setItem('sw.locale', JSON.stringify(choice))
      document.cookie = `sw_locale=${encodeURIComponent(JSON.stringify(choice))}; path=/`
    })
    const link = await buy(
      page,
      {
        country: "États-Unis d'Amérique",
        place: /^Commander · .*€$/,
        thanks: 'Merci pour votre commande',
      },
      'fr',
    )
    expect(errors).toEqual([])
    await context.close()
    const mail = await orderMail('fr.guest@example.com')
    expect(mail.link).toBe(link)
    await openLink(mail.link, 'fr', /€|\$/)
  })
})
