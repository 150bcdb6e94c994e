import { expect, it } from 'vitest'
import { SYSTEM_ACTOR } from '@shopwright/core'
import { codeOf, describePlugin } from '@shopwright/core/testing'
import type { CartAnswer, ItemPage, PlacedOrder } from '../src/index.js'
import { STOCK_TABLE } from '../src/server/migrations.js'
import { VISA, call, cartCookie, COMMERCE_SUITE, newCustomer, post } from './helpers.js'

// Two nodes of one site: one database, one Redis.
describePlugin(
  'commerce',
  { ...COMMERCE_SUITE, nodes: 2, config: { trustProxy: true } },
  (site) => {
    // The site's nodes, read in the tests, once they started.
    const first = () => site.nodes[0]!
    const second = () => site.nodes[1]!

    it('keeps a cart and its merge whichever node is asked', async () => {
      const added = await post(first(), '', '/query/cart/add', { item: 'anchor-mug', quantity: 2 })
      const cookie = cartCookie(added)
      const onSecond = (
        await post(second(), cookie, '/query/cart/add', { item: 'anchor-mug', quantity: 1 })
      ).json<CartAnswer>()
      expect(onSecond.lines.map((line) => [line.item, line.quantity])).toEqual([['anchor-mug', 3]])
      const customer = await newCustomer(first(), 'two-nodes-cart@example.com')
      const merged = (
        await call(second(), cartCookie(added, customer.cookie), { url: '/query/cart/get' })
      ).json<CartAnswer>()
      expect(merged.lines.map((line) => [line.item, line.quantity])).toEqual([['anchor-mug', 3]])
      expect((await call(first(), customer.cookie, { url: '/query/cart/count' })).json()).toEqual({
        count: 1,
      })
    })

    it('sells the last units once across nodes: 30 checkouts, half on each, for 10 units', async () => {
      const buyers = []
      for (let n = 0; n < 30; n++)
        buyers.push(await newCustomer(first(), `two-nodes-rush${n}@example.com`))
      for (const buyer of buyers)
        await post(first(), buyer.cookie, '/query/cart/add', { item: 'few-mug', quantity: 1 })
      const replies = await Promise.all(
        buyers.map((buyer, n) =>
          post(n % 2 === 0 ? first() : second(), buyer.cookie, '/query/checkout/place', {
            idempotencykey: `two-nodes-rush-${String(n).padStart(6, '0')}`,
            payment: { card: VISA },
          }),
        ),
      )
      const placed = replies.filter((reply) => reply.statusCode === 200)
      expect(placed).toHaveLength(10)
      for (const reply of replies.filter((each) => each.statusCode !== 200))
        expect(codeOf(reply)).toBe('ERROR_CARTLINE_NOT_AVAILABLE')
      const row = (await first()
        .services.db(STOCK_TABLE)
        .where({ item: 'few-mug' })
        .first('onhand', 'reserved')) as { onhand: number; reserved: number }
      expect([Number(row.onhand), Number(row.reserved)]).toEqual([0, 0])
      expect(new Set(placed.map((reply) => reply.json<PlacedOrder>().order.tranid)).size).toBe(10)
      // The other node's list shows it out of stock at once: availability is read from the table.
      const page = (
        await call(second(), '', { url: '/query/ns/data/list/item?category=mugs' })
      ).json<ItemPage>()
      expect(page.data.find((item) => item.id === 'few-mug')!.instock).toBe(false)
    }, 120_000)

    it('answers a replay on the other node with the first order', async () => {
      const customer = await newCustomer(first(), 'two-nodes-replay@example.com')
      await post(first(), customer.cookie, '/query/cart/add', { item: 'anchor-mug', quantity: 1 })
      const body = { idempotencykey: 'two-nodes-replay-0001', payment: { card: VISA } }
      const placed = (
        await post(first(), customer.cookie, '/query/checkout/place', body)
      ).json<PlacedOrder>()
      const replay = await post(second(), customer.cookie, '/query/checkout/place', body)
      // The first order; its link is a new one, which opens it on either node.
      const replayed = replay.json<PlacedOrder>()
      expect({ ...replayed, link: '' }).toEqual({ ...placed, link: '' })
      for (const node of [first(), second()])
        expect((await call(node, '', { url: `/query/ns${replayed.link!}` })).statusCode).toBe(200)
    })

    it('prices a cart anew on one node when an item changes on the other', async () => {
      const added = await post(first(), '', '/query/cart/add', { item: 'anchor-mug', quantity: 2 })
      const cookie = cartCookie(added)
      expect(added.json<CartAnswer>().lines[0]).toMatchObject({ rate: 1000, amount: 2000 })
      const line = async () =>
        (await call(first(), cookie, { url: '/query/cart/get' })).json<CartAnswer>().lines[0]
      const change = (update: (record: Record<string, unknown>) => void, fields: string[]) =>
        second().services.records.modify(SYSTEM_ACTOR, 'item', 'anchor-mug', fields, update)
      const usd = (price: number) => ({
        headers: [{ quantity: 1 }],
        lines: [{ pricelevel: 5, currency: 'usd', price_1_: price }],
      })
      try {
        await change((record) => void (record.price1 = usd(12.5)), ['price1'])
        // The clear reaches the first node through Redis, a moment later.
        await expect.poll(async () => (await line())?.rate, { timeout: 10_000 }).toBe(1250)
        await change((record) => void (record.online = false), ['online'])
        await expect
          .poll(async () => (await line())?.problem, { timeout: 10_000 })
          .toBe('unavailable')
        const refused = await post(first(), cookie, '/query/cart/add', {
          item: 'anchor-mug',
          quantity: 1,
        })
        expect(codeOf(refused)).toBe('ERROR_CARTLINE_NOT_AVAILABLE')
      } finally {
        await change(
          (record) => {
            record.price1 = usd(10)
            record.online = true
          },
          ['price1', 'online'],
        )
      }
    })
  },
)
