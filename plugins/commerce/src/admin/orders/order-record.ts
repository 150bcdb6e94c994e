import { toMinor } from '@shopwright/client'
import type { OrderCurrency } from '../../shared/orders.js'
import type { OrderView } from './orders-api.js'

/**
 * What the order screen reads of an order's record (`salesorder`, written at checkout: plugins/
 * commerce/src/server/checkout/order-documents.ts): its fields are plain JSON, so each is read
 * for the shape it should have and anything else is taken as missing.
 */

export const textOf = (value: unknown): string => (typeof value === 'string' ? value : '')

/** A record field that refers to a record: `{ reference: true, type, id }`. */
export function refOf(value: unknown): { type: string; id: string } | null {
  if (typeof value !== 'object' || value === null) return null
  const { type, id } = value as { type?: unknown; id?: unknown }
  return typeof type === 'string' && typeof id === 'string' && type && id ? { type, id } : null
}

/** A decimal amount of the record (`18.5`) in minor units of its currency; 0 when missing. */
export function minorField(value: unknown, currency: OrderCurrency): number {
  const amount = typeof value === 'number' ? value : Number(value)
  return toMinor(Number.isFinite(amount) ? amount : 0, currency.places) ?? 0
}

/** One line of the order as the screen shows it: the desk's units and the record's money. */
export interface ShownLine {
  line: number
  name: string
  quantity: number
  fulfilled: number
  /** Minor units. */
  rate: number
  amount: number
}

export function linesOf(view: OrderView, currency: OrderCurrency): ShownLine[] {
  const item = view.order.item as { lines?: unknown } | undefined
  const stored = Array.isArray(item?.lines) ? (item.lines as Array<Record<string, unknown>>) : []
  return view.lines.map((line) => {
    const record = stored[line.line - 1] ?? {}
    return {
      line: line.line,
      name: line.name,
      quantity: line.quantity,
      fulfilled: line.fulfilled,
      rate: minorField(record.rate, currency),
      amount: minorField(record.amount, currency),
    }
  })
}

/** What the desk may still do with an order (README, "Orders desk"). */
export function possibleActions(view: OrderView) {
  const status = textOf(view.order.status)
  const cancelled = status === 'cancelled'
  const shippedAny = view.lines.some((line) => line.fulfilled > 0)
  const unitsLeft = view.lines.reduce((sum, line) => sum + line.quantity - line.fulfilled, 0)
  const refundable = view.payment ? view.payment.captured - view.payment.refunded : 0
  return {
    fulfil: !cancelled && unitsLeft > 0,
    cancel: !cancelled && !shippedAny,
    refund: refundable > 0,
    resend: !cancelled,
    refundable,
  }
}
