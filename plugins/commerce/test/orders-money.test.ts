import { expect, it, vi } from 'vitest'
import { codeOf, describePlugin, type TestSite } from '@shopwright/core/testing'
import type { PaymentProvider } from '../src/index.js'
import { TEST_GATEWAY_TABLE } from '../src/server/migrations.js'
import { REFUND_RETRY_MS } from '../src/server/checkout/payments.js'
import { ORDER_PAYMENTS_TABLE, REFUNDS_TABLE } from '../src/server/orders/order-tables.js'
import { cancel, fulfil, key, placeOrder, refund, statusOf } from './desk-helpers.js'
import { COMMERCE_SUITE, post, stockOf, type Person } from './helpers.js'

type Site = TestSite<Person>

/** The order's card payment as the desk keeps it (minor units). */
async function paymentOf(site: Site, id: string) {
  const row = (await site.kernel.services
    .db(ORDER_PAYMENTS_TABLE)
    .where({ order_id: id })
    .first('charge', 'captured', 'refunded')) as Record<string, string | number>
  return {
    charge: String(row.charge),
    captured: Number(row.captured),
    refunded: Number(row.refunded),
  }
}

/** What the test gateway's book gave back of a charge, refund by refund. */
async function gatewayRefunds(site: Site, charge: string): Promise<number[]> {
  const rows = (await site.kernel.services
    .db(TEST_GATEWAY_TABLE)
    .where({ charge, kind: 'refund' })
    .orderBy('created_at')
    .select('amount')) as Array<{ amount: number | string }>
  return rows.map((row) => Number(row.amount))
}

async function mailsOf(site: Site, id: string, kind: string) {
  return (await site.kernel.services
    .db('account_mail')
    .where('event_key', 'like', `order:${id}:${kind}%`)
    .orderBy('event_key')
    .select('event_key', 'subject')) as Array<Record<string, string>>
}

const creditMemos = async (site: Site, id: string) =>
  (
    await site.kernel.services
      .db(REFUNDS_TABLE)
      .where({ order_id: id })
      .orderBy('id')
      .select('creditmemo')
  ).map((row: { creditmemo: string | null }) => row.creditmemo)

const ledgerOf = (site: Site, node = 0) =>
  site.nodes[node]!.containerOf('commerce').cradle.ordersDesk.ledger

describePlugin(
  'the orders desk: cancel and refund',
  { ...COMMERCE_SUITE, config: { trustProxy: true } },
  (site) => {
    it('cancels a card order: stock back once, the card refunded with a credit note, the shopper told', async () => {
      const before = await stockOf(site.kernel, 'anchor-mug')
      const id = await placeOrder(site, 'money-cancel@example.com', [['anchor-mug', 2]])
      expect((await stockOf(site.kernel, 'anchor-mug')).onhand).toBe(before.onhand - 2)
      const paid = await paymentOf(site, id)

      const body = { key: key('cancel-1'), reason: 'Customer changed their mind' }
      const cancelled = await cancel(site, 'support', id, body)
      expect(cancelled.statusCode, cancelled.body).toBe(200)
      expect(cancelled.json()).toMatchObject({
        order: id,
        status: 'cancelled',
        restocked: [{ item: 'anchor-mug', quantity: 2 }],
        refund: { amount: paid.captured, state: 'done' },
        invoice: null,
      })
      expect(await statusOf(site, id)).toBe('cancelled')
      expect(await stockOf(site.kernel, 'anchor-mug')).toEqual(before)
      expect(await paymentOf(site, id)).toMatchObject({ refunded: paid.captured })
      expect(await gatewayRefunds(site, paid.charge)).toEqual([paid.captured])
      const [memo] = await creditMemos(site, id)
      expect(memo).toMatch(/^CM\d+$/)
      const note = await site.kernel.services.records.find('creditmemo', memo!)
      expect(note).toMatchObject({
        total: paid.captured / 100,
        createdfrom: { type: 'salesorder', id },
        reason: 'Customer changed their mind',
      })
      const mails = await mailsOf(site, id, 'cancelled')
      expect(mails).toHaveLength(1)
      expect(mails[0]!.subject).toMatch(/^Your order SO\d+ was cancelled/)

      // A repeat answers the same and moves nothing again; another cancel, a fulfil or a refund is refused.
      const again = await cancel(site, 'support', id, body)
      expect(again.statusCode, again.body).toBe(200)
      expect(again.json()).toEqual(cancelled.json())
      expect(await stockOf(site.kernel, 'anchor-mug')).toEqual(before)
      const other = await cancel(site, 'manager', id, { key: key('cancel-2') })
      expect([other.statusCode, codeOf(other)]).toEqual([409, 'ERROR_ORDER_CANCELLED'])
      const shipped = await fulfil(site, 'manager', id, { key: key('cancel-fulfil') })
      expect([shipped.statusCode, codeOf(shipped)]).toEqual([409, 'ERROR_ORDER_CANCELLED'])
      const more = await refund(site, 'manager', id, { key: key('cancel-refund') })
      expect([more.statusCode, codeOf(more)]).toEqual([409, 'ERROR_REFUND_TOO_LARGE'])
      expect(await gatewayRefunds(site, paid.charge)).toEqual([paid.captured])
      expect(await mailsOf(site, id, 'cancelled')).toHaveLength(1)

      // The desk's view: the payment, the refund with its credit note, the history with who did it.
      const view = (await site.call('manager', { url: `/query/orders/get/${id}` })).json<{
        payment: { captured: number; refunded: number }
        refunds: Array<{ state: string; creditmemo: string; actor: { name: string } }>
        history: Array<{ kind: string }>
      }>()
      expect(view.payment).toMatchObject({ captured: paid.captured, refunded: paid.captured })
      expect(view.refunds).toMatchObject([{ state: 'done', creditmemo: memo }])
      expect(view.history.map((entry) => entry.kind)).toEqual(['cancelled'])
    })

    it("voids an on-account order's open invoice when it is cancelled", async () => {
      const orderId = await placeOrder(site, 'money-firm@example.com', [['blue-mug', 2]], 0, {
        onAccount: true,
      })
      const order = { id: orderId }
      const invoice = {
        id: String(
          (
            (await site.kernel.services
              .db('commerce_documents')
              .where({ type: 'invoice', created_from: orderId })
              .first('id')) as { id: string }
          ).id,
        ),
      }
      const cancelled = await cancel(site, 'manager', order.id, { key: key('firm-cancel') })
      expect(cancelled.statusCode, cancelled.body).toBe(200)
      expect(cancelled.json()).toMatchObject({ refund: null, invoice: invoice.id })
      expect(await site.kernel.services.records.find('invoice', invoice.id)).toMatchObject({
        status: 'voided',
        amountremaining: 0,
      })
      // Nothing was captured: nothing to refund.
      const refunded = await refund(site, 'manager', order.id, { key: key('firm-refund') })
      expect([refunded.statusCode, codeOf(refunded)]).toEqual([409, 'ERROR_ORDER_NOT_CAPTURED'])
    })

    it('refuses to cancel an order part of which has shipped, changing nothing', async () => {
      const id = await placeOrder(site, 'money-shipped@example.com', [['anchor-mug', 2]])
      const stock = await stockOf(site.kernel, 'anchor-mug')
      const part = await fulfil(site, 'manager', id, {
        key: key('shipped-1'),
        lines: [{ line: 1, quantity: 1 }],
      })
      expect(part.statusCode, part.body).toBe(200)
      const refused = await cancel(site, 'manager', id, { key: key('shipped-cancel') })
      expect([refused.statusCode, codeOf(refused)]).toEqual([409, 'ERROR_ORDER_SHIPPED'])
      expect(await statusOf(site, id)).toBe('partiallyFulfilled')
      expect(await stockOf(site.kernel, 'anchor-mug')).toEqual(stock)
      expect((await paymentOf(site, id)).refunded).toBe(0)
    })

    it('refunds part of an order, then the rest, never more than was captured', async () => {
      const id = await placeOrder(site, 'money-part@example.com', [
        ['anchor-mug', 1],
        ['blue-mug', 2],
      ])
      const paid = await paymentOf(site, id)
      const first = await refund(site, 'manager', id, {
        key: key('part-1'),
        amount: 500,
        reason: 'Chipped mug',
      })
      expect(first.statusCode, first.body).toBe(200)
      expect(first.json()).toMatchObject({
        order: id,
        refund: { amount: 500, state: 'done' },
        captured: paid.captured,
        refunded: 500,
      })
      // The same key again: the same answer, no second refund; the key with another amount: refused.
      const again = await refund(site, 'manager', id, {
        key: key('part-1'),
        amount: 500,
        reason: 'Chipped mug',
      })
      expect(again.json()).toEqual(first.json())
      const reused = await refund(site, 'manager', id, { key: key('part-1'), amount: 600 })
      expect([reused.statusCode, codeOf(reused)]).toEqual([422, 'ERROR_IDEMPOTENCY_KEY_REUSED'])
      const over = await refund(site, 'manager', id, {
        key: key('part-over'),
        amount: paid.captured,
      })
      expect([over.statusCode, codeOf(over)]).toEqual([409, 'ERROR_REFUND_TOO_LARGE'])
      const rest = await refund(site, 'support', id, { key: key('part-rest') })
      expect(rest.statusCode, rest.body).toBe(200)
      expect(rest.json()).toMatchObject({
        refund: { amount: paid.captured - 500, state: 'done' },
        refunded: paid.captured,
      })
      expect(await gatewayRefunds(site, paid.charge)).toEqual([500, paid.captured - 500])
      const memos = await creditMemos(site, id)
      expect(memos).toHaveLength(2)
      expect(new Set(memos).size).toBe(2)
      // The order itself is not cancelled: a refund gives money back, not the goods.
      expect(await statusOf(site, id)).toBe('pendingFulfillment')
      const mails = await mailsOf(site, id, 'refunded')
      expect(mails).toHaveLength(2)
      expect(mails[0]!.subject).toMatch(/^A refund on your order SO\d+/)
    })

    it('asks a gateway that does not answer again from the sweep, and lets a refused refund be asked again', async () => {
      const id = await placeOrder(site, 'money-gateway@example.com', [['anchor-mug', 1]])
      const paid = await paymentOf(site, id)
      const providers = site.kernel.services.paymentProviders
      const real = providers.get('test')
      const silent: PaymentProvider = {
        ...real,
        id: 'test',
        tokenize: (card) => real.tokenize(card),
        charge: (request) => real.charge(request),
        lookup: (charge) => real.lookup(charge),
        refund: () => Promise.reject(new Error('the gateway timed out (test)')),
      }
      providers.add(silent)
      try {
        const pending = await refund(site, 'manager', id, { key: key('gw-1'), amount: 300 })
        expect(pending.statusCode, pending.body).toBe(200)
        expect(pending.json()).toMatchObject({ refund: { state: 'pending' }, refunded: 300 })
      } finally {
        providers.add(real)
      }
      expect(await gatewayRefunds(site, paid.charge)).toEqual([])
      expect(await ledgerOf(site).sweep(Date.now() + REFUND_RETRY_MS + 1_000)).toBe(1)
      expect(await gatewayRefunds(site, paid.charge)).toEqual([300])
      expect(await creditMemos(site, id)).toHaveLength(1)

      // The gateway refuses (it knows no such charge): the money is owed no more and can be asked again.
      const declining: PaymentProvider = {
        ...silent,
        refund: () => real.refund({ charge: 'ch_none', key: 'k' }),
      }
      providers.add(declining)
      try {
        const failed = await refund(site, 'manager', id, { key: key('gw-2'), amount: 200 })
        expect(failed.json()).toMatchObject({ refund: { state: 'failed' }, refunded: 300 })
      } finally {
        providers.add(real)
      }
      expect((await paymentOf(site, id)).refunded).toBe(300)
      const view = (await site.call('manager', { url: `/query/orders/get/${id}` })).json<{
        history: Array<{ kind: string }>
      }>()
      expect(view.history.map((entry) => entry.kind)).toEqual([
        'refunded',
        'refunded',
        'refundFailed',
      ])
    })

    it('answers a stored cancellation and refund as done when a step after the commit fails', async () => {
      const id = await placeOrder(site, 'money-after@example.com', [['anchor-mug', 1]])
      const paid = await paymentOf(site, id)
      const ledger = ledgerOf(site)
      const settle = vi.spyOn(ledger, 'settle').mockRejectedValue(new Error('database gone (test)'))
      try {
        const refunded = await refund(site, 'manager', id, {
          key: key('after-refund'),
          amount: 100,
        })
        expect(refunded.statusCode, refunded.body).toBe(200)
        expect(refunded.json()).toMatchObject({ refund: { state: 'pending' }, refunded: 100 })
        const cancelled = await cancel(site, 'manager', id, { key: key('after-cancel') })
        expect(cancelled.statusCode, cancelled.body).toBe(200)
        expect(cancelled.json()).toMatchObject({
          status: 'cancelled',
          refund: { state: 'pending' },
        })
      } finally {
        settle.mockRestore()
      }
      expect(await statusOf(site, id)).toBe('cancelled')
      // The sweep settles both: all that was captured went back, once.
      expect(await ledger.sweep(Date.now() + REFUND_RETRY_MS + 1_000)).toBe(2)
      expect((await gatewayRefunds(site, paid.charge)).reduce((a, b) => a + b, 0)).toBe(
        paid.captured,
      )
    })

    it('keeps a cancellation and a part shipment to the orders desk', async () => {
      const id = await placeOrder(site, 'money-raw@example.com', [['anchor-mug', 1]])
      for (const status of ['cancelled', 'partiallyFulfilled']) {
        const update = await post(
          site.kernel,
          site.cookie('support'),
          `/query/data/update/salesorder/${id}`,
          [{ field: 'status', value: status }],
        )
        expect([update.statusCode, codeOf(update)]).toEqual([403, 'ERROR_ACCESS_DENIED'])
      }
      expect(await statusOf(site, id)).toBe('pendingFulfillment')
    })

    it('refuses bad bodies and callers without edit on orders, changing nothing', async () => {
      const id = await placeOrder(site, 'money-bad@example.com', [['anchor-mug', 1]])
      const stock = await stockOf(site.kernel, 'anchor-mug')
      const bad: unknown[] = [
        { key: 'short' },
        { key: key('bad'), amount: 0 },
        { key: key('bad'), amount: -100 },
        { key: key('bad'), amount: 1.5 },
        { key: key('bad'), amount: '100' },
        { key: key('bad'), amount: 100, extra: true },
        { key: key('bad'), reason: 'x'.repeat(501) },
        `{"key":"${key('bad')}","__proto__":{"amount":1}}`,
      ]
      for (const body of bad) {
        const reply = await refund(site, 'manager', id, body)
        expect([reply.statusCode, codeOf(reply)], JSON.stringify(body)).toEqual([
          400,
          'ERROR_INVALID_INPUT',
        ])
      }
      for (const body of [
        { key: key('bad'), reason: 7 },
        { key: key('bad'), lines: [] },
      ]) {
        const reply = await cancel(site, 'manager', id, body)
        expect([reply.statusCode, codeOf(reply)], JSON.stringify(body)).toEqual([
          400,
          'ERROR_INVALID_INPUT',
        ])
      }
      for (const reply of [
        await refund(site, 'manager', id, '{"key":'),
        await cancel(site, 'manager', id, '{'),
      ])
        expect([reply.statusCode, codeOf(reply)]).toEqual([400, 'ERROR_JSON_BODY'])
      for (const who of ['marketing', undefined] as const) {
        expect((await cancel(site, who, id, { key: key('nobody') })).statusCode).toBe(
          who ? 403 : 401,
        )
        expect((await refund(site, who, id, { key: key('nobody') })).statusCode).toBe(
          who ? 403 : 401,
        )
      }
      const missing = await cancel(site, 'manager', 'SO1', { key: key('missing') })
      expect([missing.statusCode, codeOf(missing)]).toEqual([404, 'ERROR_ORDER_NOT_AVAILABLE'])
      expect(await statusOf(site, id)).toBe('pendingFulfillment')
      expect(await stockOf(site.kernel, 'anchor-mug')).toEqual(stock)
      expect((await paymentOf(site, id)).refunded).toBe(0)
    })
  },
)

// Two nodes of one site: a fulfil and a cancel of one order at once, two refunds of its rest at once.
describePlugin(
  'the orders desk: cancel and refund on two nodes',
  { ...COMMERCE_SUITE, nodes: 2, config: { trustProxy: true } },
  (site) => {
    it('lets exactly one of a fulfil and a cancel from two nodes win, and stock and money add up', async () => {
      for (let round = 0; round < 3; round++) {
        const before = await stockOf(site.kernel, 'anchor-mug')
        const id = await placeOrder(site, `money-race-${round}@example.com`, [['anchor-mug', 2]])
        const paid = await paymentOf(site, id)
        const [shipped, cancelled] = await Promise.all([
          fulfil(site, 'manager', id, { key: key(`race-f-${round}`) }, round % 2),
          cancel(site, 'manager', id, { key: key(`race-c-${round}`) }, 1 - (round % 2)),
        ])
        const codes = [shipped.statusCode, cancelled.statusCode]
        expect(codes.sort(), `${shipped.body} ${cancelled.body}`).toEqual([200, 409])
        const after = await stockOf(site.kernel, 'anchor-mug')
        if (cancelled.statusCode === 200) {
          expect(codeOf(shipped)).toBe('ERROR_ORDER_CANCELLED')
          expect(await statusOf(site, id)).toBe('cancelled')
          expect(after).toEqual(before)
          expect(await gatewayRefunds(site, paid.charge)).toEqual([paid.captured])
        } else {
          expect(codeOf(cancelled)).toBe('ERROR_ORDER_SHIPPED')
          expect(await statusOf(site, id)).toBe('billed')
          expect(after.onhand).toBe(before.onhand - 2)
          expect(await gatewayRefunds(site, paid.charge)).toEqual([])
        }
      }
    })

    it('gives back at most what was captured when two nodes refund the rest at once', async () => {
      const id = await placeOrder(site, 'money-race-refund@example.com', [['anchor-mug', 1]])
      const paid = await paymentOf(site, id)
      const replies = await Promise.all([
        refund(site, 'manager', id, { key: key('rr-a') }, 0),
        refund(site, 'support', id, { key: key('rr-b') }, 1),
      ])
      expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409])
      expect(codeOf(replies.find((reply) => reply.statusCode === 409)!)).toBe(
        'ERROR_REFUND_TOO_LARGE',
      )
      expect(await gatewayRefunds(site, paid.charge)).toEqual([paid.captured])
      expect(await paymentOf(site, id)).toMatchObject({ refunded: paid.captured })
    })
  },
)
