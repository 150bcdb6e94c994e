import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { axeProblems } from './axe.js'
import { PHONE, signInThrough } from './browser.js'
import { apiCall, makeSite, openPage, type Site, type SiteUser } from './site.js'

/** The admin's common laptop width. */
const VIEWPORT = { width: 1366, height: 900 }
/** Where this walk leaves its pictures, to be looked at. */
const SHOTS = '/tmp/shots'

/** Staff: a manager (view and edit on `orders`) and finance (view only); three shoppers. */
const ACCOUNTS: readonly SiteUser[] = [
  { email: 'manager@example.com', roles: 'allmanagers' },
  { email: 'finance@example.com', roles: 'finance' },
  { email: 'ada@example.com', type: 'customer' },
  { email: 'grace@example.com', type: 'customer' },
  { email: 'linus@example.com', type: 'customer' },
]

interface Placed {
  id: string
  tranid: string
}

/**
 * Issue 35's orders desk in Chromium (docs/admin.md, "Orders screens"): three shoppers place
 * orders through the API; a manager finds them at /orders (tabs, search and dates kept in the
 * address), ships part of one with a tracking number, cancels another (its units back in stock,
 * as the item's `available` says) and refunds part of a third; finance sees the orders without
 * their actions. Every screen is axe-core clean at 1366 px and 390 px and no wider than a phone.
 */
describe('the orders desk screens (Chromium)', () => {
  let site: Site
  let page: Page
  const errors: string[] = []
  const orders: Record<'ada' | 'grace' | 'linus', Placed> = {} as never
  const url = (address: string) => site.url(address)
  const shot = (name: string, target: Page = page) =>
    target.screenshot({ path: path.join(SHOTS, `orders-desk-${name}.png`), fullPage: true })

  /** A call to the API from Node, with a session cookie when given. */
  const call = (cookie: string, address: string, body?: unknown) =>
    apiCall(site, 'e2e-orders-desk', cookie, address, body)

  /** What the shop says it can still sell of an item. */
  const available = async (item: string) =>
    Number((await call('', `/ns/data/get/item/${item}`)).available)

  /** Signs a shopper in, gives them an address, fills their cart and pays by card. */
  async function placeOrder(
    email: string,
    addressee: string,
    lines: Array<[string, number]>,
  ): Promise<Placed> {
    const login = await fetch(url('/query/account/login'), {
      method: 'POST',
      headers: { device: 'e2e-orders-desk', 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret12' }),
    })
    expect(login.status, await login.clone().text()).toBe(200)
    const cookie = login.headers
      .getSetCookie()
      .map((each) => each.split(';')[0])
      .join('; ')
    await call(cookie, '/ns/profile/update', {
      addressbook: {
        new: {
          addressee,
          addr1: '12 Analytical Row',
          city: 'Boston',
          state: 'MA',
          zip: '02110',
          country: 'us',
          defaultbilling: true,
          defaultshipping: true,
        },
      },
    })
    for (const [item, quantity] of lines) await call(cookie, '/cart/add', { item, quantity })
    const placed = await call(cookie, '/checkout/place', {
      idempotencykey: `e2e-orders-desk-${email.split('@')[0]}-0001`,
      payment: {
        card: { number: '4242424242424242', expiry: '12/2035', paymentmethod: 'Visa', cvc: '123' },
      },
    })
    return placed.order as Placed
  }

  /** No serious or critical axe problem, and nothing wider than the page, here and on a phone. */
  async function checkAtBothWidths(name: string) {
    expect(await axeProblems(page), `${name} at 1366 px`).toEqual([])
    await shot(`${name}-1366`)
    await page.setViewportSize(PHONE)
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
        message: `${name} is wider than a phone`,
      })
      .toBeLessThanOrEqual(PHONE.width)
    expect(await axeProblems(page), `${name} at 390 px`).toEqual([])
    await shot(`${name}-390`)
    await page.setViewportSize(VIEWPORT)
  }

  const row = (order: Placed) => page.locator(`[data-testid="row-${order.id}"]`)
  const rows = () => page.locator('[data-testid=orders-table] tbody tr.sw-table-row')
  const notice = () => page.locator('[data-testid=order-notice]')

  /** Opens an order from the list, as staff do. */
  async function openFromList(order: Placed) {
    await page.goto(url('/orders'))
    await row(order).locator('a').click()
    await page.waitForURL((address) => address.pathname === `/orders/${order.id}`)
    await page.getByRole('heading', { level: 1, name: `Order ${order.tranid}` }).waitFor()
  }

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true })
    site = await makeSite({ users: ACCOUNTS })
    ;({ page } = await openPage(site.browser, { viewport: VIEWPORT }, errors))
    // Oldest first, so the list shows Linus, Grace, Ada.
    orders.ada = await placeOrder('ada@example.com', 'Ada Lovelace', [
      ['ceramic-mug', 3],
      ['wool-beanie', 1],
    ])
    orders.grace = await placeOrder('grace@example.com', 'Grace Hopper', [['french-press', 2]])
    orders.linus = await placeOrder('linus@example.com', 'Linus Torvalds', [['table-lamp', 1]])
  })
  afterAll(() => site?.close())

  it('lists the orders newest first by name, status and money, with their totals', async () => {
    await signInThrough(page, url('/orders'), 'manager@example.com')
    await row(orders.ada).waitFor()
    expect(await rows().count()).toBe(3)
    const texts = await rows().allTextContents()
    expect(texts[0]).toContain(orders.linus.tranid)
    expect(texts[0]).toContain('Linus Torvalds')
    expect(texts[1]).toContain('Grace Hopper')
    expect(texts[2]).toContain('Ada Lovelace')
    expect(texts[2]).toContain('ada@example.com')
    expect(texts[2]).toContain('Unfulfilled')
    expect(texts[2]).toContain('Payment received')
    expect(texts[2]).toMatch(/\$\d+\.\d\d/)
    await expect.poll(() => page.textContent('[data-testid=orders-summary]')).toContain('3 orders')
    // The menu's entry, highlighted.
    const entry = page.locator('a[aria-current=page]', { hasText: 'Orders' })
    expect(await entry.count()).toBe(1)
    expect(await page.title()).toContain('Orders')
    await checkAtBothWidths('list')
  })

  it('filters by tab, search and dates, all kept in the address through a reload and Back', async () => {
    await page.fill('[data-testid=orders-search]', 'grace')
    await page.waitForURL((address) => address.searchParams.get('q') === 'grace')
    await expect.poll(() => rows().count()).toBe(1)
    expect(await rows().first().textContent()).toContain('Grace Hopper')
    await page.reload()
    await row(orders.grace).waitFor()
    expect(await page.inputValue('[data-testid=orders-search]')).toBe('grace')
    expect(await rows().count()).toBe(1)
    await page.goBack()
    await page.waitForURL((address) => address.search === '')
    await expect.poll(() => rows().count()).toBe(3)
    expect(await page.inputValue('[data-testid=orders-search]')).toBe('')

    // By order number, and by e-mail.
    await page.fill('[data-testid=orders-search]', orders.ada.tranid)
    await expect.poll(() => rows().allTextContents()).toEqual([expect.stringContaining('Ada')])
    await page.fill('[data-testid=orders-search]', 'linus@')
    await expect.poll(() => rows().allTextContents()).toEqual([expect.stringContaining('Linus')])
    await page.fill('[data-testid=orders-search]', '')
    await expect.poll(() => rows().count()).toBe(3)

    await page.click('[data-testid=filter-toFulfil]')
    await page.waitForURL((address) => address.searchParams.get('filter') === 'toFulfil')
    expect(await page.getAttribute('[data-testid=filter-toFulfil]', 'aria-pressed')).toBe('true')
    await expect.poll(() => rows().count()).toBe(3)
    const today = new Date().toISOString().slice(0, 10)
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    await page.fill('[data-testid=orders-from]', today)
    await page.fill('[data-testid=orders-to]', today)
    await page.waitForURL((address) => address.searchParams.get('to') === today)
    await expect.poll(() => rows().count()).toBe(3)
    await page.fill('[data-testid=orders-from]', tomorrow)
    await page.fill('[data-testid=orders-to]', tomorrow)
    await expect
      .poll(() => page.locator('[data-testid=table-empty]').textContent())
      .toContain('No orders match these filters.')
    await expect.poll(() => page.textContent('[data-testid=orders-summary]')).toContain('0 orders')
    await checkAtBothWidths('list-empty')
    await page.click('[data-testid=clear-filters]')
    await page.waitForURL((address) => address.search === '')
    await expect.poll(() => rows().count()).toBe(3)
  })

  it('ships part of an order with a tracking number', async () => {
    await openFromList(orders.ada)
    // The customer by their account's name (`user add` named it after the e-mail), and the parcel's
    // addressee in the address.
    const customer = page.locator('[data-testid=order-customer]')
    expect(await page.textContent('[data-testid=customer-link]')).toBe('ada')
    expect(await customer.textContent()).toContain('ada@example.com')
    expect(await page.textContent('.sw-order-address')).toContain('Ada Lovelace')
    expect(await page.getAttribute('[data-testid=customer-link]', 'href')).toMatch(
      /^\/data\/customer\/.+/,
    )
    expect(await page.textContent('[data-testid=order-line-1]')).toContain('Ceramic Mug')
    expect(await page.textContent('[data-testid=order-line-1]')).toContain('0 / 3')
    expect(await page.textContent('[data-testid=order-parcels]')).toContain(
      'Nothing has shipped yet.',
    )
    await checkAtBothWidths('order')

    await page.click('[data-testid=action-fulfil]')
    await page.waitForSelector('dialog[open] [data-testid=fulfil-line-1]')
    expect(await page.inputValue('[data-testid=fulfil-line-1]')).toBe('3')
    expect(await page.inputValue('[data-testid=fulfil-line-2]')).toBe('1')
    await page.fill('[data-testid=fulfil-line-1]', '2')
    await page.fill('[data-testid=fulfil-line-2]', '0')
    await page.fill('[data-testid=fulfil-carrier]', 'UPS')
    await page.fill('[data-testid=fulfil-tracking]', '1Z999AA10123456784')
    expect(await axeProblems(page), 'the Fulfil dialog').toEqual([])
    await shot('fulfil-dialog')
    await page.setViewportSize(PHONE)
    await shot('fulfil-dialog-390')
    await page.setViewportSize(VIEWPORT)
    const sent = page.waitForResponse((response) =>
      response.url().endsWith(`/query/orders/fulfil/${orders.ada.id}`),
    )
    await page.click('[data-testid=fulfil-ship]')
    const answer = await sent
    expect(answer.status()).toBe(200)
    expect(answer.request().postDataJSON()).toEqual({
      key: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
      lines: [{ line: 1, quantity: 2 }],
      carrier: 'UPS',
      tracking: '1Z999AA10123456784',
    })
    await expect.poll(() => notice().textContent()).toBe('Shipped 2 units.')
    await expect
      .poll(() => page.textContent('[data-testid=order-parcels]'))
      .toContain('Tracking 1Z999AA10123456784')
    expect(await page.textContent('[data-testid=order-parcel]')).toContain('2 × Ceramic Mug')
    expect(await page.textContent('[data-testid=order-line-1]')).toContain('2 / 3')
    expect(await page.textContent('[data-testid=order-status]')).toContain('Partly shipped')
    expect(await page.textContent('[data-testid=order-history]')).toContain('Shipped a parcel')
    // Something shipped: it can no longer be cancelled.
    expect(await page.locator('[data-testid=action-cancel]').count()).toBe(0)
    await checkAtBothWidths('order-shipped')
  })

  it('cancels another order, and its units come back in stock', async () => {
    const before = await available('french-press')
    await openFromList(orders.grace)
    await page.click('[data-testid=action-cancel]')
    const warning = page.locator('dialog[open] [data-testid=cancel-warning]')
    await warning.waitFor()
    expect(await warning.textContent()).toContain('Every unit of the order goes back in stock.')
    expect(await warning.textContent()).toMatch(/\$[\d.,]+ goes back to the card that paid\./)
    await page.fill('[data-testid=cancel-reason]', 'Customer changed their mind')
    expect(await axeProblems(page), 'the Cancel dialog').toEqual([])
    await shot('cancel-dialog')
    await page.click('[data-testid=cancel-confirm]')
    await expect
      .poll(() => notice().textContent())
      .toBe(`Order ${orders.grace.tranid} is cancelled; its units are back in stock.`)
    await expect.poll(() => page.textContent('[data-testid=order-status]')).toContain('Cancelled')
    // Nothing is left to do on it: no action is offered.
    await expect.poll(() => page.locator('[data-testid=order-actions]').count()).toBe(0)
    expect(await page.textContent('[data-testid=order-history]')).toContain(
      'Customer changed their mind',
    )
    expect(await available('french-press')).toBe(before + 2)
    await checkAtBothWidths('order-cancelled')
  })

  it('refunds part of a third order, never more than is left', async () => {
    await openFromList(orders.linus)
    await page.click('[data-testid=action-refund]')
    await page.waitForSelector('dialog[open] [data-testid=refund-amount]')
    const whole = await page.inputValue('[data-testid=refund-amount]')
    expect(whole).toMatch(/^\d+\.\d\d$/)
    await page.fill('[data-testid=refund-amount]', (Number(whole) + 0.01).toFixed(2))
    await page.click('[data-testid=refund-confirm]')
    await expect
      .poll(() => page.textContent('dialog[open]'))
      .toContain(`At most $${whole} can be refunded.`)
    await page.fill('[data-testid=refund-amount]', '5.00')
    await page.fill('[data-testid=refund-reason]', 'Scratched base')
    expect(await axeProblems(page), 'the Refund dialog').toEqual([])
    await shot('refund-dialog')
    const sent = page.waitForResponse((response) =>
      response.url().endsWith(`/query/orders/refund/${orders.linus.id}`),
    )
    await page.click('[data-testid=refund-confirm]')
    expect((await sent).request().postDataJSON()).toEqual({
      key: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
      amount: 500,
      reason: 'Scratched base',
    })
    await expect.poll(() => notice().textContent()).toBe('Refunded $5.00.')
    await expect.poll(() => page.textContent('[data-testid=payment-refunded]')).toBe('$5.00')
    await page.locator('[data-testid=creditmemo-link]').waitFor()
    expect(await page.getAttribute('[data-testid=creditmemo-link]', 'href')).toMatch(
      /^\/data\/creditmemo\/CM\d+$/,
    )
    expect(await page.textContent('[data-testid=order-status]')).toContain('Partly refunded')
    await checkAtBothWidths('order-refunded')
  })

  it('files each order under its tab afterwards, and the refunds in the totals', async () => {
    const under = async (filter: string) => {
      await page.goto(url(`/orders?filter=${filter}`))
      await page.locator('[data-testid=orders-summary] strong').waitFor()
      await page.waitForSelector('[data-testid=orders-table]:not([aria-busy])')
      return (await rows().allTextContents()).map((text) => text.match(/SO\d+/)?.[0])
    }
    expect(await under('partlyShipped')).toEqual([orders.ada.tranid])
    expect(await under('cancelled')).toEqual([orders.grace.tranid])
    expect(await under('refunded')).toEqual([orders.linus.tranid, orders.grace.tranid])
    expect(await under('toFulfil')).toEqual([orders.linus.tranid])
    await page.goto(url('/orders'))
    await row(orders.ada).waitFor()
    await expect.poll(() => page.textContent('[data-testid=orders-summary]')).toContain('refunded')
    expect(await row(orders.linus).textContent()).toContain('$5.00 refunded')
    await checkAtBothWidths('list-after')
  })

  it('reads in French, money in the French style', async () => {
    await page.goto(url(`/orders/${orders.ada.id}`))
    await page.getByRole('heading', { level: 1, name: `Order ${orders.ada.tranid}` }).waitFor()
    await page.click('[data-testid=language]')
    await page.click('[data-testid=language-fr]')
    await page.waitForFunction(() => document.documentElement.lang === 'fr')
    await page.getByRole('heading', { level: 1, name: `Commande ${orders.ada.tranid}` }).waitFor()
    expect(await page.textContent('[data-testid=order-status]')).toBe(
      'Expédiée en partiePaiement reçu',
    )
    expect(await page.textContent('[data-testid=action-fulfil]')).toContain('Expédier des articles')
    expect(await page.textContent('[data-testid=order-sums]')).toMatch(/76,00\s\$US/)
    await shot('order-fr')
    await page.goto(url('/orders'))
    await row(orders.ada).waitFor()
    expect(await page.textContent('[data-testid=filter-toFulfil]')).toBe('À expédier')
    await expect
      .poll(() => page.textContent('[data-testid=orders-summary]'))
      .toContain('3 commandes')
    await checkAtBothWidths('list-fr')
    await page.click('[data-testid=language]')
    await page.click('[data-testid=language-en-us]')
    await page.waitForFunction(() => document.documentElement.lang === 'en-us')
  })

  it('shows finance the orders without their actions', async () => {
    const { context, page: finance } = await openPage(site.browser, { viewport: VIEWPORT }, errors)
    try {
      await signInThrough(finance, url(`/orders/${orders.linus.id}`), 'finance@example.com')
      await finance
        .getByRole('heading', { level: 1, name: `Order ${orders.linus.tranid}` })
        .waitFor()
      await finance.locator('[data-testid=order-payment]').waitFor()
      expect(await finance.locator('[data-testid=order-actions]').count()).toBe(0)
      await shot('order-finance', finance)
    } finally {
      await context.close()
    }
  })

  it('raised no script errors on any page', () => {
    expect(errors).toEqual([])
    console.info(`orders desk screenshots: ${path.join(SHOTS, 'orders-desk-*.png')}`)
  })
})
