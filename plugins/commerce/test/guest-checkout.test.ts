import crypto from 'node:crypto'
import { beforeAll, expect, it, vi } from 'vitest'
import { codeOf, describePlugin, inject, type TestSite } from '@shopwright/core/testing'
import type { CheckoutAnswer, PlacedOrder } from '../src/index.js'
import { guestId } from '../src/server/checkout/guests.js'
import { LINKS_PER_ORDER } from '../src/server/checkout/order-links.js'
import { CARTS_TABLE, DOCUMENTS_TABLE, RESERVATIONS_TABLE } from '../src/server/migrations.js'
import { newMail, verifyCodeOf } from '../../account/test/signup-helpers.js'
import {
  call,
  cartCookie,
  COMMERCE_SUITE,
  DECLINED,
  GUEST_ADDRESS,
  newCustomer,
  type Person,
  post,
  VISA,
  stockOf,
} from './helpers.js'

const key = (n: number | string) => `guest-key-${String(n).padStart(8, '0')}`

const ADDRESS = { ...GUEST_ADDRESS, addrphone: '555 0100' }

let clients = 0
/** A request from a client address of its own (the kernel trusts X-Forwarded-For). */
function from(cookie: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  clients++
  return inject(
    { app: site.kernel.app },
    {
      method,
      url,
      ...(payload === undefined ? {} : { payload }),
      headers: {
        cookie,
        'x-forwarded-for': `10.9.${(clients >> 8) & 255}.${clients & 255}`,
      },
    },
  )
}

/** The running site of the suite now running (the helpers below read it). */
let site: TestSite<Person>

describePlugin('guest checkout', { ...COMMERCE_SUITE, config: { trustProxy: true } }, (current) => {
  beforeAll(() => {
    site = current
  })

  const stock = (item: string) => stockOf(site.kernel, item)

  /** A visitor's cart holding `quantity` of `item`: answers its cookie. */
  const guestCart = async (item = 'anchor-mug', quantity = 1) =>
    cartCookie(await post(site.kernel, '', '/query/cart/add', { item, quantity }))

  const storedGuest = async (cookie: string) =>
    (await call(site.kernel, cookie, { url: '/query/checkout/get' })).json<CheckoutAnswer>().guest

  it('buys as a guest: the details on the cart, the order on a guest record, the link that opens it', async () => {
    const cookie = await guestCart('blue-mug', 2)
    const empty = (
      await call(site.kernel, cookie, { url: '/query/checkout/get' })
    ).json<CheckoutAnswer>()
    expect(empty).toMatchObject({ guest: null, addresses: [], cards: [], terms: null })
    expect(empty.cart.lines).toHaveLength(1)
    // No details yet: nothing to place.
    const early = await from(cookie, 'POST', '/query/checkout/place', {
      idempotencykey: key('early'),
      payment: { card: VISA },
    })
    expect([early.statusCode, codeOf(early)]).toEqual([409, 'ERROR_GUEST_CHECKOUT_DETAILS'])

    const given = await post(site.kernel, cookie, '/query/checkout/guest', {
      email: ' Grace@Example.COM ',
      address: ADDRESS,
    })
    expect(given.statusCode, given.body).toBe(200)
    const review = given.json<CheckoutAnswer>()
    expect(review.guest?.email).toBe('grace@example.com')
    expect(review.cart.shipaddress).toMatchObject({ addressee: 'Grace Hopper', country: 'us' })

    const before = await stock('blue-mug')
    const placed = await from(cookie, 'POST', '/query/checkout/place', {
      idempotencykey: key(1),
      total: review.cart.total,
      payment: { card: VISA },
    })
    expect(placed.statusCode, placed.body).toBe(200)
    const result = placed.json<PlacedOrder>()
    expect(result.link).toMatch(new RegExp(`^/order/${result.order.id}\\?key=[\\w-]{43}$`))
    expect(await stock('blue-mug')).toEqual({ onhand: before.onhand - 2, reserved: 0 })

    // The order is the guest record's, keyed by the e-mail.
    const order = await site.kernel.services.records.find('salesorder', result.order.id)
    expect(order?.entity).toMatchObject({ type: 'guest', id: guestId('grace@example.com') })
    // Kept as people read it: the region and country by name, never their codes.
    expect(order?.shipaddress).toBe(
      'Grace Hopper\n1 Compiler Way\nArlington, Virginia 22201\nUnited States\n555 0100',
    )
    const guest = await site.kernel.services.records.find('guest', guestId('grace@example.com'))
    expect(guest).toMatchObject({ email: 'grace@example.com', name: 'Grace Hopper' })

    // The link opens the order for anyone, without an account.
    const opened = await call(site.kernel, '', { url: `/query/ns${result.link!}` })
    expect(opened.statusCode, opened.body).toBe(200)
    expect(opened.headers['cache-control']).toBe('private, no-store')
    expect(opened.json()).toMatchObject({
      tranid: result.order.tranid,
      total: result.total / 100,
    })
    expect(JSON.stringify(opened.json())).not.toContain('"entity"')

    // A replay answers the same order, with a link of its own that opens it too.
    const replay = await from(cookie, 'POST', '/query/checkout/place', {
      idempotencykey: key(1),
      total: review.cart.total,
      payment: { card: VISA },
    })
    const replayed = replay.json<PlacedOrder>()
    expect({ ...replayed, link: '' }).toEqual({ ...result, link: '' })
    expect(replayed.link).toMatch(new RegExp(`^/order/${result.order.id}\\?key=[\\w-]{43}$`))
    expect(replayed.link).not.toBe(result.link)
    const again = await call(site.kernel, '', { url: `/query/ns${replayed.link!}` })
    expect(again.statusCode, again.body).toBe(200)
  })

  it('keeps no order key, only its hash: a deleted row revokes its link, and old signed links open until their secret goes', async () => {
    const placed = await guestOrder('ivy@example.com', 'anchor-mug', key('ivy'))
    const keyOf = (link: string) => new URL(link, 'http://x').searchParams.get('key')!
    const db = site.kernel.services.db
    const rows = await db('commerce_order_links').where({ order_id: placed.order.id })
    // The answer's link and the confirmation e-mail's: neither key is in the database.
    expect(rows.length).toBeGreaterThanOrEqual(1)
    const dump = JSON.stringify(rows)
    expect(dump).not.toContain(keyOf(placed.link!))
    expect(rows.map((row: { key_hash: string }) => row.key_hash)).toContain(
      crypto.createHash('sha256').update(keyOf(placed.link!)).digest('base64url'),
    )
    const open = (link: string) => call(site.kernel, '', { url: `/query/ns${link}` })

    // A link signed under the shop's former secret (sent before keys were stored).
    const { secret } = await db('commerce_keys').where({ name: 'order-link' }).first()
    const signed = crypto
      .createHmac('sha256', secret as string)
      .update(`order-link\u0000${placed.order.id}`)
      .digest('base64url')
    const legacy = `/order/${placed.order.id}?key=${signed}`
    expect((await open(legacy)).statusCode).toBe(200)

    // Revoking: the row of a link, then the old secret.
    await db('commerce_order_links').where({ order_id: placed.order.id }).delete()
    expect(codeOf(await open(placed.link!))).toBe('ERROR_ORDER_NOT_AVAILABLE')
    const secretRow = await db('commerce_keys').where({ name: 'order-link' }).first()
    await db('commerce_keys').where({ name: 'order-link' }).delete()
    try {
      expect(codeOf(await open(legacy))).toBe('ERROR_ORDER_NOT_AVAILABLE')
    } finally {
      await db('commerce_keys').insert(secretRow)
    }
  })

  it('stops making links for an order at LINKS_PER_ORDER, the ones given still opening it', async () => {
    const placed = await guestOrder('una@example.com', 'anchor-mug', key('una'))
    const links = site.kernel.containerOf('commerce').cradle.orderLinks
    const db = site.kernel.services.db
    const count = async () =>
      Number(
        (
          await db('commerce_order_links').where({ order_id: placed.order.id }).count({ n: '*' })
        )[0]!.n,
      )
    await links.keep(
      Array.from(
        { length: LINKS_PER_ORDER - (await count()) },
        () => links.mint(placed.order.id).row,
      ),
      db,
    )
    expect(await links.path(placed.order.id)).toBeUndefined()
    expect(await count()).toBe(LINKS_PER_ORDER)
    const opened = await call(site.kernel, '', { url: `/query/ns${placed.link!}` })
    expect(opened.statusCode).toBe(200)
  })

  it('answers a stored order without its link when the link cannot be made, and the replay with it', async () => {
    const links = site.kernel.containerOf('commerce').cradle.orderLinks
    const spy = vi
      .spyOn(links, 'path')
      .mockRejectedValue(new Error('the order-link secret could not be read'))
    try {
      const cookie = await guestCart()
      await post(site.kernel, cookie, '/query/checkout/guest', {
        email: 'nia@example.com',
        address: ADDRESS,
      })
      const body = { idempotencykey: key('nia'), payment: { card: VISA } }
      const first = await from(cookie, 'POST', '/query/checkout/place', body)
      expect(first.statusCode, first.body).toBe(200)
      const placed = first.json<PlacedOrder>()
      expect(placed.link).toBeUndefined()
      expect(await site.kernel.services.records.find('salesorder', placed.order.id)).not.toBeNull()
      spy.mockRestore()
      const replay = await from(cookie, 'POST', '/query/checkout/place', body)
      expect(replay.json<PlacedOrder>()).toEqual({
        ...placed,
        link: expect.stringMatching(/^\/order\/SO\d+\?key=[\w-]{43}$/),
      })
    } finally {
      spy.mockRestore()
    }
  })

  it('refuses forged, altered and borrowed order keys as a missing order', async () => {
    const first = await guestOrder('ida@example.com', 'anchor-mug', key('ida'))
    const second = await guestOrder('joy@example.com', 'anchor-mug', key('joy'))
    const keyOf = (link: string) => new URL(link, 'http://x').searchParams.get('key')!
    const altered = keyOf(first.link!).replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))
    for (const url of [
      `/query/ns/order/${first.order.id}?key=${keyOf(second.link!)}`,
      `/query/ns/order/${first.order.id}?key=${altered}`,
      `/query/ns/order/${first.order.id}?key=${'A'.repeat(43)}`,
      `/query/ns/order/${first.order.id}?key=short`,
      `/query/ns/order/SO99999?key=${keyOf(first.link!)}`,
      `/query/ns/order/..%2Fsalesorder?key=${keyOf(first.link!)}`,
    ]) {
      const reply = await call(site.kernel, '', { url })
      expect([reply.statusCode, codeOf(reply)], url).toEqual([404, 'ERROR_ORDER_NOT_AVAILABLE'])
    }
    const bare = await call(site.kernel, '', { url: `/query/ns/order/${first.order.id}` })
    expect(bare.statusCode).toBe(404)
    const extra = await call(site.kernel, '', {
      url: `${`/query/ns${first.link!}`}&__proto__=1`,
    })
    expect([extra.statusCode, codeOf(extra)]).toEqual([400, 'ERROR_INVALID_INPUT'])
  })

  /** A guest's order of one unit: its answer. */
  async function guestOrder(email: string, item: string, idempotency: string) {
    const cookie = await guestCart(item)
    const given = await post(site.kernel, cookie, '/query/checkout/guest', {
      email,
      address: ADDRESS,
    })
    expect(given.statusCode, given.body).toBe(200)
    const placed = await from(cookie, 'POST', '/query/checkout/place', {
      idempotencykey: idempotency,
      payment: { card: VISA },
    })
    expect(placed.statusCode, placed.body).toBe(200)
    return placed.json<PlacedOrder>()
  }

  it('refuses bad guest details and changes nothing', async () => {
    const cookie = await guestCart()
    /** Good guest details but for the given address fields. */
    const withAddress = (change: Partial<typeof ADDRESS>) => ({
      email: 'a@example.com',
      address: { ...ADDRESS, ...change },
    })
    const cases: Array<[unknown, number, string]> = [
      [{ email: 'not-an-email', address: ADDRESS }, 400, 'ERROR_INVALID_EMAIL'],
      [withAddress({ zip: 'ABCDE' }), 400, 'ERROR_POSTAL_CODE_INVALID'],
      [withAddress({ country: 'zz' }), 400, 'ERROR_SELECT_VALUE_REQUIRED'],
      [withAddress({ addressee: '' }), 400, 'ERROR_INVALID_INPUT'],
      [withAddress({ addressee: '   ' }), 400, 'ERROR_INPUT_VALUE_REQUIRED'],
      [withAddress({ city: 'Spring\u202Efield' }), 400, 'ERROR_INVALID_INPUT'],
      [withAddress({ addr1: 'x'.repeat(301) }), 400, 'ERROR_INVALID_INPUT'],
      [{ email: 'a@example.com', address: ADDRESS, extra: 1 }, 400, 'ERROR_INVALID_INPUT'],
      [
        JSON.parse('{"email":"a@example.com","address":{"__proto__":{"x":1}}}'),
        400,
        'ERROR_INVALID_INPUT',
      ],
      [{ email: 'a@example.com' }, 400, 'ERROR_INVALID_INPUT'],
    ]
    for (const [body, status, code] of cases) {
      const reply = await post(site.kernel, cookie, '/query/checkout/guest', body)
      expect([reply.statusCode, codeOf(reply)], JSON.stringify(body)).toEqual([status, code])
    }
    const malformed = await inject(
      { app: site.kernel.app },
      {
        method: 'POST',
        url: '/query/checkout/guest',
        payload: '{"email":',
        headers: { cookie, 'content-type': 'application/json' },
      },
    )
    expect(malformed.statusCode).toBe(400)
    expect(await storedGuest(cookie)).toBeNull()

    // Without a cart there is nothing to check out; a signed-in account uses its address book.
    const noCart = await post(site.kernel, '', '/query/checkout/guest', {
      email: 'a@example.com',
      address: ADDRESS,
    })
    expect([noCart.statusCode, codeOf(noCart)]).toEqual([409, 'ERROR_CART_EMPTY'])
    const ada = await newCustomer(site.kernel, 'ada-guest@example.com')
    const signedIn = await post(site.kernel, ada.cookie, '/query/checkout/guest', {
      email: 'a@example.com',
      address: ADDRESS,
    })
    expect([signedIn.statusCode, codeOf(signedIn)]).toEqual([400, 'ERROR_INVALID_INPUT'])
  })

  it('lets a guest pay only by a card typed at checkout, and replays a decline', async () => {
    const cookie = await guestCart('anchor-mug', 3)
    await post(site.kernel, cookie, '/query/checkout/guest', {
      email: 'kay@example.com',
      address: ADDRESS,
    })
    const before = await stock('anchor-mug')
    for (const payment of [{ account: true }, { saved: '1' }]) {
      const reply = await from(cookie, 'POST', '/query/checkout/place', {
        idempotencykey: key(`kay-${Object.keys(payment)[0]}`),
        payment,
      })
      expect([reply.statusCode, codeOf(reply)]).toEqual([404, 'ERROR_CREDITCARD_NOT_AVAILABLE'])
    }
    const body = { idempotencykey: key('kay-declined'), payment: { card: DECLINED } }
    const declined = await from(cookie, 'POST', '/query/checkout/place', body)
    expect([declined.statusCode, codeOf(declined)]).toEqual([402, 'ERROR_PAYMENT_DECLINED'])
    const again = await from(cookie, 'POST', '/query/checkout/place', body)
    expect(codeOf(again)).toBe('ERROR_PAYMENT_DECLINED')
    expect(await stock('anchor-mug')).toEqual(before)
    // Nobody paid: no guest record was made for the e-mail.
    expect(await site.kernel.services.records.find('guest', guestId('kay@example.com'))).toBeNull()
  })

  it('answers 409 with the new review when the total changed, holding and charging nothing', async () => {
    const cookie = await guestCart('anchor-mug', 1)
    const review = (
      await post(site.kernel, cookie, '/query/checkout/guest', {
        email: 'lee@example.com',
        address: ADDRESS,
      })
    ).json<CheckoutAnswer>()
    const before = await stock('anchor-mug')
    const reply = await from(cookie, 'POST', '/query/checkout/place', {
      idempotencykey: key('lee'),
      total: review.cart.total - 1,
      payment: { card: VISA },
    })
    expect([reply.statusCode, codeOf(reply)]).toEqual([409, 'ERROR_CHECKOUT_TOTAL_CHANGED'])
    expect(reply.json<{ review: CheckoutAnswer }>().review.cart.total).toBe(review.cart.total)
    expect(await stock('anchor-mug')).toEqual(before)
    expect(await site.kernel.services.db(RESERVATIONS_TABLE).count({ count: '*' })).toEqual([
      { count: 0 },
    ])
    // With the total shown now, the order goes through.
    const placed = await from(cookie, 'POST', '/query/checkout/place', {
      idempotencykey: key('lee-2'),
      total: review.cart.total,
      payment: { card: VISA },
    })
    expect(placed.statusCode, placed.body).toBe(200)
  })

  it('moves guest orders to the account that signs up and confirms the same e-mail', async () => {
    const { kernel } = site
    const placed = await guestOrder('max@example.com', 'anchor-mug', key('max'))
    const outbox = await kernel.containerOf('account').cradle.mailer.outbox()
    await kernel.containerOf('account').cradle.signups.register({
      email: 'max@example.com',
      name: 'Max',
      password: 'a long pass phrase',
      language: 'en-us',
    })
    // Not before the e-mail is confirmed: signing up claims nothing.
    expect(
      (await kernel.services.records.find('salesorder', placed.order.id))?.entity,
    ).toMatchObject({ type: 'guest' })
    // The order's own confirmation goes to the outbox too: the sign-up's is the one with a code.
    let code = ''
    await vi.waitFor(async () => {
      const mails = await newMail(kernel, outbox)
      code = verifyCodeOf(mails.find((mail) => mail.includes('/verify#code=')) ?? '')
    })
    const { record } = await kernel.containerOf('account').cradle.signups.verify(code)
    await expect
      .poll(async () => (await kernel.services.records.find('salesorder', placed.order.id))?.entity)
      .toMatchObject({ type: 'customer', id: record.id })
    const invoice = await kernel.services.records.find('invoice', placed.invoice.id)
    expect(invoice?.entity).toMatchObject({ type: 'customer', id: record.id })
    const rows = await kernel.services
      .db(DOCUMENTS_TABLE)
      .where({ id: placed.order.id })
      .select('entity_type', 'entity_id')
    expect(rows).toEqual([{ entity_type: 'customer', entity_id: record.id }])
    const guest = await kernel.services.records.find('guest', guestId('max@example.com'))
    expect(guest?.claimedby).toMatchObject({ type: 'customer', id: record.id })
  })

  it('sells the last units once: 100 guest checkouts at once for 10 in stock make exactly 10 orders', async () => {
    const carts: string[] = []
    for (let n = 0; n < 100; n++) {
      const cookie = await guestCart('few-mug', 1)
      const given = await post(site.kernel, cookie, '/query/checkout/guest', {
        email: `rush${n}@example.com`,
        address: ADDRESS,
      })
      expect(given.statusCode).toBe(200)
      carts.push(cookie)
    }
    expect(await stock('few-mug')).toEqual({ onhand: 10, reserved: 0 })
    const replies = await Promise.all(
      carts.map((cookie, n) =>
        from(cookie, 'POST', '/query/checkout/place', {
          idempotencykey: key(`rush${n}`),
          payment: { card: VISA },
        }),
      ),
    )
    const placed = replies.filter((reply) => reply.statusCode === 200)
    const refused = replies.filter((reply) => reply.statusCode !== 200)
    expect(placed).toHaveLength(10)
    for (const reply of refused)
      expect([reply.statusCode, codeOf(reply)]).toEqual([409, 'ERROR_CARTLINE_NOT_AVAILABLE'])
    expect(await stock('few-mug')).toEqual({ onhand: 0, reserved: 0 })
    const numbers = new Set(placed.map((reply) => reply.json<PlacedOrder>().order.tranid))
    expect(numbers.size).toBe(10)
    // Guests' details live on their carts, which the sweep deletes with them.
    const kept = await site.kernel.services.db(CARTS_TABLE).whereNotNull('guest').count({ n: '*' })
    expect(Number((kept[0] as { n: number | string }).n)).toBeGreaterThan(0)
  }, 180_000)
})
