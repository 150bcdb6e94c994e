/** What the orders desk's suites share: an order to act on, the calls, and what the desk's tables hold. */
import { expect } from 'vitest'
import { SYSTEM_ACTOR } from '@shopwright/core'
import type { TestSite } from '@shopwright/core/testing'
import type { PlacedOrder } from '../src/index.js'
import {
  FULFILMENTS_TABLE,
  ORDER_EVENTS_TABLE,
  ORDER_LINES_TABLE,
} from '../src/server/orders/order-tables.js'
import { newCustomer, post, VISA, type Person } from './helpers.js'

/** A 16-64 character action key. */
export const key = (name: string) => `desk-${name}`.padEnd(16, '0')

/**
 * Places a card order of these lines as a new customer (shipping to `addressee`, or paying on
 * account with `onAccount`); answers its id.
 */
export async function placeOrder(
  site: TestSite<Person>,
  email: string,
  lines: ReadonlyArray<[item: string, quantity: number]>,
  node = 0,
  options: { addressee?: string; onAccount?: boolean } = {},
): Promise<string> {
  const kernel = site.nodes[node]!
  const customer = await newCustomer(kernel, email)
  if (options.addressee || options.onAccount)
    await kernel.services.records.modify(
      SYSTEM_ACTOR,
      customer.entity.type,
      customer.entity.id,
      ['addressbook', 'terms', 'creditlimit'],
      (record) => {
        const book = record.addressbook as Array<Record<string, unknown>>
        if (options.addressee) book[0]!.addressee = options.addressee
        if (options.onAccount) {
          record.terms = 'net30'
          record.creditlimit = 10_000
        }
      },
    )
  for (const [item, quantity] of lines)
    await post(kernel, customer.cookie, '/query/cart/add', { item, quantity })
  const placed = await post(kernel, customer.cookie, '/query/checkout/place', {
    idempotencykey: `desk-order-${email}`.slice(0, 64).replace(/[^A-Za-z0-9_-]/g, '-'),
    payment: options.onAccount ? { account: true } : { card: VISA },
  })
  expect(placed.statusCode, placed.body).toBe(200)
  return placed.json<PlacedOrder>().order.id
}

/** A POST of the desk on an order (`fulfil`, `cancel`...); a string body is sent as it is, as JSON: a hostile or broken body. */
export const deskCall = (
  site: TestSite<Person>,
  who: Person | undefined,
  verb: string,
  id: string,
  body: unknown,
  node = 0,
) =>
  site.call(
    who,
    {
      method: 'POST',
      url: `/query/orders/${verb}/${id}`,
      payload: body as string,
      ...(typeof body === 'string' ? { headers: { 'content-type': 'application/json' } } : {}),
    },
    node,
  )

type Call = (
  site: TestSite<Person>,
  who: Person | undefined,
  id: string,
  body: unknown,
  node?: number,
) => ReturnType<typeof deskCall>
export const fulfil: Call = (site, who, id, body, node) =>
  deskCall(site, who, 'fulfil', id, body, node)
export const cancel: Call = (site, who, id, body, node) =>
  deskCall(site, who, 'cancel', id, body, node)
export const refund: Call = (site, who, id, body, node) =>
  deskCall(site, who, 'refund', id, body, node)

export async function statusOf(site: TestSite<Person>, id: string): Promise<unknown> {
  return (await site.kernel.services.records.findFresh('salesorder', id))?.status
}

/** What the desk's tables hold of an order: units fulfilled per line, parcels, history entries. */
export async function deskRows(site: TestSite<Person>, id: string) {
  const db = site.kernel.services.db
  const lines = (await db(ORDER_LINES_TABLE)
    .where({ order_id: id })
    .orderBy('line')
    .select('line', 'quantity', 'fulfilled')) as Array<Record<string, number>>
  const [parcels, events] = await Promise.all([
    db(FULFILMENTS_TABLE).where({ order_id: id }).count({ n: '*' }).first(),
    db(ORDER_EVENTS_TABLE).where({ order_id: id }).count({ n: '*' }).first(),
  ])
  return {
    lines: lines.map((row) => [Number(row.line), Number(row.quantity), Number(row.fulfilled)]),
    parcels: Number((parcels as { n: number }).n),
    events: Number((events as { n: number }).n),
  }
}
