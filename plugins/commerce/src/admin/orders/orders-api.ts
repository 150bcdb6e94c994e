import type { QueryClient } from '@shopwright/client'
import type { RecordData } from '@shopwright/core/shared'
import { readOrNull } from '@shopwright/admin-ui/kit'
import type { OrderCurrency, OrderFilter, OrderListAnswer, OrderView } from '../../shared/orders.js'

export type { OrderView }

/** What the list asks for: the address's filters (docs/api.md, "Orders desk (staff)"). */
export interface OrderListRequest {
  filter?: OrderFilter
  q?: string
  /** Days, `YYYY-MM-DD`, both included. */
  from?: string
  to?: string
  after?: string
}

/** A customer as the order screen names them: only what it shows. */
export interface CustomerCard {
  name: string
  email: string
}

/** `{ key }` on every action: one per dialog opening, so a repeat is answered, never done twice. */
export interface FulfilBody {
  key: string
  lines?: Array<{ line: number; quantity: number }>
  carrier?: string
  tracking?: string
}
export interface CancelBody {
  key: string
  reason?: string
}
export interface RefundBody {
  key: string
  /** Minor units. */
  amount?: number
  reason?: string
}
export interface RefundAnswer {
  refund: { id: number; amount: number; state: 'pending' | 'done' | 'failed' }
}

/** The orders desk's calls as the screens make them; tests hand the screens a fake. */
export interface OrdersApi {
  /**
   * A page of orders: `limit` rows (the list gives the `pagination` configuration's admin list
   * size), at most MAX_ORDERS_PAGE_SIZE; without it, the server's 50.
   */
  list(request: OrderListRequest, limit?: number): Promise<OrderListAnswer>
  get(id: string): Promise<OrderView>
  /** The order's currency as amounts are written in it (every currency record is public). */
  currency(id: string): Promise<OrderCurrency>
  /** The customer's name and e-mail, or null for staff who may not read customers. */
  customer(type: string, id: string): Promise<CustomerCard | null>
  fulfil(id: string, body: FulfilBody): Promise<unknown>
  cancel(id: string, body: CancelBody): Promise<unknown>
  refund(id: string, body: RefundBody): Promise<RefundAnswer>
  resend(id: string, body: { key: string }): Promise<unknown>
}

/**
 * The most rows the server gives a page of the list (`limit`: 1 to 100, order-route-schemas.ts).
 * A configured admin list size may be up to 1000: above 100 the list asks 100, rather than be
 * refused.
 */
export const MAX_ORDERS_PAGE_SIZE = 100

const text = (value: unknown) => (typeof value === 'string' ? value : '')

/** The calls through the admin's `/query` client (useClient()). */
export function ordersApi(client: QueryClient): OrdersApi {
  const path = (action: string, id: string) => `/orders/${action}/${encodeURIComponent(id)}`
  return {
    list: (request, limit) =>
      client.get<OrderListAnswer>('/orders/list', {
        ...request,
        limit: limit === undefined ? undefined : Math.min(limit, MAX_ORDERS_PAGE_SIZE),
      }),
    get: (id) => client.get<OrderView>(path('get', id)),
    async currency(id) {
      const record = await readOrNull(
        client.get<RecordData>(
          `/data/get/currency/${encodeURIComponent(id)}`,
          {},
          { cache: 'veryshort' },
        ),
      )
      const places = Number(record?.decimalplaces ?? 2)
      return {
        id,
        code: text(record?.code) || id.toUpperCase(),
        places: Number.isInteger(places) && places >= 0 && places <= 8 ? places : 2,
      }
    },
    async customer(type, id) {
      const record = await readOrNull(
        client.get<RecordData>(`/data/get/${encodeURIComponent(type)}/${encodeURIComponent(id)}`),
      )
      return record ? { name: text(record.name), email: text(record.email) } : null
    },
    fulfil: (id, body) => client.post(path('fulfil', id), body),
    cancel: (id, body) => client.post(path('cancel', id), body),
    refund: (id, body) => client.post<RefundAnswer>(path('refund', id), body),
    resend: (id, body) => client.post(path('resend', id), body),
  }
}
