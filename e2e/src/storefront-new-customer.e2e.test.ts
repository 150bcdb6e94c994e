import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { projectDir, run, startServer, type RunningServer } from '@shopwright/cli/testing'
import { collectErrors, launchBrowser, shotAtWidths } from './browser.js'
import { mailTo } from './outbox.js'

const DESKTOP = { width: 1100, height: 800 }

/**
 * Issue 33's new customer, in French and euros, on a fresh project with the sample company: a
 * stranger signs up, confirms from the e-mail in the outbox (in French), adds an item, gives a
 * first shipping address at checkout, pays by a new card and gets the confirmation page and
 * e-mail in French. Screenshots go to e2e/screenshots/new-customer-*.
 */
describe('a new customer in French in Chromium', () => {
  let server: RunningServer
  let browser: Browser
  let cwd: string
  const url = (address: string) => `${server.url}${address}`

  beforeAll(async () => {
    cwd = projectDir()
    expect((await run(['seed'], cwd)).code).toBe(0)
    ;[server, browser] = await Promise.all([startServer(cwd), launchBrowser()])
  })
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  const shot = (page: Page, name: string) => shotAtWidths(page, `new-customer-${name}`)

  it('signs up, confirms from the French e-mail, and buys with a first address and a new card', async () => {
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

    // Sign up.
    const email = 'nina.nouvelle@example.com'
    await page.goto(url('/register'))
    await page.waitForSelector('[data-testid=register-submit]:not([disabled])')
    expect(await page.textContent('h1')).toBe('Créer un compte')
    await page.fill('[data-testid=register-name]', 'Nina Nouvelle')
    await page.fill('[data-testid=register-email]', email)
    await page.fill('[data-testid=register-password]', 'Jour-de-soleil-42')
    await page.check('[data-testid=register-consent]')
    // A person takes a few seconds over the form; the server refuses one sent within two.
    await page.waitForTimeout(2_100)
    await page.click('[data-testid=register-submit]')
    await page.waitForSelector('[data-testid=register-sent]')
    expect(await page.textContent('[data-testid=register-sent]')).toContain(email)

    // Confirm from the e-mail, written in French.
    const confirm = await mailTo(cwd, email, /\/verify#code=/)
    expect(confirm.subject).toBe('Confirmez votre adresse e-mail')
    const link = new URL(/https?:\/\/\S+\/verify#code=[\w-]{43}/.exec(confirm.text)![0])
    await page.goto(url(`${link.pathname}${link.hash}`))
    await page.click('[data-testid=verify]:not([disabled])')
    await page.waitForSelector('[data-testid=verified]')
    await page.waitForSelector('[data-testid=account-link]')
    expect(await page.textContent('[data-testid=account-link]')).toContain('Nina Nouvelle')

    // An item into the cart, then checkout: no address yet.
    await page.goto(url('/item/ceramic-mug'))
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
    await page.click('[data-testid=add-to-cart]')
    await page.waitForSelector('[data-testid=added-dialog][open]')
    await page.click('[data-testid=view-cart]')
    await page.waitForURL(/\/cart$/)
    await page.click('[data-testid=checkout-button]')
    await page.waitForURL(/\/checkout$/)
    await page.waitForSelector('[data-testid=change-address]')
    expect(await page.textContent('[data-testid=change-address]')).toBe(
      'Ajouter une adresse de livraison',
    )

    // A first address, in France: the button opens the form at once, and the address saved is
    // the one the order ships to.
    await page.click('[data-testid=change-address]')
    await page.waitForURL(/\/checkout\/shipping\/new$/)
    await page.waitForSelector('[data-testid=address-country]:not([disabled])')
    await page.selectOption('[data-testid=address-country]', 'fr')
    await page.fill('[data-testid=address-addressee]', 'Nina Nouvelle')
    await page.fill('[data-testid=address-addr1]', '8 rue de Rivoli')
    await page.fill('[data-testid=address-city]', 'Paris')
    await page.fill('[data-testid=address-zip]', '75001')
    await shot(page, '01-address')
    await page.click('[data-testid=address-save]')
    await page.waitForURL(/\/checkout$/)
    await page.waitForSelector('[data-testid=checkout-address]')
    const address = await page.textContent('[data-testid=checkout-address]')
    expect(address).toContain('8 rue de Rivoli')
    expect(address).toContain('France')

    // A new card, then the order.
    await page.fill('[data-testid=checkout-ccnumber]', '4242 4242 4242 4242')
    await page.fill(
      '[data-testid=checkout-ccexpiredate]',
      `12${String(new Date().getFullYear() + 2).slice(2)}`,
    )
    await page.fill('[data-testid=checkout-cvc]', '123')
    const place = (await page.textContent('[data-testid=place-order]')) ?? ''
    expect(place).toMatch(/^Commander · .*€$/)
    await shot(page, '02-payment')
    await page.click('[data-testid=place-order]')
    await page.waitForSelector('[data-testid=order-placed]')
    expect(await page.textContent('[data-testid=order-placed] h1')).toBe(
      'Merci pour votre commande',
    )
    const placed = (await page.textContent('[data-testid=order-placed]')) ?? ''
    const order = /SO\d+/.exec(placed)![0]
    await shot(page, '03-placed')

    // The confirmation e-mail, in French, with the order, its total and the address.
    const mail = await mailTo(cwd, email, new RegExp(order))
    expect(mail.subject).toBe(`Votre commande ${order} est confirmée · Shopwright Test Company`)
    expect(mail.text).toContain('8 rue de Rivoli')
    expect(mail.text).toContain(place.replace(/^Commander · /, ''))
    expect(errors).toEqual([])
    await context.close()
  })
})
