import { vi } from 'vitest'
import type { OrderListAnswer, OrderRow } from '../../../shared/orders.js'
import type { OrdersApi, OrderView } from '../orders-api.js'

export const USD = { id: 'usd', code: 'USD', places: 2 }

/** A row of the list, as the desk's list call answers it. */
export function orderRow(id: string, changes: Partial<OrderRow> = {}): OrderRow {
  return {
    id,
    tranid: id,
    trandate: '2026-03-04T10:30:00.000Z',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    customer: 'customer|7',
    status: 'pendingFulfillment',
    statusName: 'Pending Fulfillment',
    fulfilment: 'unfulfilled',
    payment: 'paid',
    total: 4250,
    refunded: 0,
    currency: USD,
    ...changes,
  }
}

/** An order as the desk's get call answers it: two mugs and a tee, paid by card. */
export function orderView(
  changes: Partial<OrderView> = {},
  order: Record<string, unknown> = {},
): OrderView {
  return {
    order: {
      type: 'salesorder',
      id: 'SO10001',
      tranid: 'SO10001',
      trandate: '2026-03-04T10:30:00.000Z',
      status: 'pendingFulfillment',
      entity: { reference: true, type: 'customer', id: '7' },
      currency: { reference: true, type: 'currency', id: 'usd' },
      subtotal: 56,
      taxtotal: 0,
      shipping_rate: 5,
      total: 61,
      shipaddress: 'Ada Lovelace\n12 Analytical Row\nBoston MA 02110\nUnited States',
      billaddress: 'Ada Lovelace\n1 Ledger Lane\nLondon',
      ccnumber: '************4242',
      paymentmethod: 'Visa',
      item: {
        lines: [
          { displayname: 'Ceramic Mug', quantity: 2, rate: 18, amount: 36 },
          { displayname: 'Classic Tee', quantity: 1, rate: 20, amount: 20 },
        ],
      },
      ...order,
    },
    lines: [
      { line: 1, item: 'ceramic-mug', name: 'Ceramic Mug', quantity: 2, fulfilled: 0 },
      { line: 2, item: 'classic-tee', name: 'Classic Tee', quantity: 1, fulfilled: 0 },
    ],
    fulfilments: [],
    history: [],
    payment: { provider: 'test', currency: 'usd', captured: 6100, refunded: 0 },
    refunds: [],
    ...changes,
  }
}

/** The calls with fakes: pages of rows for the list (by cursor), one order for the rest. */
export function fakeApi(pages: OrderRow[][], view: OrderView = orderView()) {
  const answer = (index: number): OrderListAnswer => ({
    data: pages[index] ?? [],
    next: index + 1 < pages.length ? String(index + 1) : null,
    count: pages.flat().length,
    totals: [
      {
        currency: USD,
        count: pages.flat().length,
        total: pages.flat().reduce((sum, row) => sum + row.total, 0),
        refunded: pages.flat().reduce((sum, row) => sum + row.refunded, 0),
      },
    ],
  })
  return {
    list: vi.fn((request: { after?: string }, _limit?: number) =>
      Promise.resolve(answer(request.after ? Number(request.after) : 0)),
    ),
    get: vi.fn(() => Promise.resolve(view)),
    currency: vi.fn(() => Promise.resolve(USD)),
    customer: vi.fn(() => Promise.resolve({ name: 'Ada Lovelace', email: 'ada@example.com' })),
    fulfil: vi.fn(() => Promise.resolve({})),
    cancel: vi.fn(() => Promise.resolve({})),
    refund: vi.fn((_id: string, body: { amount?: number }) =>
      Promise.resolve({ refund: { id: 1, amount: body.amount ?? 0, state: 'done' as const } }),
    ),
    resend: vi.fn(() => Promise.resolve({})),
  } satisfies OrdersApi
}
