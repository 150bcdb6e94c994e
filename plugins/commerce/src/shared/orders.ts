/**
 * The orders desk's answers as the admin reads them (README, "Orders desk"; docs/api.md, "Orders
 * desk (staff)"). Browser-safe: the admin screens import them. Money is integer minor units.
 */

/** The list's filters, as the screen's tabs name them. */
export const ORDER_FILTERS = [
  'all',
  'pendingPayment',
  'toFulfil',
  'partlyShipped',
  'shipped',
  'cancelled',
  'refunded',
] as const
export type OrderFilter = (typeof ORDER_FILTERS)[number]

/** Where an order's goods stand. */
export type Fulfilment = 'unfulfilled' | 'partial' | 'fulfilled' | 'cancelled'
/** Where an order's money stands (before refunds: `refunded` says how much went back). */
export type PaymentStanding = 'paid' | 'pending' | 'voided'

/** A currency as amounts are shown in it. */
export interface OrderCurrency {
  id: string
  /** ISO 4217 (`USD`). */
  code: string
  /** Decimal places of its minor units. */
  places: number
}

/** One row of the orders list. */
export interface OrderRow {
  id: string
  tranid: string
  /** ISO 8601. */
  trandate: string
  /** The addressee of the shipping address (what the packer writes on the parcel). */
  name: string
  email: string
  /** The customer's record (`customer|12`, `guest|...`), for a link; empty when unknown. */
  customer: string
  /** The order's status id (list `orderstatus`) and its name. */
  status: string
  statusName: string
  fulfilment: Fulfilment
  payment: PaymentStanding
  total: number
  refunded: number
  currency: OrderCurrency
}

/** A page of the orders list, with the totals of every order the filters match. */
export interface OrderListAnswer {
  data: OrderRow[]
  /** The `after` of the next page; null on the last. */
  next: string | null
  /** Orders matched, and their totals per currency. */
  count: number
  totals: Array<{ currency: OrderCurrency; count: number; total: number; refunded: number }>
}

/** Orders placed in a span, per currency (cancelled ones left out). */
export interface SalesFigure {
  currency: OrderCurrency
  count: number
  /** Minor units, before refunds. */
  total: number
  refunded: number
}

export interface OrdersSummary {
  /** Since 00:00 UTC today. */
  today: SalesFigure[]
  /** Since 00:00 UTC six days ago: today and the six days before. */
  week: SalesFigure[]
  /** Orders nothing of which has shipped yet, and those partly shipped. */
  toFulfil: number
  partlyShipped: number
}

export interface LowStockAnswer {
  /** The site's threshold (COMMERCE_LOW_STOCK); an item's own `lowstock` wins. */
  threshold: number
  /** Items at or under their threshold, fewest units first: the first `limit`. */
  items: Array<{ id: string; name: string; available: number; threshold: number }>
  count: number
}

/** Who made an action: the account's key as the log names it (`employee|7`), and its name. */
export interface ActorView {
  key: string
  name: string
}

/** Units of one order line (its position, from 1). */
export interface LineUnitsView {
  line: number
  quantity: number
}

/** The desk's view of an order (`GET /query/orders/get/{id}`): its record, units, parcels, history, money. */
export interface OrderView {
  /** The order's `salesorder` record as stored. */
  order: { id: string; type: string } & Record<string, unknown>
  lines: Array<{ line: number; item: string; name: string; quantity: number; fulfilled: number }>
  fulfilments: Array<{
    id: number
    time: number
    carrier: string
    tracking: string
    lines: LineUnitsView[]
    actor: ActorView
  }>
  history: Array<{ time: number; kind: string; actor: ActorView; details: unknown }>
  /** What the card paid and how much went back (minor units); null for other orders. */
  payment: { provider: string; currency: string; captured: number; refunded: number } | null
  refunds: Array<{
    id: number
    amount: number
    state: 'pending' | 'done' | 'failed'
    reason: string
    actor: ActorView
    /** The credit note's id once the gateway gave the money back. */
    creditmemo: string | null
    time: number
  }>
}
