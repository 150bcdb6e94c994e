import { SYSTEM_ACTOR } from '@shopwright/core'
import { expect, it } from 'vitest'
import { codeOf, describePlugin } from '@shopwright/core/testing'
import type { CartAnswer } from '../src/index.js'
import { TOUCH_EVERY_MS, anonymousKey } from '../src/server/cart/cart-store.js'
import { CARTS_TABLE } from '../src/server/migrations.js'
import { call, cartCookie, COMMERCE_SUITE, localeCookie, newCustomer, post } from './helpers.js'

describePlugin('cart', COMMERCE_SUITE, (site) => {
  /** Six adds of `quantity` at once: how many were taken; every other answered `refusal`. */
  async function addTogether(
    cookie: string,
    item: string,
    quantity: number,
    refusal: [number, string],
  ): Promise<number> {
    const replies = await Promise.all(
      Array.from({ length: 6 }, () =>
        post(site.kernel, cookie, '/query/cart/add', { item, quantity }),
      ),
    )
    for (const reply of replies)
      if (reply.statusCode !== 200) expect([reply.statusCode, codeOf(reply)]).toEqual(refusal)
    return replies.filter((reply) => reply.statusCode === 200).length
  }

  /** Adds `quantity` of an item to the caller's cart (an anonymous one without a cookie). */
  const add = (cookie: string, item: string, quantity: number) =>
    post(site.kernel, cookie, '/query/cart/add', { item, quantity })

  /**
   * A new customer with `own` in their cart, and the cookie a browser sends on its first call after
   * signing in: their session and an anonymous cart holding `anonymous`.
   */
  async function cartsToMerge(
    email: string,
    own: [string, number],
    [first, ...more]: Array<[string, number]>,
  ) {
    const customer = await newCustomer(site.kernel, email)
    await add(customer.cookie, ...own)
    const started = await add('', ...first!)
    for (const [item, quantity] of more) await add(cartCookie(started), item, quantity)
    return { customer, both: cartCookie(started, customer.cookie) }
  }

  /** A cart's lines as [item, quantity]. */
  const quantitiesOf = (cart: CartAnswer): Array<[string, number]> =>
    cart.lines.map((line) => [line.item, line.quantity])

  /** The caller's cart's lines as [item, quantity]. */
  async function linesOf(cookie: string): Promise<Array<[string, number]>> {
    return quantitiesOf(
      (await call(site.kernel, cookie, { url: '/query/cart/get' })).json<CartAnswer>(),
    )
  }

  /** A $2 mug of the hidden category with this much stock, made by a manager. */
  async function createMug(id: string, name: string, stock: number): Promise<void> {
    const created = await post(site.kernel, site.cookie('manager'), '/query/data/create', {
      type: 'item',
      id,
      itemid: name,
      displayname: name,
      online: true,
      primarycategory: { reference: true, type: 'webcategory', id: 'hidden' },
      stock,
      price1: {
        headers: [{ quantity: 1 }],
        lines: [{ pricelevel: 5, currency: 'usd', price_1_: 2 }],
      },
    })
    expect(created.statusCode, created.body).toBe(200)
  }

  it('keeps an anonymous cart in an HttpOnly cookie, and prices a break at exactly its quantity', async () => {
    const empty = await call(site.kernel, '', { url: '/query/cart/count' })
    expect(empty.json()).toEqual({ count: 0 })
    expect(empty.cookies.find((cookie) => cookie.name === 'sw_cart')).toBeUndefined()
    const added = await post(site.kernel, '', '/query/cart/add', {
      item: 'blue-mug',
      quantity: 9,
    })
    expect(added.statusCode).toBe(200)
    const set = added.cookies.find((cookie) => cookie.name === 'sw_cart')!
    expect(set).toMatchObject({ httpOnly: true, sameSite: 'lax', path: '/' })
    const cookie = cartCookie(added)
    let cart = added.json<CartAnswer>()
    expect(cart.lines[0]).toMatchObject({
      item: 'blue-mug',
      quantity: 9,
      rate: 1200,
      amount: 10800,
    })
    // One more makes 10: the break at 10 applies.
    cart = (
      await post(site.kernel, cookie, '/query/cart/add', { item: 'blue-mug', quantity: 1 })
    ).json<CartAnswer>()
    expect(cart.lines).toHaveLength(1)
    expect(cart.lines[0]).toMatchObject({ quantity: 10, rate: 1080, amount: 10800 })
    cart = (
      await post(site.kernel, cookie, `/query/cart/update/${cart.lines[0]!.id}`, {
        quantity: 12,
      })
    ).json<CartAnswer>()
    expect(cart.lines[0]).toMatchObject({ quantity: 12, rate: 1080, amount: 12960 })
    // US tax is 0 in the starter tax codes; standard shipping is free over $50.
    expect(cart).toMatchObject({
      subtotal: 12960,
      taxtotal: 0,
      shipping: 0,
      total: 12960,
      count: 1,
    })
    expect((await call(site.kernel, cookie, { url: '/query/cart/count' })).json()).toEqual({
      count: 1,
    })
  })

  it('charges shipping under the threshold and tax by the country, in euros', async () => {
    const fr = localeCookie('eur', 'fr', 'fr')
    const added = await post(site.kernel, fr, '/query/cart/add', {
      item: 'blue-mug',
      quantity: 1,
    })
    const cart = added.json<CartAnswer>()
    expect(cart.currency).toMatchObject({ id: 'eur', code: 'EUR' })
    // 11.00 EUR, French standard rate 20 %: 2.20; standard shipping 4.50.
    expect(cart).toMatchObject({ subtotal: 1100, taxtotal: 220, shipping: 450, total: 1770 })
    expect(cart.lines[0]!.displayname).toBe('Tasse bleue')
  })

  it('refuses what cannot be bought, with the cart codes, and changes nothing', async () => {
    const start = await post(site.kernel, '', '/query/cart/add', {
      item: 'anchor-mug',
      quantity: 1,
    })
    const cookie = cartCookie(start)
    const cases: Array<[unknown, number, string]> = [
      [{ item: 'offline-mug', quantity: 1 }, 409, 'ERROR_CARTLINE_NOT_AVAILABLE'],
      [{ item: 'nothing-here', quantity: 1 }, 409, 'ERROR_CARTLINE_NOT_AVAILABLE'],
      [{ item: 'tee', quantity: 1 }, 409, 'ERROR_CARTLINE_NOT_AVAILABLE'], // choose a size
      [{ item: 'zebra-mug', quantity: 1 }, 409, 'ERROR_CARTLINE_NOT_AVAILABLE'], // out of stock
      [{ item: 'few-mug', quantity: 11 }, 409, 'ERROR_CARTLINE_NOT_AVAILABLE'], // 10 in stock
      [{ item: 'anchor-mug', quantity: 0 }, 400, 'ERROR_INVALID_INPUT'],
      [{ item: 'anchor-mug', quantity: 1000 }, 400, 'ERROR_INVALID_INPUT'],
      [{ item: 'anchor-mug', quantity: 1.5 }, 400, 'ERROR_INVALID_INPUT'],
      [{ item: 'anchor-mug', quantity: '2' }, 400, 'ERROR_INVALID_INPUT'],
      [{ item: '../x', quantity: 1 }, 400, 'ERROR_INVALID_ID'],
      [{ item: 'anchor-mug', quantity: 1, price: 0 }, 400, 'ERROR_INVALID_INPUT'],
    ]
    for (const [payload, status, code] of cases) {
      const reply = await post(site.kernel, cookie, '/query/cart/add', payload)
      expect([JSON.stringify(payload), reply.statusCode, codeOf(reply)]).toEqual([
        JSON.stringify(payload),
        status,
        code,
      ])
    }
    // A red L tee has no euro price.
    const eur = await post(site.kernel, `${cookie}; ${localeCookie('eur')}`, '/query/cart/add', {
      item: 'tee-red-l',
      quantity: 1,
    })
    expect([eur.statusCode, codeOf(eur)]).toEqual([409, 'ERROR_CARTLINE_NOT_AVAILABLE'])
    const malformed = await call(site.kernel, cookie, {
      method: 'POST',
      url: '/query/cart/add',
      payload: '{"item":',
      headers: { 'content-type': 'application/json' },
    })
    expect(malformed.statusCode).toBe(400)
    // A `__proto__` key as sent on the wire (an object literal's would set its prototype, and
    // JSON.stringify would drop it).
    for (const payload of [
      '{"__proto__":{"item":"anchor-mug"},"quantity":1}',
      '{"item":"anchor-mug","quantity":1,"constructor":{"prototype":{"x":1}}}',
    ]) {
      const polluting = await call(site.kernel, cookie, {
        method: 'POST',
        url: '/query/cart/add',
        payload,
        headers: { 'content-type': 'application/json' },
      })
      expect([polluting.statusCode, codeOf(polluting)], payload).toEqual([
        400,
        'ERROR_INVALID_INPUT',
      ])
    }
    const missing = await post(site.kernel, cookie, '/query/cart/update/nosuchline', {
      quantity: 2,
    })
    expect([missing.statusCode, codeOf(missing)]).toEqual([404, 'ERROR_CARTLINE_NOT_FOUND'])
    const removed = await post(site.kernel, cookie, '/query/cart/remove/nosuchline')
    expect([removed.statusCode, codeOf(removed)]).toEqual([404, 'ERROR_CARTLINE_NOT_FOUND'])
    const viaGet = await call(site.kernel, cookie, { url: '/query/cart/add' })
    expect(viaGet.statusCode).toBe(405)
    // Nothing changed: still one anchor mug.
    expect(await linesOf(cookie)).toEqual([['anchor-mug', 1]])
  })

  it("never lets one visitor's line id change another's cart", async () => {
    const mine = await post(site.kernel, '', '/query/cart/add', {
      item: 'anchor-mug',
      quantity: 1,
    })
    const line = mine.json<CartAnswer>().lines[0]!.id
    const theirs = await post(site.kernel, '', '/query/cart/add', {
      item: 'blue-mug',
      quantity: 1,
    })
    const attack = await post(site.kernel, cartCookie(theirs), `/query/cart/remove/${line}`)
    expect([attack.statusCode, codeOf(attack)]).toEqual([404, 'ERROR_CARTLINE_NOT_FOUND'])
    expect(
      (await call(site.kernel, cartCookie(mine), { url: '/query/cart/count' })).json(),
    ).toEqual({ count: 1 })
  })

  it('merges the anonymous cart into the account at sign-in, adding quantities', async () => {
    const { both } = await cartsToMerge(
      'merge@example.com',
      ['anchor-mug', 2],
      [
        ['anchor-mug', 3],
        ['blue-mug', 1],
      ],
    )
    const merged = await call(site.kernel, both, { url: '/query/cart/get' })
    expect(quantitiesOf(merged.json<CartAnswer>()).sort()).toEqual([
      ['anchor-mug', 5],
      ['blue-mug', 1],
    ])
    // The anonymous cookie is dropped, and asking again merges nothing twice.
    expect(merged.cookies.find((cookie) => cookie.name === 'sw_cart')?.value ?? '').toBe('')
    expect((await linesOf(both)).sort()).toEqual([
      ['anchor-mug', 5],
      ['blue-mug', 1],
    ])
  })

  it('leaves no cookie and no cart behind a refused first add', async () => {
    const refused = await post(site.kernel, '', '/query/cart/add', {
      item: 'zebra-mug',
      quantity: 1,
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.cookies.find((cookie) => cookie.name === 'sw_cart')).toBeUndefined()
  })

  it('sells an item whose only option is offline as itself', async () => {
    const added = await post(site.kernel, '', '/query/cart/add', { item: 'lone', quantity: 1 })
    expect(added.statusCode, added.body).toBe(200)
    expect(added.json<CartAnswer>().lines[0]).toMatchObject({ item: 'lone', purchasable: true })
    const option = await post(site.kernel, '', '/query/cart/add', {
      item: 'cap-old',
      quantity: 1,
    })
    expect([option.statusCode, codeOf(option)]).toEqual([409, 'ERROR_CARTLINE_NOT_AVAILABLE'])
  })

  it('merges once when the first calls after signing in come together', async () => {
    const { customer, both } = await cartsToMerge(
      'merge-race@example.com',
      ['blue-mug', 1],
      [
        ['anchor-mug', 2],
        ['blue-mug', 3],
      ],
    )
    // The header's count and the page's cart, as a browser sends them after signing in.
    const replies = await Promise.all([
      call(site.kernel, both, { url: '/query/cart/count' }),
      call(site.kernel, both, { url: '/query/cart/get' }),
      call(site.kernel, both, { url: '/query/cart/count' }),
      call(site.kernel, both, { url: '/query/cart/get' }),
    ])
    for (const reply of replies) expect(reply.statusCode, reply.body).toBe(200)
    expect((await linesOf(customer.cookie)).sort()).toEqual([
      ['anchor-mug', 2],
      ['blue-mug', 4],
    ])
  })

  it('adds once for a key, however often or at once the add is sent, and answers the cart', async () => {
    const first = await post(site.kernel, '', '/query/cart/add', {
      item: 'anchor-mug',
      quantity: 1,
    })
    const cookie = cartCookie(first)
    const body = { item: 'blue-mug', quantity: 2, key: 'add-key-0000000001' }
    const replies = await Promise.all(
      Array.from({ length: 4 }, () => post(site.kernel, cookie, '/query/cart/add', body)),
    )
    for (const reply of replies) expect(reply.statusCode, reply.body).toBe(200)
    const again = await post(site.kernel, cookie, '/query/cart/add', body)
    const blue = (answer: CartAnswer) => answer.lines.find((line) => line.item === 'blue-mug')
    expect(blue(again.json<CartAnswer>())?.quantity).toBe(2)
    // A stored add is answered, not refused, though the item could no longer be added now.
    await site.kernel.services
      .db('commerce_stock')
      .where({ item: 'blue-mug' })
      .update({ onhand: 0 })
    try {
      const late = await post(site.kernel, cookie, '/query/cart/add', body)
      expect(late.statusCode, late.body).toBe(200)
      expect(blue(late.json<CartAnswer>())?.quantity).toBe(2)
    } finally {
      await site.kernel.services
        .db('commerce_stock')
        .where({ item: 'blue-mug' })
        .update({ onhand: 100 })
    }
    // Another key is another add; a malformed key is refused and adds nothing.
    const other = await post(site.kernel, cookie, '/query/cart/add', {
      ...body,
      key: 'add-key-0000000002',
    })
    expect(blue(other.json<CartAnswer>())?.quantity).toBe(4)
    const bad = await post(site.kernel, cookie, '/query/cart/add', { ...body, key: 'short' })
    expect([bad.statusCode, codeOf(bad)]).toEqual([400, 'ERROR_INVALID_INPUT'])
    const now = (await call(site.kernel, cookie, { url: '/query/cart/get' })).json<CartAnswer>()
    expect(blue(now)?.quantity).toBe(4)
  })

  it('tells when a price changed since the line was added, until the shopper changes the line', async () => {
    const { records } = site.kernel.services
    const added = await post(site.kernel, '', '/query/cart/add', {
      item: 'anchor-mug',
      quantity: 1,
    })
    const cookie = cartCookie(added)
    const anchor = (answer: CartAnswer) => answer.lines.find((line) => line.item === 'anchor-mug')!
    expect(anchor(added.json<CartAnswer>())).not.toHaveProperty('was')
    const setPrice = (price: number) =>
      records.modify(SYSTEM_ACTOR, 'item', 'anchor-mug', ['price1'], (record) => {
        record.price1 = {
          headers: [{ quantity: 1 }],
          lines: [{ pricelevel: 5, currency: 'usd', price_1_: price }],
        }
      })
    try {
      await setPrice(12)
      const later = (await call(site.kernel, cookie, { url: '/query/cart/get' })).json<CartAnswer>()
      expect(anchor(later)).toMatchObject({ was: 1000, now: 1200, rate: 1200 })
      // In another currency the line was never seen: nothing to tell.
      const euros = (
        await call(site.kernel, `${cookie}; ${localeCookie('eur')}`, { url: '/query/cart/get' })
      ).json<CartAnswer>()
      expect(anchor(euros)).not.toHaveProperty('was')
      // Changing the quantity is seeing the price: the notice goes.
      const changed = await post(site.kernel, cookie, `/query/cart/update/${anchor(later).id}`, {
        quantity: 2,
      })
      expect(anchor(changed.json<CartAnswer>())).not.toHaveProperty('was')
    } finally {
      await setPrice(10)
    }
  })

  it('loses no unit when adds of one item come together', async () => {
    const first = await post(site.kernel, '', '/query/cart/add', {
      item: 'anchor-mug',
      quantity: 1,
    })
    const cookie = cartCookie(first)
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(site.kernel, cookie, '/query/cart/add', { item: 'anchor-mug', quantity: 2 }),
      ),
    )
    for (const reply of replies) expect(reply.statusCode, reply.body).toBe(200)
    expect(await linesOf(cookie)).toEqual([['anchor-mug', 41]])
  })

  it('never keeps more than 999 of an item, though adds that pass it come together', async () => {
    await createMug('bulk-mug', 'Bulk Mug', 5000)
    const first = await post(site.kernel, '', '/query/cart/add', {
      item: 'bulk-mug',
      quantity: 900,
    })
    expect(first.statusCode, first.body).toBe(200)
    const cookie = cartCookie(first)
    // Each fits alone (900 + 60 <= 999); any two together do not.
    const taken = await addTogether(cookie, 'bulk-mug', 60, [400, 'ERROR_INVALID_INTEGER'])
    expect(taken).toBeLessThanOrEqual(1)
    expect(await linesOf(cookie)).toEqual([['bulk-mug', 900 + 60 * taken]])
    // A new line refused the same way leaves nothing behind.
    const refused = await post(site.kernel, cookie, '/query/cart/add', {
      item: 'bulk-mug',
      quantity: 999,
    })
    expect(codeOf(refused)).toBe('ERROR_INVALID_INTEGER')
    expect((await call(site.kernel, cookie, { url: '/query/cart/count' })).json()).toEqual({
      count: 1,
    })
  })

  it('judges the stock on the sum when adds of one item come together', async () => {
    await createMug('ten-mug', 'Ten Mug', 10)
    const first = await post(site.kernel, '', '/query/cart/add', {
      item: 'ten-mug',
      quantity: 1,
    })
    const cookie = cartCookie(first)
    // Each fits alone (1 + 3 <= 10); four of them together do not.
    const taken = await addTogether(cookie, 'ten-mug', 3, [409, 'ERROR_CARTLINE_NOT_AVAILABLE'])
    expect(taken).toBeGreaterThanOrEqual(1)
    expect(taken).toBeLessThanOrEqual(3)
    expect(await linesOf(cookie)).toEqual([['ten-mug', 1 + 3 * taken]])
  })

  it("writes a cart's row when it is new, stale or gone, not at every add", async () => {
    const db = site.kernel.services.db
    const first = await post(site.kernel, '', '/query/cart/add', {
      item: 'anchor-mug',
      quantity: 1,
    })
    const cookie = cartCookie(first)
    const key = anonymousKey(cookie.slice(cookie.indexOf('=') + 1))
    const touched = async () =>
      Number(
        (
          (await db(CARTS_TABLE).where({ cart: key }).first('updated_at')) as
            { updated_at: number | string } | undefined
        )?.updated_at ?? -1,
      )
    const made = await touched()
    expect(made).toBeGreaterThan(0)
    // Marked a little in the past: an add within TOUCH_EVERY_MS leaves the row as it is.
    await db(CARTS_TABLE)
      .where({ cart: key })
      .update({ updated_at: made - 1000 })
    await post(site.kernel, cookie, '/query/cart/add', { item: 'anchor-mug', quantity: 1 })
    expect(await touched()).toBe(made - 1000)
    // Older than TOUCH_EVERY_MS: the add writes it again, so the sweep keeps the cart.
    await db(CARTS_TABLE)
      .where({ cart: key })
      .update({ updated_at: made - TOUCH_EVERY_MS - 1 })
    await post(site.kernel, cookie, '/query/cart/add', { item: 'anchor-mug', quantity: 1 })
    expect(await touched()).toBeGreaterThanOrEqual(made)
    // A row swept while its cookie lived on is made again by the next add.
    await db(CARTS_TABLE).where({ cart: key }).delete()
    const again = await post(site.kernel, cookie, '/query/cart/add', {
      item: 'anchor-mug',
      quantity: 1,
    })
    expect(again.statusCode, again.body).toBe(200)
    expect(await touched()).toBeGreaterThanOrEqual(made)
    expect(quantitiesOf(again.json<CartAnswer>())).toEqual([['anchor-mug', 4]])
  })
})
