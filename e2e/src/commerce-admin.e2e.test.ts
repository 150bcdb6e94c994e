import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { collectErrors, screenshot, SCREENSHOTS, signInThrough } from './browser.js'
import { apiCall, makeSite, openPage, type Site, type SiteUser } from './site.js'

/** The admin's common laptop width. */
const VIEWPORT = { width: 1366, height: 900 }

/** The sample item the walk prices: three breaks (1, 10, 50) in USD at the online level. */
const ITEM = 'ceramic-mug'

/** The staff the walk signs in as, and the customer whose order it opens. */
const ACCOUNTS: readonly SiteUser[] = [
  { email: 'manager@example.com', roles: 'allmanagers' },
  { email: 'support@example.com', roles: 'support' },
  { email: 'writer@example.com', roles: 'marketing' },
  { email: 'ada@example.com', type: 'customer' },
]

/**
 * Issue 17 in the admin, in Chromium: a manager edits an item's price table in the generic record
 * editor (a price, then a new break) and it stays after a reload; an order a customer placed
 * through the API shows read-only with its lines, and its status is changed to Billed; a support
 * user may change the status too, while the money stays read-only.
 */
describe('commerce in the admin (Chromium)', () => {
  let site: Site
  let page: Page
  let order: { id: string; tranid: string }
  const errors: string[] = []
  const url = (address: string) => site.url(address)
  const shot = (name: string, target: Page = page) => screenshot(target, `commerce-admin-${name}`)
  /**
   * Waits for the record editor's autosave of a record (5 s after the last change): to its draft
   * for items, which have drafts (docs/history.md, "Drafts"), else to the record.
   */
  const saved = (target: Page, type: string, id: string) =>
    target.waitForResponse(
      (response) =>
        (response.url().endsWith(`/query/data/draft/save/${type}/${id}`) ||
          response.url().endsWith(`/query/data/update/${type}/${id}`)) &&
        response.request().method() === 'POST',
      { timeout: 30_000 },
    )

  /** A customer's call to the API from Node, with their session cookie and a Device header. */
  const call = (cookie: string, address: string, body?: unknown) =>
    apiCall(site, 'e2e-customer', cookie, address, body)

  /** Signs the customer in, gives them an address, buys two mugs: the order placed. */
  async function placeOrder(): Promise<{ id: string; tranid: string }> {
    const login = await fetch(url('/query/account/login'), {
      method: 'POST',
      headers: { device: 'e2e-customer', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada@example.com', password: 'secret12' }),
    })
    expect(login.status, await login.clone().text()).toBe(200)
    const cookie = login.headers
      .getSetCookie()
      .map((each) => each.split(';')[0])
      .join('; ')
    await call(cookie, '/ns/profile/update', {
      addressbook: {
        new: {
          addressee: 'Ada Lovelace',
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
    await call(cookie, '/cart/add', { item: ITEM, quantity: 2 })
    const placed = await call(cookie, '/checkout/place', {
      idempotencykey: 'e2e-commerce-admin-0001',
      payment: {
        card: { number: '4242424242424242', expiry: '12/2035', paymentmethod: 'Visa', cvc: '123' },
      },
    })
    return placed.order as { id: string; tranid: string }
  }

  beforeAll(async () => {
    site = await makeSite({ users: ACCOUNTS })
    ;({ page } = await openPage(site.browser, { viewport: VIEWPORT }, errors))
    order = await placeOrder()
  })
  afterAll(() => site?.close())

  it("edits an item's price table in the record editor: a price, then a new break", async () => {
    await signInThrough(page, url(`/data/item/${ITEM}`), 'manager@example.com')
    await page.waitForSelector('[data-testid=price1-price-0-1]')
    expect(await page.inputValue('[data-testid=price1-break-1]')).toBe('10')
    expect(await page.inputValue('[data-testid=price1-price-0-1]')).toBe('16.2')
    // The images: each with a preview of its address at 200 px, loaded from the drive.
    const preview = page.locator('[data-testid=image-storedisplayimage] img')
    await expect
      .poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0)
    expect(await preview.getAttribute('src')).toMatch(/\?width=200$/)
    expect(await page.locator('[data-testid^=gallery-item-]').count()).toBe(2)
    await shot('item')

    let update = saved(page, 'item', ITEM)
    await page.fill('[data-testid=price1-price-0-1]', '15.5')
    let sent = (await update).request().postDataJSON() as Array<{ field: string; value: unknown }>
    expect(sent).toEqual([
      {
        field: 'price1',
        value: {
          headers: [{ quantity: 1 }, { quantity: 10 }, { quantity: 50 }],
          lines: [{ pricelevel: 5, currency: 'usd', price_1_: 18, price_2_: 15.5, price_3_: 14.4 }],
        },
      },
    ])
    expect((await update).status()).toBe(200)
    await page.reload()
    await page.waitForSelector('[data-testid=price1-price-0-1]')
    expect(await page.inputValue('[data-testid=price1-price-0-1]')).toBe('15.5')

    // A new break after 50 (100 is offered), at 13 from 250 units up.
    update = saved(page, 'item', ITEM)
    await page.click('[data-testid=price1-add-break]')
    expect(await page.inputValue('[data-testid=price1-break-3]')).toBe('100')
    await page.fill('[data-testid=price1-break-3]', '250')
    await page.fill('[data-testid=price1-price-0-3]', '13')
    await page.press('[data-testid=price1-price-0-3]', 'Tab')
    sent = (await update).request().postDataJSON() as typeof sent
    expect(sent[0]!.value).toMatchObject({
      headers: [{ quantity: 1 }, { quantity: 10 }, { quantity: 50 }, { quantity: 250 }],
      lines: [{ price_4_: 13 }],
    })
    expect((await update).status()).toBe(200)
    await page.reload()
    await page.waitForSelector('[data-testid=price1-break-3]')
    expect(await page.inputValue('[data-testid=price1-break-3]')).toBe('250')
    expect(await page.inputValue('[data-testid=price1-price-0-3]')).toBe('13')
    // The shop keeps the published prices until the draft is published.
    const live = async () =>
      page.evaluate(async (id) => {
        const answer = await fetch(`/query/data/get/item/${id}`)
        return ((await answer.json()) as { price1: { headers: unknown[] } }).price1.headers.length
      }, ITEM)
    expect(await live()).toBe(3)
    expect(await page.textContent('[data-testid=draft-state]')).toBe('Changes not published')
    await page.click('[data-testid=publish]')
    await page.waitForSelector('[data-testid=draft-state]:text-is("Published")')
    const stored = await page.evaluate(async (id) => {
      const answer = await fetch(`/query/data/get/item/${id}`)
      return ((await answer.json()) as { price1: unknown }).price1
    }, ITEM)
    expect(stored).toEqual({
      headers: [{ quantity: 1 }, { quantity: 10 }, { quantity: 50 }, { quantity: 250 }],
      lines: [
        {
          pricelevel: 5,
          currency: 'usd',
          price_1_: 18,
          price_2_: 15.5,
          price_3_: 14.4,
          price_4_: 13,
        },
      ],
    })
    await page.locator('[data-testid=field-price1]').scrollIntoViewIfNeeded()
    await shot('item-prices')
  })

  it("groups a product's editor, lists its child items and picks its picture from the drive", async () => {
    await page.goto(url('/data/item/classic-tee'))
    const nav = page.locator('[data-testid=form-nav] a')
    await nav.first().waitFor()
    expect(await nav.allTextContents()).toEqual([
      'Details',
      'Prices',
      'Options',
      'Pictures',
      'Stock',
      'SEO',
    ])
    // The Options group: the children by name and option values, each linked to its editor.
    const children = page.locator('[data-testid^=child-item-]')
    await children.first().waitFor()
    expect(await children.count()).toBe(5)
    const blueS = page.locator('[data-testid=child-item-classic-tee-blue-s] td')
    expect((await blueS.allTextContents()).slice(0, 3)).toEqual([
      'Classic Tee, Blue, S',
      'Blue : S',
      'Yes',
    ])
    await page.click('[data-testid=form-nav-Options]')
    await shot('item-options')

    // The picture: the drive's picker, with a thumbnail of each image, then the new preview.
    await page.click('[data-testid=browse-storedisplayimage-file]')
    const thumbnail = page.locator(
      '[data-testid="picker-thumbnail-public/catalogue/baseball-cap-1.webp"]',
    )
    await thumbnail.scrollIntoViewIfNeeded()
    await expect
      .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0)
    await shot('item-picture-picker')
    const update = saved(page, 'item', 'classic-tee')
    await page.click('[data-testid="picker-check-public/catalogue/baseball-cap-1.webp"]')
    await page.click('[data-testid=dialog-ok]')
    expect(await page.inputValue('[data-testid=path-storedisplayimage-file]')).toBe(
      'public/catalogue/baseball-cap-1.webp',
    )
    const sent = (await update).request().postDataJSON() as Array<{ field: string; value: unknown }>
    expect(sent).toEqual([
      {
        field: 'storedisplayimage',
        value: {
          url: '/query/drive/load/public/catalogue/baseball-cap-1.webp',
          alt: 'Classic Tee in blue',
        },
      },
    ])
    expect(await page.getAttribute('[data-testid=image-storedisplayimage] img', 'src')).toBe(
      '/query/drive/load/public/catalogue/baseball-cap-1.webp?width=200',
    )

    // A new child begins with its parent named, and shows in the parent's table once published.
    await page.click('[data-testid=child-items-add]')
    await page.waitForURL((address) => address.pathname === '/data/item/new')
    // The picker names the parent, once it has read its name.
    await expect.poll(() => page.inputValue('[data-testid=field-parent] input')).toBe('Classic Tee')
    const created = page.waitForResponse(
      (response) => response.url().endsWith('/query/data/draft/create') && response.ok(),
      { timeout: 30_000 },
    )
    await page.fill('[data-testid=field-displayname] input', 'Classic Tee, Green, S')
    await page.fill('[data-testid=field-itemid] input', 'Classic Tee : Green : S')
    await page.press('[data-testid=field-itemid] input', 'Tab')
    await created
    // A draft until it is published: the parent's table lists live children.
    await page.waitForSelector('[data-testid=draft-state]:text-is("Not published yet")')
    await page.click('[data-testid=publish]')
    await page.waitForSelector('[data-testid=draft-state]:text-is("Published")')
    await page.goto(url('/data/item/classic-tee'))
    await expect.poll(() => children.count()).toBe(6)

    // At a phone's width the groups stack and nothing leaves the screen.
    await page.setViewportSize({ width: 390, height: 844 })
    await page.reload()
    await children.first().waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await shot('item-phone')
    await page.setViewportSize(VIEWPORT)
  })

  it('lets marketing draft an item change, which a manager publishes', async () => {
    const shopName = async () =>
      (
        (await (await fetch(url('/query/ns/data/get/item/ceramic-mug'))).json()) as {
          displayname: string
        }
      ).displayname
    const before = await shopName()
    const writer = await site.browser.newPage({ viewport: VIEWPORT })
    collectErrors(writer, errors)
    try {
      await signInThrough(writer, url('/data/item/ceramic-mug'), 'writer@example.com')
      const name = writer.locator('[data-testid=field-displayname] input')
      await expect.poll(() => name.inputValue()).toBe(before)
      const drafted = saved(writer, 'item', 'ceramic-mug')
      await name.fill(`${before}, new glaze`)
      await writer.click('[data-testid=refresh]')
      expect((await drafted).status()).toBe(200)
      await expect
        .poll(() => writer.textContent('[data-testid=draft-state]'))
        .toBe('Changes not published')
      // Marketing drafts; publishing is its manager's (docs/history.md, "Who may publish").
      expect(await writer.isVisible('[data-testid=publish]')).toBe(false)
      expect(await writer.textContent('[data-testid=publish-needed]')).toBe(
        'Someone who may publish makes these changes live.',
      )
      await shot('item-writer', writer)
      expect(await shopName()).toBe(before)
      // The writer sees the item's page with the draft beside the form (docs/history.md).
      await writer.click('[data-testid=preview]')
      const frame = writer.frameLocator('[data-testid=preview-frame]')
      await expect
        .poll(() => frame.locator('h1').first().textContent(), { timeout: 15_000 })
        .toBe(`${before}, new glaze`)
      expect(await frame.locator('[data-testid=preview-notice]').textContent()).toBe(
        'Preview: changes not published yet',
      )
      // Beside the form on a wide screen, whatever the form's groups.
      const box = await writer.locator('[data-testid=preview-pane]').boundingBox()
      expect(box!.x + box!.width).toBeLessThanOrEqual(VIEWPORT.width)
      expect(box!.y).toBeLessThan(VIEWPORT.height / 2)
      await shot('item-preview', writer)
    } finally {
      await writer.close()
    }
    await page.goto(url('/data/item/ceramic-mug'))
    await expect
      .poll(() => page.inputValue('[data-testid=field-displayname] input'))
      .toBe(`${before}, new glaze`)
    expect(await page.textContent('[data-testid=draft-state]')).toBe('Changes not published')
    await page.click('[data-testid=publish]')
    await page.waitForSelector('[data-testid=draft-state]:text-is("Published")')
    expect(await shopName()).toBe(`${before}, new glaze`)
  })

  it('lists the orders with their number, date, status, customer and total', async () => {
    await page.goto(url('/data/salesorder'))
    await page.waitForSelector(`[data-testid="row-salesorder|${order.id}"]`)
    const headings = await page.locator('[data-testid=record-list] thead th').allTextContents()
    expect(headings).toEqual(
      expect.arrayContaining(['Number', 'Date', 'Status', 'Customer', 'Total']),
    )
    const row = page.locator(`[data-testid="row-salesorder|${order.id}"]`)
    expect(await row.textContent()).toContain(order.tranid)
    // The status by its name in the list type (once the list has loaded), not its id.
    await expect.poll(() => row.textContent()).toContain('Pending Fulfillment')
    await shot('orders')
  })

  it('shows an order read-only but for its status, which a manager changes to Billed', async () => {
    await page.goto(url(`/data/salesorder/${order.id}`))
    await page.waitForSelector('[data-testid=line-0]')
    for (const field of ['tranid', 'total', 'subtotal', 'taxtotal', 'shipping_rate'])
      expect(
        await page.locator(`[data-testid=field-${field}] input`).getAttribute('readonly'),
        field,
      ).not.toBeNull()
    expect(await page.inputValue('[data-testid=field-tranid] input')).toBe(order.tranid)
    const line = await page.locator('[data-testid=line-0] td').allTextContents()
    expect(line[0]).toContain('Ceramic Mug')
    expect(line.slice(1, 4)).toEqual(['2', '18.00', '36.00'])
    expect(await page.locator('[data-testid=field-item] input').count()).toBe(0)
    expect(await page.isDisabled('[data-testid=field-status] select')).toBe(false)
    expect(await page.inputValue('[data-testid=field-status] select')).toBe('pendingFulfillment')
    await shot('order')

    const update = saved(page, 'salesorder', order.id)
    await page.selectOption('[data-testid=field-status] select', 'billed')
    expect((await update).status()).toBe(200)
    await page.reload()
    await page.waitForSelector('[data-testid=line-0]')
    expect(await page.inputValue('[data-testid=field-status] select')).toBe('billed')
    expect(
      await page.locator('[data-testid=field-status] select option:checked').textContent(),
    ).toBe('Billed')
  })

  it('lets support change the status too, while the money stays read-only', async () => {
    const support = await site.browser.newPage({ viewport: VIEWPORT })
    collectErrors(support, errors)
    try {
      await signInThrough(support, url(`/data/salesorder/${order.id}`), 'support@example.com')
      await support.waitForSelector('[data-testid=line-0]')
      expect(await support.inputValue('[data-testid=field-status] select')).toBe('billed')
      expect(await support.isDisabled('[data-testid=field-status] select')).toBe(false)
      for (const field of ['total', 'subtotal', 'taxtotal', 'shipping_rate'])
        expect(
          await support.locator(`[data-testid=field-${field}] input`).getAttribute('readonly'),
          field,
        ).not.toBeNull()
      expect(await support.locator('[data-testid=delete]').count()).toBe(0)
      const update = saved(support, 'salesorder', order.id)
      await support.selectOption('[data-testid=field-status] select', 'closed')
      expect((await update).status()).toBe(200)
      // Sent around the form, a new total is put back by the orders guard.
      const total = await support.evaluate(async (id) => {
        const before = (await (await fetch(`/query/data/get/salesorder/${id}`)).json()) as {
          total: number
        }
        const answer = await fetch(`/query/data/update/salesorder/${id}`, {
          method: 'POST',
          headers: { device: 'e2e', 'content-type': 'application/json' },
          body: JSON.stringify([{ field: 'total', value: 0 }]),
        })
        const after = (await answer.json()) as { total: number; status: string }
        return { before: before.total, after: after.total, status: after.status }
      }, order.id)
      expect(total).toEqual({ before: total.before, after: total.before, status: 'closed' })
      expect(total.before).toBeGreaterThan(0)
      await support.reload()
      await support.waitForSelector('[data-testid=line-0]')
      expect(await support.inputValue('[data-testid=field-status] select')).toBe('closed')
      await shot('order-support', support)
    } finally {
      await support.close()
    }
  })

  it('raised no script errors on any page', () => {
    expect(errors).toEqual([])
    // Where to look at the pictures.
    console.info(`commerce admin screenshots: ${path.join(SCREENSHOTS, 'commerce-admin-*.png')}`)
  })
})
