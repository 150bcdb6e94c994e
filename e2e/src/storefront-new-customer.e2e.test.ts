import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { shotAtWidths } from './browser.js'
import { mailTo } from './outbox.js'
import { makeSite, type Site } from './site.js'
import { addToCartAndCheckOut, fillAcceptedCard, shopperPage } from './shopper.js'

const DESKTOP = { width: 1100, height: 800 }

/**
 * Issue 33's new customer, on a fresh project with the sample company, in English and dollars and
 * in French and euros: a stranger signs up, confirms from the e-mail in the outbox (in their
 * language), adds an item, gives a first shipping address at checkout, pays by a new card, gets
 * the confirmation page and e-mail in their language, and opens the order from the e-mail's link
 * in a browser without their session. Screenshots go to e2e/screenshots/new-customer-*.
 */
describe('a new customer in Chromium', () => {
  let site: Site
  const url = (address: string) => site.url(address)

  beforeAll(async () => {
    site = await makeSite()
  })
  afterAll(() => site?.close())

  const shot = (page: Page, name: string) => shotAtWidths(page, `new-customer-${name}`)

  /** What each language's walk types and reads. */
  const WALKS = [
    {
      language: 'English',
      prefix: 'en',
      locale: null,
      name: 'Nora Newcomer',
      email: 'nora.newcomer@example.com',
      password: 'Sunny-day-42',
      register: 'Create an account',
      confirm: 'Confirm your e-mail address',
      addAddress: 'Add a shipping address',
      address: {
        country: 'us',
        state: 'il',
        addr1: '1 Main Street',
        city: 'Springfield',
        zip: '62701',
        countryName: 'United States',
      },
      place: /^Place order · \$/,
      placeLabel: /^Place order · /,
      thanks: 'Thank you for your order',
      subject: (order: string) => `Your order ${order} is confirmed · Shopwright Test Company`,
    },
    {
      language: 'French',
      prefix: 'fr',
      // French and euros from the first page on, as the locale page keeps the choice.
      locale: { country: 'fr', currency: 'eur', language: 'fr' },
      name: 'Nina Nouvelle',
      email: 'nina.nouvelle@example.com',
      password: 'Jour-de-soleil-42',
      register: 'Créer un compte',
      confirm: 'Confirmez votre adresse e-mail',
      addAddress: 'Ajouter une adresse de livraison',
      address: {
        country: 'fr',
        state: null,
        addr1: '8 rue de Rivoli',
        city: 'Paris',
        zip: '75001',
        countryName: 'France',
      },
      place: /^Commander · .*€$/,
      placeLabel: /^Commander · /,
      thanks: 'Merci pour votre commande',
      subject: (order: string) => `Votre commande ${order} est confirmée · Shopwright Test Company`,
    },
  ]

  it.each(WALKS)(
    'signs up in $language, confirms from the e-mail, buys with a first address and a new card, and opens the order from the e-mail',
    async (words) => {
      const { context, page, errors } = await shopperPage(site, DESKTOP, words.locale)
      const { email, address } = words

      // Sign up.
      await page.goto(url('/register'))
      await page.waitForSelector('[data-testid=register-submit]:not([disabled])')
      expect(await page.textContent('h1')).toBe(words.register)
      await page.fill('[data-testid=register-name]', words.name)
      await page.fill('[data-testid=register-email]', email)
      await page.fill('[data-testid=register-password]', words.password)
      await page.check('[data-testid=register-consent]')
      // A person takes a few seconds over the form; the server refuses one sent within two.
      await page.waitForTimeout(2_100)
      await page.click('[data-testid=register-submit]')
      await page.waitForSelector('[data-testid=register-sent]')
      expect(await page.textContent('[data-testid=register-sent]')).toContain(email)

      // Confirm from the e-mail, written in the shopper's language.
      const confirm = await mailTo(site.cwd, email, /\/verify#code=/)
      expect(confirm.subject).toBe(words.confirm)
      const link = new URL(/https?:\/\/\S+\/verify#code=[\w-]{43}/.exec(confirm.text)![0])
      await page.goto(url(`${link.pathname}${link.hash}`))
      await page.click('[data-testid=verify]:not([disabled])')
      await page.waitForSelector('[data-testid=verified]')
      await page.waitForSelector('[data-testid=account-link]')
      expect(await page.textContent('[data-testid=account-link]')).toContain(words.name)

      // An item into the cart, then checkout: no address yet.
      await page.goto(url('/item/ceramic-mug'))
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
      await addToCartAndCheckOut(page)
      await page.waitForSelector('[data-testid=change-address]')
      expect(await page.textContent('[data-testid=change-address]')).toBe(words.addAddress)

      // A first address: the button opens the form at once, and the address saved is the one
      // the order ships to.
      await page.click('[data-testid=change-address]')
      await page.waitForURL(/\/checkout\/shipping\/new$/)
      await page.waitForSelector('[data-testid=address-country]:not([disabled])')
      await page.selectOption('[data-testid=address-country]', address.country)
      if (address.state) {
        await page.waitForSelector(
          `select[data-testid=address-state] option[value=${address.state}]`,
          { state: 'attached' },
        )
        await page.selectOption('[data-testid=address-state]', address.state)
      }
      await page.fill('[data-testid=address-addressee]', words.name)
      await page.fill('[data-testid=address-addr1]', address.addr1)
      await page.fill('[data-testid=address-city]', address.city)
      await page.fill('[data-testid=address-zip]', address.zip)
      await shot(page, `${words.prefix}-01-address`)
      await page.click('[data-testid=address-save]')
      await page.waitForURL(/\/checkout$/)
      await page.waitForSelector('[data-testid=checkout-address]')
      const shipTo = await page.textContent('[data-testid=checkout-address]')
      expect(shipTo).toContain(address.addr1)
      expect(shipTo).toContain(address.countryName)

      // A new card, then the order.
      await fillAcceptedCard(page)
      const place = (await page.textContent('[data-testid=place-order]')) ?? ''
      expect(place).toMatch(words.place)
      const total = place.replace(words.placeLabel, '')
      await shot(page, `${words.prefix}-02-payment`)
      await page.click('[data-testid=place-order]')
      await page.waitForSelector('[data-testid=order-placed]')
      expect(await page.textContent('[data-testid=order-placed] h1')).toBe(words.thanks)
      const order = (await page.textContent('[data-testid=placed-order]'))!
      expect(order).toMatch(/^SO\d+$/)
      await shot(page, `${words.prefix}-03-placed`)
      expect(errors).toEqual([])
      await context.close()

      // The confirmation e-mail, in the shopper's language, with the order, its total and the
      // address.
      const mail = await mailTo(site.cwd, email, new RegExp(order))
      expect(mail.subject).toBe(words.subject(order))
      expect(mail.text).toContain(address.addr1)
      expect(mail.text).toContain(total)

      // Its link opens the order in a browser without the customer's session.
      const orderLink = new URL(
        new RegExp(`https?://[^\\s"<>]+/order/${order}\\?key=[\\w-]{43}`).exec(mail.text)![0],
      )
      const {
        context: stranger,
        page: opened,
        errors: strangerErrors,
      } = await shopperPage(site, DESKTOP, words.locale)
      await opened.goto(url(`${orderLink.pathname}${orderLink.search}`))
      await opened.waitForSelector('[data-testid=document]')
      expect(await opened.locator('[data-testid=account-link]').count()).toBe(0)
      expect(await opened.textContent('[data-testid=document]')).toContain(order)
      expect(await opened.textContent('[data-testid=document-total]')).toBe(total)
      expect(await opened.textContent('.sw-document')).toContain(address.addr1)
      await shot(opened, `${words.prefix}-04-order-link`)
      expect(strangerErrors).toEqual([])
      await stranger.close()
    },
  )
})
