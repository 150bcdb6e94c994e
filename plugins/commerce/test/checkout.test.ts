import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { codeOf, describePlugin } from '@shopwright/core/testing'
import type { ChargeRequest, PaymentProvider, PlacedOrder, RefundRequest } from '../src/index.js'
import { CARTS_TABLE, CHECKOUTS_TABLE, RESERVATIONS_TABLE } from '../src/server/migrations.js'
import { HOLD_MS } from '../src/server/checkout/stock.js'
import {
  bootCommerce,
  call,
  COMMERCE_SUITE,
  DECLINED,
  newCustomer,
  post,
  VISA,
  stockOf,
  termsCustomer,
} from './helpers.js'

const key = (n: number | string) => `checkout-key-${String(n).padStart(8, '0')}`
/** An answer without its link: each answer of one order carries a link of its own. */
const sameOrder = (placed: PlacedOrder) => ({ ...placed, link: '' })

describePlugin('checkout', { ...COMMERCE_SUITE, config: { trustProxy: true } }, (site) => {
  const stock = (item: string) => stockOf(site.kernel, item)
  /** A new customer who pays on account: 30 days' terms, up to `creditlimit` dollars. */
  const firmCustomer = (email: string, creditlimit: number) =>
    termsCustomer(site.kernel, email, creditlimit)

  it('places an order with a new card: the order, its invoice, the stock sold and the cart emptied', async () => {
    const ada = await newCustomer(site.kernel, 'ada-checkout@example.com')
    await post(site.kernel, ada.cookie, '/query/cart/add', { item: 'blue-mug', quantity: 12 })
    const before = await stock('blue-mug')
    const placed = await post(site.kernel, ada.cookie, '/query/checkout/place', {
      idempotencykey: key(1),
      payment: { card: VISA },
    })
    expect(placed.statusCode, placed.body).toBe(200)
    const result = placed.json<PlacedOrder>()
    expect(result.order.tranid).toMatch(/^SO\d{5,}$/)
    expect(await stock('blue-mug')).toEqual({ onhand: before.onhand - 12, reserved: 0 })
    expect((await call(site.kernel, ada.cookie, { url: '/query/cart/count' })).json()).toEqual({
      count: 0,
    })
    const order = (
      await call(site.kernel, ada.cookie, {
        url: `/query/ns/data/get/salesorder?id=${result.order.id}`,
      })
    ).json<Record<string, unknown>>()
    expect(order).toMatchObject({
      tranid: result.order.tranid,
      status: 'Pending Fulfillment',
      subtotal: 129.6,
      total: 129.6,
      shipping_rate: 0,
      ccnumber: '************4242',
    })
    expect(JSON.stringify(order)).not.toContain('4242 4242')
    expect(order.currency).toEqual({ id: 'usd', text: 'USD' })
    expect((order.item as { lines: unknown[] }).lines[0]).toMatchObject({
      quantity: 12,
      rate: 10.8,
      amount: 129.6,
    })
    const invoice = (
      await call(site.kernel, ada.cookie, {
        url: `/query/ns/data/get/invoice/${result.invoice.id}`,
      })
    ).json<Record<string, unknown>>()
    expect(invoice).toMatchObject({ status: 'Paid In Full', amountremaining: 0, total: 129.6 })
    const orders = (
      await call(site.kernel, ada.cookie, { url: '/query/ns/data/list/salesorder' })
    ).json<{ data: Array<{ id: string }>; pages: number }>()
    expect(orders.data.map((each) => each.id)).toEqual([result.order.id])
  })

  it('answers a replayed request with the same order, and refuses its key for another cart', async () => {
    const bea = await newCustomer(site.kernel, 'bea-checkout@example.com')
    await post(site.kernel, bea.cookie, '/query/cart/add', { item: 'anchor-mug', quantity: 1 })
    const body = { idempotencykey: key(2), payment: { card: VISA } }
    const [first, second] = await Promise.all([
      post(site.kernel, bea.cookie, '/query/checkout/place', body),
      post(site.kernel, bea.cookie, '/query/checkout/place', body),
    ])
    const statuses = [first.statusCode, second.statusCode].sort()
    // Both at once: one places, the other is told it is under way (or replays it, if later).
    expect(statuses[0]).toBe(200)
    expect([200, 409]).toContain(statuses[1])
    const replay = await post(site.kernel, bea.cookie, '/query/checkout/place', body)
    expect(replay.statusCode).toBe(200)
    const placed = [first, second].find((reply) => reply.statusCode === 200)!.json<PlacedOrder>()
    // The same order; its link is one of its own (order-links.ts), opening the same order.
    expect(sameOrder(replay.json<PlacedOrder>())).toEqual(sameOrder(placed))
    const orders = (
      await call(site.kernel, bea.cookie, { url: '/query/ns/data/list/salesorder' })
    ).json<{ data: unknown[] }>()
    expect(orders.data).toHaveLength(1)
    // The same key again after the cart changed still answers the first order: the request is
    // the same request. The key with another payment is another request, refused.
    await post(site.kernel, bea.cookie, '/query/cart/add', { item: 'blue-mug', quantity: 1 })
    expect(
      sameOrder(
        (await post(site.kernel, bea.cookie, '/query/checkout/place', body)).json<PlacedOrder>(),
      ),
    ).toEqual(sameOrder(placed))
    const reused = await post(site.kernel, bea.cookie, '/query/checkout/place', {
      ...body,
      payment: { account: true },
    })
    expect([reused.statusCode, codeOf(reused)]).toEqual([422, 'ERROR_IDEMPOTENCY_KEY_REUSED'])
  })

  it('releases the stock when the card is declined, and replays the refusal', async () => {
    const cy = await newCustomer(site.kernel, 'cy-checkout@example.com')
    await post(site.kernel, cy.cookie, '/query/cart/add', { item: 'anchor-mug', quantity: 3 })
    const before = await stock('anchor-mug')
    const body = { idempotencykey: key(3), payment: { card: DECLINED } }
    const declined = await post(site.kernel, cy.cookie, '/query/checkout/place', body)
    expect([declined.statusCode, codeOf(declined)]).toEqual([402, 'ERROR_PAYMENT_DECLINED'])
    expect(await stock('anchor-mug')).toEqual(before)
    const again = await post(site.kernel, cy.cookie, '/query/checkout/place', body)
    expect([again.statusCode, codeOf(again)]).toEqual([402, 'ERROR_PAYMENT_DECLINED'])
    expect((await call(site.kernel, cy.cookie, { url: '/query/cart/count' })).json()).toEqual({
      count: 1,
    })
    const bad = await post(site.kernel, cy.cookie, '/query/checkout/place', {
      idempotencykey: key(4),
      payment: { card: { number: '4242 4242 4242 4241', expiry: '12/2035' } },
    })
    expect([bad.statusCode, codeOf(bad)]).toEqual([400, 'ERROR_INVALID_INPUT'])
  })

  it('frees a cart a finished run could not free (its node died between the two writes)', async () => {
    const fay = await newCustomer(site.kernel, 'fay-checkout@example.com')
    await post(site.kernel, fay.cookie, '/query/cart/add', { item: 'anchor-mug', quantity: 1 })
    const declined = await post(site.kernel, fay.cookie, '/query/checkout/place', {
      idempotencykey: key('fay1'),
      payment: { card: DECLINED },
    })
    expect(codeOf(declined)).toBe('ERROR_PAYMENT_DECLINED')
    await site.kernel.services
      .db(CARTS_TABLE)
      .where({ entity_id: fay.entity.id })
      .update({ checkout: key('fay1'), checkout_until: Date.now() + HOLD_MS })
    const placed = await post(site.kernel, fay.cookie, '/query/checkout/place', {
      idempotencykey: key('fay2'),
      payment: { card: VISA },
    })
    expect(placed.statusCode, placed.body).toBe(200)
  })

  it('refuses checkout to visitors without a cart, bad keys and empty carts', async () => {
    // A visitor checks out as a guest (guest-checkout.test.ts): without a cart, nothing to place.
    const anonymous = await post(site.kernel, '', '/query/checkout/place', {
      idempotencykey: key(5),
      payment: { card: VISA },
    })
    expect([anonymous.statusCode, codeOf(anonymous)]).toEqual([409, 'ERROR_CART_EMPTY'])
    const dee = await newCustomer(site.kernel, 'dee-checkout@example.com')
    const empty = await post(site.kernel, dee.cookie, '/query/checkout/place', {
      idempotencykey: key(6),
      payment: { card: VISA },
    })
    expect([empty.statusCode, codeOf(empty)]).toEqual([409, 'ERROR_CART_EMPTY'])
    const short = await post(site.kernel, dee.cookie, '/query/checkout/place', {
      idempotencykey: 'short',
      payment: { card: VISA },
    })
    expect([short.statusCode, codeOf(short)]).toEqual([400, 'ERROR_INVALID_INPUT'])
  })

  it('pays on account within the credit limit, and refuses beyond it', async () => {
    const firm = await firmCustomer('firm-checkout@example.com', 100)
    await post(site.kernel, firm.cookie, '/query/cart/add', { item: 'blue-mug', quantity: 5 })
    const placed = await post(site.kernel, firm.cookie, '/query/checkout/place', {
      idempotencykey: key(7),
      payment: { account: true },
    })
    expect(placed.statusCode, placed.body).toBe(200)
    const invoice = (
      await call(site.kernel, firm.cookie, {
        url: `/query/ns/data/get/invoice?id=${placed.json<PlacedOrder>().invoice.id}`,
      })
    ).json<Record<string, unknown>>()
    // 5 x 12.00 + 5.00 standard shipping (under the $50 threshold? no: 60.00 is over) = 60.00
    expect(invoice).toMatchObject({ status: 'Open', amountremaining: 60, total: 60 })
    expect(Date.parse(String(invoice.duedate)) - Date.parse(String(invoice.trandate))).toBe(
      30 * 86_400_000,
    )
    await post(site.kernel, firm.cookie, '/query/cart/add', { item: 'blue-mug', quantity: 4 })
    const over = await post(site.kernel, firm.cookie, '/query/checkout/place', {
      idempotencykey: key(8),
      payment: { account: true },
    })
    expect([over.statusCode, codeOf(over)]).toEqual([402, 'ERROR_CREDIT_LIMIT_EXCEEDED'])
    const none = await newCustomer(site.kernel, 'noterms-checkout@example.com')
    await post(site.kernel, none.cookie, '/query/cart/add', { item: 'anchor-mug', quantity: 1 })
    const refused = await post(site.kernel, none.cookie, '/query/checkout/place', {
      idempotencykey: key(9),
      payment: { account: true },
    })
    expect([refused.statusCode, codeOf(refused)]).toEqual([402, 'ERROR_PAYMENT_DECLINED'])
  })

  it("keeps customers out of each other's orders and invoices, and staff edits to the status only", async () => {
    const eve = await newCustomer(site.kernel, 'eve-checkout@example.com')
    const other = await newCustomer(site.kernel, 'other-checkout@example.com')
    await post(site.kernel, eve.cookie, '/query/cart/add', { item: 'anchor-mug', quantity: 1 })
    const placed = (
      await post(site.kernel, eve.cookie, '/query/checkout/place', {
        idempotencykey: key(10),
        payment: { card: VISA },
      })
    ).json<PlacedOrder>()
    for (const url of [
      `/query/ns/data/get/salesorder?id=${placed.order.id}`,
      `/query/ns/data/get/invoice/${placed.invoice.id}`,
      '/query/ns/data/get/salesorder?id=SO99999',
    ]) {
      const reply = await call(site.kernel, other.cookie, { url })
      expect(reply.statusCode, url).toBe(404)
      expect(codeOf(reply)).toMatch(/^ERROR_(ORDER|INVOICE)_NOT_AVAILABLE$/)
    }
    expect(
      (await call(site.kernel, other.cookie, { url: '/query/ns/data/list/salesorder' })).json<{
        data: unknown[]
      }>().data,
    ).toEqual([])
    // The generic record calls are staff's: a customer has no right on orders.
    const generic = await call(site.kernel, eve.cookie, {
      url: `/query/data/get/salesorder/${placed.order.id}`,
    })
    expect(generic.statusCode).toBe(403)
    // Staff change the status; a changed total is put back.
    const update = await post(
      site.kernel,
      site.cookie('support'),
      `/query/data/update/salesorder/${placed.order.id}`,
      [
        { field: 'status', value: 'billed' },
        { field: 'total', value: 0.01 },
      ],
    )
    expect(update.statusCode, update.body).toBe(200)
    const stored = await site.kernel.services.records.find('salesorder', placed.order.id)
    expect(stored).toMatchObject({ status: 'billed', total: placed.total / 100 })
  })

  it('sells the last units once: 100 checkouts at once for 10 in stock make exactly 10 orders', async () => {
    const buyers = []
    for (let n = 0; n < 100; n++)
      buyers.push(await newCustomer(site.kernel, `rush${n}@example.com`))
    for (const buyer of buyers)
      await post(site.kernel, buyer.cookie, '/query/cart/add', { item: 'few-mug', quantity: 1 })
    expect(await stock('few-mug')).toEqual({ onhand: 10, reserved: 0 })
    const replies = await Promise.all(
      buyers.map((buyer, n) =>
        post(site.kernel, buyer.cookie, '/query/checkout/place', {
          idempotencykey: key(`rush${n}`),
          payment: { card: VISA },
        }),
      ),
    )
    const placed = replies.filter((reply) => reply.statusCode === 200)
    const refused = replies.filter((reply) => reply.statusCode !== 200)
    expect(placed).toHaveLength(10)
    expect(refused).toHaveLength(90)
    for (const reply of refused)
      expect([reply.statusCode, codeOf(reply)]).toEqual([409, 'ERROR_CARTLINE_NOT_AVAILABLE'])
    expect(await stock('few-mug')).toEqual({ onhand: 0, reserved: 0 })
    expect(await site.kernel.services.db(RESERVATIONS_TABLE).count({ count: '*' })).toEqual([
      { count: 0 },
    ])
    const numbers = new Set(placed.map((reply) => reply.json<PlacedOrder>().order.tranid))
    expect(numbers.size).toBe(10)
  }, 120_000)

  it('pays on account again once staff mark an open invoice paid', async () => {
    const firm = await firmCustomer('paid-firm@example.com', 70)
    await post(site.kernel, firm.cookie, '/query/cart/add', { item: 'blue-mug', quantity: 5 })
    const first = await post(site.kernel, firm.cookie, '/query/checkout/place', {
      idempotencykey: key('paid1'),
      payment: { account: true },
    })
    expect(first.statusCode, first.body).toBe(200)
    await post(site.kernel, firm.cookie, '/query/cart/add', { item: 'blue-mug', quantity: 5 })
    const over = await post(site.kernel, firm.cookie, '/query/checkout/place', {
      idempotencykey: key('paid2'),
      payment: { account: true },
    })
    expect([over.statusCode, codeOf(over)]).toEqual([402, 'ERROR_CREDIT_LIMIT_EXCEEDED'])
    const before = await stock('blue-mug')
    const invoice = first.json<PlacedOrder>().invoice.id
    // The finance manager's: edit on the payments security record (docs/security.md).
    const paid = await post(
      site.kernel,
      site.cookie('finance'),
      `/query/data/update/invoice/${invoice}`,
      [{ field: 'status', value: 'paidInFull' }],
    )
    expect(paid.statusCode, paid.body).toBe(200)
    expect(await site.kernel.services.records.find('invoice', invoice)).toMatchObject({
      amountremaining: 0,
    })
    // The refusal held nothing back, and the freed credit takes the next order.
    expect(await stock('blue-mug')).toEqual(before)
    const again = await post(site.kernel, firm.cookie, '/query/checkout/place', {
      idempotencykey: key('paid3'),
      payment: { account: true },
    })
    expect(again.statusCode, again.body).toBe(200)
  })

  it('takes a card typed as YYYY-MM, and refuses one without its payment method', async () => {
    const gus = await newCustomer(site.kernel, 'gus-checkout@example.com')
    await post(site.kernel, gus.cookie, '/query/cart/add', { item: 'anchor-mug', quantity: 1 })
    const { paymentmethod: _method, ...bare } = VISA
    const missing = await post(site.kernel, gus.cookie, '/query/checkout/place', {
      idempotencykey: key('gus1'),
      payment: { card: bare },
    })
    expect([missing.statusCode, codeOf(missing)]).toEqual([400, 'ERROR_SELECT_VALUE_REQUIRED'])
    const placed = await post(site.kernel, gus.cookie, '/query/checkout/place', {
      idempotencykey: key('gus2'),
      payment: { card: { ...VISA, expiry: '2035-12' } },
    })
    expect(placed.statusCode, placed.body).toBe(200)
  })

  it("has the provider check a typed card's security code, which is never stored", async () => {
    const hal = await newCustomer(site.kernel, 'hal-checkout@example.com')
    await post(site.kernel, hal.cookie, '/query/cart/add', { item: 'anchor-mug', quantity: 1 })
    const before = await stock('anchor-mug')
    const { cvc: _cvc, ...withoutCvc } = VISA
    const AMEX = { number: '3782 822463 10005', expiry: '12/2035', paymentmethod: 'amex' }
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [withoutCvc, 400, 'ERROR_CARD_CVC_INVALID'],
      [{ ...VISA, cvc: '12' }, 400, 'ERROR_CARD_CVC_INVALID'],
      [{ ...VISA, cvc: '1234' }, 400, 'ERROR_CARD_CVC_INVALID'],
      [{ ...VISA, cvc: 'abc' }, 400, 'ERROR_CARD_CVC_INVALID'],
      [{ ...AMEX, cvc: '123' }, 400, 'ERROR_CARD_CVC_INVALID'],
      [{ ...VISA, cvc: 'x'.repeat(9) }, 400, 'ERROR_INVALID_INPUT'],
      // The test provider's documented wrong code.
      [{ ...VISA, cvc: '000' }, 402, 'ERROR_PAYMENT_DECLINED'],
    ]
    let n = 0
    for (const [card, status, code] of cases) {
      const reply = await post(site.kernel, hal.cookie, '/query/checkout/place', {
        idempotencykey: key(`hal${n++}`),
        payment: { card },
      })
      expect([reply.statusCode, codeOf(reply)], JSON.stringify(card)).toEqual([status, code])
    }
    expect(await stock('anchor-mug')).toEqual(before)
    const placed = await post(site.kernel, hal.cookie, '/query/checkout/place', {
      idempotencykey: key('hal-amex'),
      payment: { card: { ...AMEX, cvc: '1234' } },
    })
    expect(placed.statusCode, placed.body).toBe(200)
    // Nowhere in the database: not in the order, the attempts, the ledger or the test gateway.
    for (const table of ['commerce_checkouts', 'commerce_payments', 'commerce_test_gateway']) {
      const rows = await site.kernel.services.db(table).select()
      expect(JSON.stringify(rows), table).not.toContain('"1234"')
    }
    const order = await site.kernel.services.records.find(
      'salesorder',
      placed.json<PlacedOrder>().order.id,
    )
    expect(JSON.stringify(order)).not.toMatch(/cvc|1234"/)
  })

  describe('with a payment provider that records what it is asked', () => {
    const charges: ChargeRequest[] = []
    const refunds: RefundRequest[] = []
    const spy: PaymentProvider = {
      id: 'spy',
      tokenize: async (card) => ({
        token: 'tok_spy',
        brand: 'visa',
        last4: card.number.slice(-4),
      }),
      charge: async (request) => {
        charges.push(request)
        return `ch_${charges.length}`
      },
      lookup: async (chargeKey) => {
        const index = charges.findIndex((each) => each.key === chargeKey)
        return index < 0 ? null : `ch_${index + 1}`
      },
      refund: async (request) => {
        refunds.push(request)
      },
    }
    let spied: Awaited<ReturnType<typeof bootCommerce>>
    beforeAll(async () => {
      spied = await bootCommerce(site.database, {
        trustProxy: true,
        settings: { commercePaymentProvider: 'spy' },
      })
      spied.kernel.services.paymentProviders.add(spy)
    })
    afterAll(() => spied?.close())

    it("keys each account's charge apart, even with the same idempotency key", async () => {
      for (const email of ['spy-a@example.com', 'spy-b@example.com']) {
        const buyer = await newCustomer(spied.kernel, email)
        await post(spied.kernel, buyer.cookie, '/query/cart/add', {
          item: 'anchor-mug',
          quantity: 1,
        })
        const placed = await post(spied.kernel, buyer.cookie, '/query/checkout/place', {
          idempotencykey: key('same'),
          payment: { card: VISA },
        })
        expect(placed.statusCode, placed.body).toBe(200)
      }
      expect(charges).toHaveLength(2)
      expect(charges[0]!.key).not.toBe(charges[1]!.key)
      expect(charges[0]!.key).not.toContain(key('same'))
    })

    it('the sweep refunds once the charge of a run whose node died, frees its key, and never touches a done run', async () => {
      const { attempts, payments, resolver } =
        spied.kernel.containerOf('commerce').cradle.commerceParts
      const db = spied.kernel.services.db
      const buyer = await newCustomer(spied.kernel, 'spy-crash@example.com')
      await post(spied.kernel, buyer.cookie, '/query/cart/add', {
        item: 'anchor-mug',
        quantity: 2,
      })
      const before = await stockOf(spied.kernel, 'anchor-mug')
      // The node dies once the gateway charged, before the charge is recorded: the probe stops
      // the run for good, as a killed process would.
      const died = new Promise<void>((resolve) => {
        spied.kernel.services.checkout.probe = async (step, run) => {
          if (step !== 'charged') return
          spied.kernel.services.checkout.probe = undefined
          attempts.untrack(run)
          // A dead node's lease is not renewed: let it lapse now.
          await db(CHECKOUTS_TABLE).where({ owner: run.owner }).update({ lease_until: 1 })
          resolve()
          await new Promise(() => undefined)
        }
      })
      const body = { idempotencykey: key('crash'), payment: { card: VISA } }
      void post(spied.kernel, buyer.cookie, '/query/checkout/place', body)
      await died
      expect((await stockOf(spied.kernel, 'anchor-mug')).reserved).toBe(before.reserved + 2)
      const row = (await db(CHECKOUTS_TABLE)
        .where({ idempotency: key('crash') })
        .first()) as {
        cart: string
        state: string
        attempt: string
      }
      expect(row.state).toBe('paying')
      await resolver.sweep()
      const payment = await payments.ofRun({
        cart: row.cart,
        key: key('crash'),
        attempt: row.attempt,
      })
      expect(payment).toMatchObject({ state: 'refunded', charge: `ch_${charges.length}` })
      expect(refunds.filter((each) => each.charge === payment!.charge)).toHaveLength(1)
      expect(await stockOf(spied.kernel, 'anchor-mug')).toEqual(before)
      expect((await attempts.read(row.cart, key('crash')))!.state).toBe('released')
      // Swept again: nothing is refunded twice. The key runs again and places the order.
      await resolver.sweep()
      expect(refunds.filter((each) => each.charge === payment!.charge)).toHaveLength(1)
      const again = await post(spied.kernel, buyer.cookie, '/query/checkout/place', body)
      expect(again.statusCode, again.body).toBe(200)
      const done = (await attempts.read(row.cart, key('crash')))!
      expect(done.state).toBe('done')
      await resolver.sweep()
      expect((await attempts.read(row.cart, key('crash')))!.state).toBe('done')
      expect(refunds).toHaveLength(1)
    })
  })
})
