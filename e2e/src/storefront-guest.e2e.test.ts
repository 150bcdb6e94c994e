import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { collectErrors, shotAtWidths } from './browser.js'
import { mailTo } from './outbox.js'
import { makeSite, type Site } from './site.js'
import { addToCartAndCheckOut, fillAcceptedCard, type ShopLocale, shopperPage } from './shopper.js'

const DESKTOP = { width: 1366, height: 900 }

/**
 * Issue 33's guest checkout as a stranger walks it on a fresh project with the sample company:
 * on an item page, choose its Colour and Size with the pickers and add the option they make to
 * the cart, check out without an account (e-mail, address country first, shipping method, a
 * card), see the confirmation, read the confirmation e-mail (its line, total and address) and
 * open the order from its link in a browser that has no cookie of the shop. In English and
 * dollars, then in French and euros.
 * Screenshots go to e2e/screenshots/guest-*; the walk's time is logged (docs/benchmarks.md
 * reads it from `npm run bench`, never from here).
 */
describe('guest checkout in Chromium', () => {
  let site: Site
  const url = (address: string) => site.url(address)

  /**
   * The order e-mail to `to` in DATA_DIR/outbox: its subject, its text part and the order link it
   * carries.
   */
  async function orderMail(to: string): Promise<{ subject: string; text: string; link: string }> {
    const mail = await mailTo(site.cwd, to, /\/order\//)
    const link = new URL(/https?:\/\/[^\s"<>]+\/order\/[^\s"<>]+/.exec(mail.text)![0])
    return { subject: mail.subject, text: mail.text, link: link.pathname + link.search }
  }

  beforeAll(async () => {
    site = await makeSite()
  })
  afterAll(() => site?.close())

  async function hydrated(page: Page): Promise<void> {
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
  }

  const shot = (page: Page, name: string) => shotAtWidths(page, `guest-${name}`)

  /** What a walk's language shows, and whom it buys as. */
  interface Walk {
    language: 'English' | 'French'
    prefix: 'en' | 'fr'
    /** The locale the visitor chooses before the walk (English and dollars are the default). */
    locale?: ShopLocale
    /** The tee's pickers: the first one's name, the colour chosen, the price before and after. */
    colour: string
    blue: string
    /** The picker's name and value as its legend shows them ("Couleur : Bleu" in French). */
    chosen: string
    from: string
    price: string
    sku: string
    /** The option's name, as the checkout's review and the e-mail show it. */
    name: string
    country: string
    place: RegExp
    thanks: string
    subject: (order: string) => string
    /** The tee's line in the e-mail's text, the amount after it. */
    line: string
    total: RegExp
  }

  /**
   * Buys one Classic Tee, Blue, M as a guest, Colour and Size chosen with the item page's
   * pickers; answers the confirmation's order link, the order and its total.
   */
  async function buy(
    page: Page,
    words: Walk,
  ): Promise<{ link: string; order: string; total: string }> {
    const { prefix } = words
    await page.goto(url('/item/classic-tee'))
    await hydrated(page)
    expect(await page.textContent('[data-testid=item-price]')).toBe(words.from)
    // Colour, then Size: one picker each, named as the parent names its options.
    expect(await page.textContent('[data-testid=picker-0] legend')).toBe(words.colour)
    await page.click(`[data-testid=option-0-${words.blue}]`)
    await page.click('[data-testid=option-1-M]')
    expect(await page.textContent('[data-testid=picker-0] legend')).toBe(words.chosen)
    // The child the picks make: its price and its SKU.
    expect(await page.textContent('[data-testid=item-price]')).toBe(words.price)
    expect(await page.textContent('[data-testid=item-sku]')).toBe(words.sku)
    await shot(page, `${prefix}-00-options`)
    await addToCartAndCheckOut(page)
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
    expect(await page.textContent('[data-testid=review-line]')).toContain(words.name)
    await fillAcceptedCard(page)
    const place = (await page.textContent('[data-testid=place-order]')) ?? ''
    expect(place).toMatch(words.place)
    await shot(page, `${prefix}-02-payment`)
    await page.click('[data-testid=place-order]')
    await page.waitForSelector('[data-testid=order-placed]')
    expect(await page.textContent('[data-testid=order-placed] h1')).toBe(words.thanks)
    expect(await page.locator('[data-testid=placed-invoice-link]').count()).toBe(0)
    await shot(page, `${prefix}-03-placed`)
    const link = await page.getAttribute('[data-testid=placed-order-link]', 'href')
    expect(link).toMatch(/^\/order\/SO\d+\?key=[\w-]{43}$/)
    const order = (await page.textContent('[data-testid=placed-order]'))!
    expect(order).toMatch(/^SO\d+$/)
    return { link: link!, order, total: place.replace(/^.* · /, '') }
  }

  /** Opens an order link in a browser without the shop's cookies: the order, and nothing else. */
  async function openLink(link: string, prefix: string, total: RegExp): Promise<void> {
    const stranger = await site.browser.newContext({ viewport: DESKTOP })
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

  const WALKS: Walk[] = [
    {
      language: 'English',
      prefix: 'en',
      colour: 'Colour',
      blue: 'Blue',
      chosen: 'Colour: Blue',
      from: 'From $24.00',
      price: '$24.00',
      sku: 'SKU: M',
      name: 'Classic Tee, Blue, M',
      country: 'United States',
      place: /^Place order · \$/,
      thanks: 'Thank you for your order',
      subject: (order) => `Your order ${order} is confirmed · Shopwright Test Company`,
      line: '1 × Classic Tee, Blue, M (M): $24.00',
      total: /^\$/,
    },
    {
      language: 'French',
      prefix: 'fr',
      // French and euros from the first page on, as the locale page keeps the choice.
      locale: { country: 'fr', currency: 'eur', language: 'fr' },
      colour: 'Couleur',
      blue: 'Bleu',
      // French typography: a no-break space before the colon, in the page and the e-mail.
      chosen: 'Couleur\u00a0: Bleu',
      from: 'À partir de 22,00\u00a0€',
      price: '22,00\u00a0€',
      sku: 'Réf.\u00a0: M',
      name: 'T-shirt classique, bleu, M',
      country: "États-Unis d'Amérique",
      place: /^Commander · .*€$/,
      thanks: 'Merci pour votre commande',
      subject: (order) => `Votre commande ${order} est confirmée · Shopwright Test Company`,
      line: '1 × T-shirt classique, bleu, M (M)\u00a0: 22,00\u00a0€',
      total: /€/,
    },
  ]

  it.each(WALKS)(
    'buys a tee in Colour and Size as a guest in $language, and opens the order from its link',
    async (words) => {
      const { context, page, errors } = await shopperPage(site, DESKTOP, words.locale)
      const started = Date.now()
      const { link, order, total } = await buy(page, words)
      console.log(
        `guest checkout (${words.prefix}), item page to confirmation: ${Date.now() - started} ms ` +
          '(with screenshots)',
      )
      expect(errors).toEqual([])
      await context.close()
      // The confirmation e-mail, in the shopper's language: the line, the total, the address and
      // the order's link, from which a stranger's browser opens the order.
      const mail = await orderMail(`${words.prefix}.guest@example.com`)
      expect(mail.subject).toBe(words.subject(order))
      expect(mail.text).toContain(words.line)
      expect(mail.text).toContain(total)
      expect(mail.text).toContain('Grace Hopper')
      expect(mail.text).toContain('1 Compiler Way')
      // The same order's link as the confirmation's, with a key of its own or the same.
      expect(link.startsWith(`/order/${order}?key=`)).toBe(true)
      expect(mail.link).toMatch(new RegExp(`^/order/${order}\\?key=[\\w-]{43}$`))
      await openLink(mail.link, words.prefix, words.total)
    },
  )
})
