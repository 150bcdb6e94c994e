import { expect, it } from 'vitest'
import { SYSTEM_ACTOR } from '@shopwright/core'
import { codeOf, describePlugin, type TestSite } from '@shopwright/core/testing'
import type { OrderListAnswer } from '../src/shared/orders.js'
import { ORDERS_TABLE } from '../src/server/orders/order-tables.js'
import { fulfil, key, placeOrder } from './desk-helpers.js'
import { COMMERCE_SUITE, type Person } from './helpers.js'

type Site = TestSite<Person>

/** The steps of a statement's plan on the site's database, one line each. */
async function planOf(site: Site, sql: string, bindings: readonly unknown[]): Promise<string[]> {
  const db = site.kernel.services.db
  if (db.client.dialect !== 'mysql') {
    const rows = (await db.raw(`EXPLAIN QUERY PLAN ${sql}`, bindings as unknown[])) as Array<{
      detail: string
    }>
    return rows.map((row) => row.detail)
  }
  const [rows] = (await db.raw(`EXPLAIN ${sql}`, bindings as unknown[])) as [
    Array<{ table: string; type: string; key: string | null }>,
  ]
  return rows.map((row) => `table=${row.table} type=${row.type} key=${String(row.key)}`)
}

async function list(site: Site, query = '', who: Person = 'manager'): Promise<OrderListAnswer> {
  const reply = await site.call(who, { url: `/query/orders/list${query}` })
  expect(reply.statusCode, reply.body).toBe(200)
  return reply.json<OrderListAnswer>()
}
const ids = (answer: OrderListAnswer) => answer.data.map((row) => row.id)
const post = (site: Site, url: string, payload: unknown) =>
  site.call('manager', { method: 'POST', url, payload: payload as string })

describePlugin('the orders list', { ...COMMERCE_SUITE, config: { trustProxy: true } }, (site) => {
  /** Five orders: to fulfil, partly shipped, shipped, cancelled, part refunded, one on account. */
  let orders: Record<'open' | 'part' | 'shipped' | 'cancelled' | 'account', string>

  it('lists orders newest first with names, standings and totals per currency', async () => {
    const open = await placeOrder(site, 'list-open@example.com', [['anchor-mug', 1]], 0, {
      addressee: 'Émile Zola',
    })
    const part = await placeOrder(site, 'list-part@example.com', [['anchor-mug', 2]], 0, {
      addressee: 'Grace Hopper',
    })
    const shipped = await placeOrder(site, 'list-shipped@example.com', [['blue-mug', 1]])
    const cancelled = await placeOrder(site, 'list-cancelled@example.com', [['blue-mug', 1]])
    const account = await placeOrder(site, 'list-account@example.com', [['blue-mug', 2]], 0, {
      onAccount: true,
    })
    orders = { open, part, shipped, cancelled, account }
    expect(
      (
        await fulfil(site, 'manager', part, {
          key: key('list-part'),
          lines: [{ line: 1, quantity: 1 }],
        })
      ).statusCode,
    ).toBe(200)
    expect((await fulfil(site, 'manager', shipped, { key: key('list-shipped') })).statusCode).toBe(
      200,
    )
    expect(
      (await post(site, `/query/orders/cancel/${cancelled}`, { key: key('list-cancel') }))
        .statusCode,
    ).toBe(200)
    expect(
      (await post(site, `/query/orders/refund/${open}`, { key: key('list-refund'), amount: 100 }))
        .statusCode,
    ).toBe(200)

    const all = await list(site)
    expect(ids(all).slice(0, 5)).toEqual([account, cancelled, shipped, part, open])
    const byId = new Map(all.data.map((row) => [row.id, row]))
    expect(byId.get(open)).toMatchObject({
      tranid: open,
      name: 'Émile Zola',
      email: 'list-open@example.com',
      status: 'pendingFulfillment',
      statusName: 'Pending Fulfillment',
      fulfilment: 'unfulfilled',
      payment: 'paid',
      refunded: 100,
      currency: { id: 'usd', code: 'USD', places: 2 },
    })
    expect(byId.get(part)).toMatchObject({
      fulfilment: 'partial',
      statusName: 'Partially Fulfilled',
    })
    expect(byId.get(shipped)).toMatchObject({ fulfilment: 'fulfilled' })
    expect(byId.get(cancelled)).toMatchObject({ fulfilment: 'cancelled', payment: 'paid' })
    expect(byId.get(account)).toMatchObject({ fulfilment: 'unfulfilled', payment: 'pending' })
    expect(byId.get(account)!.customer).toMatch(/^customer\|/)
    // The totals are of every order matched: here the whole list, all in dollars.
    expect(all.count).toBe(all.data.length)
    const sum = all.data.reduce((total, row) => total + row.total, 0)
    expect(all.totals).toEqual([
      {
        currency: { id: 'usd', code: 'USD', places: 2 },
        count: all.count,
        total: sum,
        refunded: all.data.reduce((total, row) => total + row.refunded, 0),
      },
    ])
  })

  it('filters by standing, searches by number, e-mail and name, and keeps to a date range', async () => {
    const only = async (query: string) => ids(await list(site, query))
    expect(await only('?filter=toFulfil')).toEqual(
      expect.arrayContaining([orders.open, orders.account]),
    )
    expect(await only('?filter=toFulfil')).not.toContain(orders.part)
    expect(await only('?filter=partlyShipped')).toEqual([orders.part])
    expect(await only('?filter=shipped')).toEqual([orders.shipped])
    expect(await only('?filter=pendingPayment')).toEqual([orders.account])
    expect(await only('?filter=refunded')).toEqual(
      expect.arrayContaining([orders.open, orders.cancelled]),
    )
    expect(await only('?filter=cancelled')).toEqual([orders.cancelled])
    // A number with or without its prefix, or its start; an e-mail or its start; a first or
    // last name, case and accents aside.
    expect(await only(`?q=${orders.part}`)).toEqual([orders.part])
    expect(await only(`?q=${orders.part.slice(2).toLowerCase()}`)).toEqual([orders.part])
    expect(await only('?q=LIST-ACCOUNT%40example.com')).toEqual([orders.account])
    expect(await only('?q=list-acc')).toEqual([orders.account])
    expect(await only('?q=emile')).toEqual([orders.open])
    expect(await only('?q=zola')).toEqual([orders.open])
    expect(await only('?q=hop')).toEqual([orders.part])
    expect(await only('?q=nobody-at-all')).toEqual([])
    expect(await only('?filter=shipped&q=zola')).toEqual([])
    const today = new Date().toISOString().slice(0, 10)
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    expect(await only(`?from=${today}&to=${today}&q=zola`)).toEqual([orders.open])
    expect(await only(`?from=${tomorrow}`)).toEqual([])
    const empty = await list(site, `?from=${tomorrow}`)
    expect([empty.count, empty.totals, empty.next]).toEqual([0, [], null])
  })

  it('pages by a cursor: every order once, the totals of all on each page', async () => {
    const all = await list(site, '?limit=100')
    const seen: string[] = []
    let after = ''
    for (let pages = 0; pages < 20; pages++) {
      const page = await list(site, `?limit=2${after ? `&after=${after}` : ''}`)
      expect(page.count).toBe(all.count)
      seen.push(...ids(page))
      if (!page.next) break
      after = page.next
    }
    expect(seen).toEqual(ids(all))
  })

  it('builds rows the index lacks from the records, with their standing and refunds', async () => {
    const before = await list(site, '?limit=100')
    await site.kernel.services.db(ORDERS_TABLE).delete()
    expect((await list(site)).data).toEqual([])
    const index = site.kernel.containerOf('commerce').cradle.ordersDesk.index
    expect(await index.ensureBuilt()).toBe(before.data.length)
    expect(await index.ensureBuilt()).toBe(0)
    expect(await list(site, '?limit=100')).toEqual(before)
  })

  it("sums today's and the week's sales, counts the orders to ship, and lists items low on stock", async () => {
    const summary = await site.call('manager', { url: '/query/orders/summary' })
    expect(summary.statusCode, summary.body).toBe(200)
    const all = await list(site, '?limit=100')
    const live = all.data.filter((row) => row.fulfilment !== 'cancelled')
    const sales = [
      {
        currency: { id: 'usd', code: 'USD', places: 2 },
        count: live.length,
        total: live.reduce((sum, row) => sum + row.total, 0),
        refunded: live.reduce((sum, row) => sum + row.refunded, 0),
      },
    ]
    expect(summary.json()).toEqual({
      today: sales,
      week: sales,
      toFulfil: (await list(site, '?filter=toFulfil')).count,
      partlyShipped: 1,
    })

    const lowstock = async (query = '') => {
      const reply = await site.call('manager', { url: `/query/orders/lowstock${query}` })
      expect(reply.statusCode, reply.body).toBe(200)
      return reply.json<{
        threshold: number
        count: number
        items: Array<{ id: string; name: string; available: number; threshold: number }>
      }>()
    }
    const before = await lowstock('?limit=50')
    expect(before.threshold).toBe(5)
    expect(before.items.map((item) => item.id)).not.toContain('anchor-mug')
    for (const item of before.items) expect(item.available).toBeLessThanOrEqual(item.threshold)
    // Its own threshold puts an item on the list, by its name, fewest units first.
    const setLow = (lowstock: number | null) =>
      site.kernel.services.records.modify(
        SYSTEM_ACTOR,
        'item',
        'anchor-mug',
        ['lowstock'],
        (item) => {
          if (lowstock === null) delete item.lowstock
          else item.lowstock = lowstock
        },
      )
    await setLow(100_000)
    const after = await lowstock('?limit=50')
    expect(after.count).toBe(before.count + 1)
    const anchor = after.items.find((item) => item.id === 'anchor-mug')!
    expect(anchor).toMatchObject({ name: 'Anchor Mug', threshold: 100_000 })
    expect(after.items.map((item) => item.available)).toEqual(
      [...after.items.map((item) => item.available)].sort((a, b) => a - b),
    )
    await setLow(null)
    expect((await lowstock('?limit=50')).count).toBe(before.count)
    for (const query of ['?limit=0', '?limit=51', '?when=now']) {
      const reply = await site.call('manager', { url: `/query/orders/lowstock${query}` })
      expect([reply.statusCode, codeOf(reply)], query).toEqual([400, 'ERROR_INVALID_INPUT'])
    }
    for (const url of ['/query/orders/summary', '/query/orders/lowstock'])
      expect((await site.call('marketing', { url })).statusCode).toBe(403)
  })

  /**
   * Inserts 3,000 old orders whose ids start with `prefix` (a minute apart in 2020, `shape(n)`
   * over the rest), runs `call` while it records the statements on the orders table that `pick`
   * keeps, reads each one's plan (one line each) while the orders are there, and deletes them.
   */
  async function plansOver(
    prefix: string,
    shape: (n: number) => Record<string, unknown>,
    pick: (sql: string) => boolean,
    call: () => Promise<void>,
  ): Promise<string[]> {
    const db = site.kernel.services.db
    const rows = Array.from({ length: 3_000 }, (_, n) => ({
      id: `${prefix}${100_000 + n}`,
      tranid: `${prefix}${100_000 + n}`,
      trandate: Date.UTC(2020, 0, 1) + n * 60_000,
      payment: 'paid',
      total: 1_000,
      refunded: 0,
      last_key: 'shopper',
      customer: '',
      updated_at: 0,
      ...shape(n),
    }))
    for (let start = 0; start < rows.length; start += 500)
      await db(ORDERS_TABLE).insert(rows.slice(start, start + 500))
    const statements: Array<{ sql: string; bindings: unknown[] }> = []
    const listen = (query: { sql: string; bindings?: unknown[] }) => {
      if (query.sql.includes(ORDERS_TABLE) && pick(query.sql))
        statements.push({ sql: query.sql, bindings: query.bindings ?? [] })
    }
    db.on('query', listen)
    try {
      await call()
      db.off('query', listen)
      return await Promise.all(
        statements.map(async ({ sql, bindings }) =>
          (await planOf(site, sql, bindings)).join(' | '),
        ),
      )
    } finally {
      db.off('query', listen)
      await db(ORDERS_TABLE).where('id', 'like', `${prefix}%`).delete()
    }
  }

  it('finds a searched order through the search index, not by walking the filter or date index', async () => {
    let found: Awaited<ReturnType<typeof list>> | undefined
    const plans = await plansOver(
      'ZZ',
      (n) => ({
        status: 'pendingFulfillment',
        fulfilment: 'unfulfilled',
        currency: 'usd',
        name: 'Plan Shopper',
        name_key: 'plan shopper',
        email: `plan${n}@example.com`,
      }),
      () => true,
      async () => {
        found = await list(site, '?filter=toFulfil&q=plan1234%40example.com')
      },
    )
    expect(ids(found!)).toEqual(['ZZ101234'])
    expect(plans).toHaveLength(2)
    for (const plan of plans) {
      expect(plan, plan).toMatch(/commerce_orders_email/)
      expect(plan, plan).not.toMatch(/commerce_orders_fulfilment|commerce_orders_date/)
    }
  })

  it("sums the dashboard's days from the date index, not by walking every order", async () => {
    let status = 0
    let body = ''
    const plans = await plansOver(
      'ZY',
      (n) => ({
        status: 'billed',
        fulfilment: 'fulfilled',
        currency: n % 2 ? 'usd' : 'eur',
        name: 'Old Shopper',
        name_key: 'old shopper',
        email: `old${n}@example.com`,
      }),
      (sql) => sql.includes('trandate'),
      async () => {
        const summary = await site.call('manager', { url: '/query/orders/summary' })
        status = summary.statusCode
        body = summary.body
      },
    )
    expect(status, body).toBe(200)
    // Today's and the week's sums.
    expect(plans).toHaveLength(2)
    for (const plan of plans) {
      expect(plan, plan).toMatch(/commerce_orders_date/)
      expect(plan, plan).not.toMatch(/commerce_orders_sums/)
    }
  })

  it('refuses bad options and callers without view on orders', async () => {
    for (const query of [
      '?filter=lost',
      '?limit=0',
      '?limit=101',
      '?limit=ten',
      '?after=yesterday',
      '?from=2026-13-45',
      '?to=tomorrow',
      `?q=${'x'.repeat(101)}`,
      '?sort=total',
    ]) {
      const reply = await site.call('manager', { url: `/query/orders/list${query}` })
      expect([reply.statusCode, codeOf(reply)], query).toEqual([400, 'ERROR_INVALID_INPUT'])
    }
    // Any text is a search: the highest code point, markup, an SQL quote find nothing, and fail nothing.
    for (const q of ['\u{10FFFF}', 'a\u{10FFFF}', "'; drop table x; --", '<script>', '%_%'])
      expect((await list(site, `?q=${encodeURIComponent(q)}`)).data).toEqual([])
    expect((await site.call('marketing', { url: '/query/orders/list' })).statusCode).toBe(403)
    expect((await site.call(undefined, { url: '/query/orders/list' })).statusCode).toBe(401)
  })
})
