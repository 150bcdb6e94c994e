import { expect, it } from 'vitest'
import { SYSTEM_ACTOR } from '@shopwright/core'
import { codeOf, describePlugin } from '@shopwright/core/testing'
import { PAYMENTS_TABLE } from '../src/server/migrations.js'
import { ORDER_PAYMENTS_TABLE, orderMigrations } from '../src/server/orders/order-tables.js'
import { deskRows, fulfil, key, placeOrder, statusOf } from './desk-helpers.js'
import { COMMERCE_SUITE } from './helpers.js'

describePlugin('the orders desk', { ...COMMERCE_SUITE, config: { trustProxy: true } }, (site) => {
  it('ships part of an order, then the rest, telling the shopper of each parcel', async () => {
    const id = await placeOrder(site, 'desk-parts@example.com', [
      ['anchor-mug', 3],
      ['blue-mug', 1],
    ])
    const first = await fulfil(site, 'manager', id, {
      key: key('parts-1'),
      lines: [{ line: 1, quantity: 2 }],
      carrier: ' UPS ',
      tracking: '1Z999AA10123456784',
    })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({
      order: id,
      status: 'partiallyFulfilled',
      lines: [{ line: 1, quantity: 2 }],
      carrier: 'UPS',
      tracking: '1Z999AA10123456784',
    })
    expect(await statusOf(site, id)).toBe('partiallyFulfilled')

    const rest = await fulfil(site, 'support', id, { key: key('parts-2') })
    expect(rest.statusCode, rest.body).toBe(200)
    expect(rest.json()).toMatchObject({
      status: 'billed',
      lines: [
        { line: 1, quantity: 1 },
        { line: 2, quantity: 1 },
      ],
    })
    expect(await statusOf(site, id)).toBe('billed')
    expect(await deskRows(site, id)).toEqual({
      lines: [
        [1, 3, 3],
        [2, 1, 1],
      ],
      parcels: 2,
      events: 2,
    })

    // One shipped e-mail per parcel (what it says: order-mail.test.ts); none queued by the
    // status changes themselves.
    const mails = (await site.kernel.services
      .db('account_mail')
      .where('event_key', 'like', `order:${id}:shipped%`)
      .orderBy('event_key')
      .select('event_key', 'subject')) as Array<Record<string, string>>
    expect(mails.map((mail) => mail.event_key)).toEqual([
      `order:${id}:shipped:${key('parts-1')}`,
      `order:${id}:shipped:${key('parts-2')}`,
    ])
    expect(mails[0]!.subject).toMatch(/^Your order SO\d+ has shipped/)

    // The desk's view: units per line, the parcels and the history, with who made each.
    const view = await site.call('manager', { url: `/query/orders/get/${id}` })
    expect(view.statusCode, view.body).toBe(200)
    const answer = view.json<{
      lines: Array<{ line: number; quantity: number; fulfilled: number; name: string }>
      fulfilments: Array<{ carrier: string; actor: { key: string; name: string } }>
      history: Array<{ kind: string; actor: { key: string } }>
    }>()
    expect(answer.lines.map((line) => [line.line, line.quantity, line.fulfilled])).toEqual([
      [1, 3, 3],
      [2, 1, 1],
    ])
    expect(answer.lines[0]!.name).not.toBe('')
    expect(answer.fulfilments.map((parcel) => parcel.carrier)).toEqual(['UPS', ''])
    expect(answer.fulfilments[0]!.actor.key).toBe(site.actor('manager'))
    expect(answer.history.map((event) => [event.kind, event.actor.key])).toEqual([
      ['fulfilled', site.actor('manager')],
      ['fulfilled', site.actor('support')],
    ])

    // Nothing left: refused, nothing written.
    const again = await fulfil(site, 'manager', id, { key: key('parts-3') })
    expect([again.statusCode, codeOf(again)]).toEqual([409, 'ERROR_ORDER_FULFILLED'])
    expect((await deskRows(site, id)).parcels).toBe(2)
  })

  it('answers a repeat of a call with its first answer, and refuses its key for another call', async () => {
    const id = await placeOrder(site, 'desk-repeat@example.com', [['anchor-mug', 2]])
    const body = { key: key('repeat'), lines: [{ line: 1, quantity: 1 }] }
    const first = await fulfil(site, 'manager', id, body)
    expect(first.statusCode, first.body).toBe(200)
    const repeat = await fulfil(site, 'manager', id, body)
    expect([repeat.statusCode, repeat.json()]).toEqual([200, first.json()])
    const other = await fulfil(site, 'manager', id, { ...body, tracking: 'X1' })
    expect([other.statusCode, codeOf(other)]).toEqual([422, 'ERROR_IDEMPOTENCY_KEY_REUSED'])
    expect(await deskRows(site, id)).toEqual({ lines: [[1, 2, 1]], parcels: 1, events: 1 })
  })

  it('ships each unit once when two calls ask for the same units at once', async () => {
    const id = await placeOrder(site, 'desk-race@example.com', [['anchor-mug', 2]])
    const replies = await Promise.all(
      ['race-a', 'race-b', 'race-c'].map((name) => fulfil(site, 'manager', id, { key: key(name) })),
    )
    const won = replies.filter((reply) => reply.statusCode === 200)
    expect(won).toHaveLength(1)
    for (const reply of replies.filter((each) => each.statusCode !== 200))
      expect([reply.statusCode, codeOf(reply)]).toEqual([409, 'ERROR_ORDER_FULFILLED'])
    expect(await deskRows(site, id)).toEqual({ lines: [[1, 2, 2]], parcels: 1, events: 1 })
  })

  it("keeps a card order's charge with the order, filled from checkout's ledger on upgrade", async () => {
    const id = await placeOrder(site, 'desk-payment@example.com', [['anchor-mug', 2]])
    const db = site.kernel.services.db
    const ledger = (await db(PAYMENTS_TABLE)
      .where({ order_id: id })
      .first('provider', 'charge', 'amount', 'currency')) as Record<string, string | number>
    const kept = async () =>
      (await db(ORDER_PAYMENTS_TABLE)
        .where({ order_id: id })
        .first('provider', 'charge', 'captured', 'refunded', 'currency')) as Record<
        string,
        string | number
      >
    const expected = {
      provider: ledger.provider,
      charge: ledger.charge,
      captured: Number(ledger.amount),
      refunded: 0,
      currency: ledger.currency,
    }
    const row = await kept()
    expect({ ...row, captured: Number(row.captured), refunded: Number(row.refunded) }).toEqual(
      expected,
    )
    expect(expected.captured).toBeGreaterThan(0)
    // A site upgraded from before the table: its last week's card orders are there.
    const migration = orderMigrations.find((each) => each.name === '010-order-payments')!
    await migration.down!(db)
    await migration.up(db)
    const filled = await kept()
    expect({
      ...filled,
      captured: Number(filled.captured),
      refunded: Number(filled.refunded),
    }).toEqual(expected)
  })

  it("sends an order's confirmation again, once per key, to the address kept with the order", async () => {
    const id = await placeOrder(site, 'desk-resend@example.com', [['anchor-mug', 1]])
    const resend = (who: Person | undefined, name: string, order = id) =>
      site.call(who, {
        method: 'POST',
        url: `/query/orders/resend/${order}`,
        payload: { key: key(name) },
      })
    const sent = await resend('support', 'resend-1')
    expect([sent.statusCode, sent.json()]).toEqual([
      200,
      { order: id, email: 'desk-resend@example.com' },
    ])
    const repeat = await resend('support', 'resend-1')
    expect([repeat.statusCode, repeat.json()]).toEqual([200, sent.json()])
    const mails = (await site.kernel.services
      .db('account_mail')
      .where('event_key', 'like', `order:${id}:confirmed%`)
      .orderBy('event_key')
      .pluck('event_key')) as string[]
    expect(mails).toEqual([`order:${id}:confirmed`, `order:${id}:confirmed:${key('resend-1')}`])
    const view = await site.call('manager', { url: `/query/orders/get/${id}` })
    expect(
      view.json<{ history: Array<{ kind: string; actor: { key: string } }> }>().history,
    ).toMatchObject([{ kind: 'resent', actor: { key: site.actor('support') } }])

    const refused = await resend('marketing', 'resend-2')
    expect([refused.statusCode, codeOf(refused)]).toEqual([403, 'ERROR_ACCESS_DENIED'])
    // An order from before order e-mails has no address to send to.
    await site.kernel.services.db('commerce_order_contacts').where({ order_id: id }).delete()
    const nowhere = await resend('support', 'resend-3')
    expect([nowhere.statusCode, codeOf(nowhere)]).toEqual([409, 'ERROR_ORDER_EMAIL_NOT_KEPT'])
    expect(
      await site.kernel.services
        .db('account_mail')
        .where('event_key', 'like', `order:${id}:confirmed%`)
        .count({ n: '*' })
        .first(),
    ).toEqual({ n: 2 })
  })

  it('ships two lines asked for at once in two parcels, each told once', async () => {
    const id = await placeOrder(site, 'desk-two-lines@example.com', [
      ['anchor-mug', 1],
      ['blue-mug', 1],
    ])
    const replies = await Promise.all([
      fulfil(site, 'manager', id, { key: key('line-1'), lines: [{ line: 1, quantity: 1 }] }),
      fulfil(site, 'manager', id, { key: key('line-2'), lines: [{ line: 2, quantity: 1 }] }),
    ])
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200])
    expect(replies.map((reply) => reply.json<{ status: string }>().status).sort()).toEqual([
      'billed',
      'partiallyFulfilled',
    ])
    expect(await statusOf(site, id)).toBe('billed')
    // The parcels' e-mails only: the status change to billed queued none of its own.
    const mails = (await site.kernel.services
      .db('account_mail')
      .where('event_key', 'like', `order:${id}:shipped%`)
      .orderBy('event_key')
      .pluck('event_key')) as string[]
    expect(mails).toEqual([
      `order:${id}:shipped:${key('line-1')}`,
      `order:${id}:shipped:${key('line-2')}`,
    ])
  })

  it('refuses a cancelled order', async () => {
    const id = await placeOrder(site, 'desk-cancelled@example.com', [['anchor-mug', 1]])
    await site.kernel.services.records.modify(
      SYSTEM_ACTOR,
      'salesorder',
      id,
      ['status'],
      (order) => {
        order.status = 'cancelled'
      },
    )
    const reply = await fulfil(site, 'manager', id, { key: key('cancelled') })
    expect([reply.statusCode, codeOf(reply)]).toEqual([409, 'ERROR_ORDER_CANCELLED'])
    const resent = await site.call('manager', {
      method: 'POST',
      url: `/query/orders/resend/${id}`,
      payload: { key: key('cancelled-resend') },
    })
    expect([resent.statusCode, codeOf(resent)]).toEqual([409, 'ERROR_ORDER_CANCELLED'])
    expect(await statusOf(site, id)).toBe('cancelled')
  })

  it('refuses callers without edit on orders, a missing order and a bad body, changing nothing', async () => {
    const id = await placeOrder(site, 'desk-refusals@example.com', [['anchor-mug', 2]])
    const refusals: Array<[Person | undefined, string, unknown, number, string]> = [
      [undefined, id, { key: key('anon') }, 401, 'ERROR_NOT_SIGNED_IN'],
      ['ada', id, { key: key('customer') }, 403, 'ERROR_ACCESS_DENIED'],
      ['marketing', id, { key: key('marketing') }, 403, 'ERROR_ACCESS_DENIED'],
      ['manager', 'SO0', { key: key('missing') }, 404, 'ERROR_ORDER_NOT_AVAILABLE'],
      // A path trick leaves the call's address: no call answers it.
      ['manager', '..', { key: key('dots') }, 404, 'ERROR_POST_NOT_FOUND'],
      ['manager', 'SO1.json', { key: key('dot') }, 404, 'ERROR_ORDER_NOT_AVAILABLE'],
      ['manager', id, {}, 400, 'ERROR_INVALID_INPUT'],
      ['manager', id, { key: 'short' }, 400, 'ERROR_INVALID_INPUT'],
      [
        'manager',
        id,
        { key: key('zero'), lines: [{ line: 1, quantity: 0 }] },
        400,
        'ERROR_INVALID_INPUT',
      ],
      [
        'manager',
        id,
        { key: key('more'), lines: [{ line: 1, quantity: 3 }] },
        400,
        'ERROR_INVALID_INPUT',
      ],
      [
        'manager',
        id,
        { key: key('noline'), lines: [{ line: 2, quantity: 1 }] },
        400,
        'ERROR_INVALID_INPUT',
      ],
      ['manager', id, { key: key('extra'), status: 'billed' }, 400, 'ERROR_INVALID_INPUT'],
      [
        'manager',
        id,
        `{"key":"${key('proto')}","__proto__":{"lines":[]}}`,
        400,
        'ERROR_INVALID_INPUT',
      ],
      ['manager', id, `{"key":"${key('json')}",`, 400, 'ERROR_JSON_BODY'],
      ['manager', id, { key: key('long'), carrier: 'x'.repeat(65) }, 400, 'ERROR_INVALID_INPUT'],
    ]
    for (const [who, order, body, status, code] of refusals) {
      const reply = await fulfil(site, who, order, body)
      expect([who, order, reply.statusCode, codeOf(reply)]).toEqual([who, order, status, code])
    }
    const view = await site.call('marketing', { url: `/query/orders/get/${id}` })
    expect([view.statusCode, codeOf(view)]).toEqual([403, 'ERROR_ACCESS_DENIED'])
    expect(await statusOf(site, id)).toBe('pendingFulfillment')
    const rows = await deskRows(site, id)
    expect([rows.parcels, rows.events]).toEqual([0, 0])
  })
})

// Two nodes of one site: the same units asked for on each at once ship once.
describePlugin(
  'the orders desk on two nodes',
  { ...COMMERCE_SUITE, nodes: 2, config: { trustProxy: true } },
  (site) => {
    it('ships each unit once when both nodes fulfil the whole order at once', async () => {
      const id = await placeOrder(site, 'desk-two-nodes@example.com', [['anchor-mug', 3]])
      const replies = await Promise.all([
        fulfil(site, 'manager', id, { key: key('node-a') }, 0),
        fulfil(site, 'manager', id, { key: key('node-b') }, 1),
      ])
      expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409])
      expect(codeOf(replies.find((reply) => reply.statusCode === 409)!)).toBe(
        'ERROR_ORDER_FULFILLED',
      )
      expect(await deskRows(site, id)).toEqual({ lines: [[1, 3, 3]], parcels: 1, events: 1 })
      expect(await statusOf(site, id)).toBe('billed')
    })
  },
)
