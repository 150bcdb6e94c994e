import type { Knex } from 'knex'
import { createError } from '@shopwright/core'
import type { RecordsService } from '@shopwright/plugin-records'
import { ORDER_TYPE } from '../../shared/types.js'
import { isObject, textOf } from '../refs.js'
import type { OrderEvents } from './order-events.js'
import type { ActorView, OrderView } from '../../shared/orders.js'
import type { LineUnits, OrderLines } from './order-lines.js'
import type { OrderRefunds } from './order-refunds.js'
import { FULFILMENTS_TABLE } from './order-tables.js'

export type { ActorView, OrderView } from '../../shared/orders.js'

interface FulfilmentRow {
  id: number
  created_at: number | string
  carrier: string
  tracking: string
  lines: string
  actor: string
}

/** Reads an order as the orders desk shows it (README, "Orders desk"). */
export class OrderViews {
  constructor(
    private readonly db: Knex,
    private readonly records: Pick<RecordsService, 'find'>,
    private readonly lines: OrderLines,
    private readonly events: OrderEvents,
    private readonly refunds: OrderRefunds,
  ) {}

  async get(id: string): Promise<OrderView> {
    const order = await this.records.find(ORDER_TYPE, id)
    if (!order) throw createError('ERROR_ORDER_NOT_AVAILABLE', { reason: id })
    const [counts, rows, events, payment, refunds] = await Promise.all([
      this.lines.of(order),
      this.db(FULFILMENTS_TABLE)
        .where({ order_id: id })
        .orderBy('id')
        .select('id', 'created_at', 'carrier', 'tracking', 'lines', 'actor') as Promise<
        FulfilmentRow[]
      >,
      this.events.of(id),
      this.refunds.paymentOf(id),
      this.refunds.of(id),
    ])
    const names = await this.names([
      ...rows.map((row) => row.actor),
      ...events.map((e) => e.actor),
      ...refunds.map((refund) => refund.actor),
    ])
    const actor = (key: string): ActorView => ({ key, name: names.get(key) ?? key })
    const item = isObject(order.item) ? order.item : {}
    const stored = Array.isArray(item.lines) ? item.lines : []
    return {
      order,
      lines: counts.map((count) => {
        const line = stored[count.line - 1]
        return {
          ...count,
          name: isObject(line) ? textOf(line.displayname) || textOf(line.itemid) : count.item,
        }
      }),
      fulfilments: rows.map((row) => ({
        id: Number(row.id),
        time: Number(row.created_at),
        carrier: row.carrier,
        tracking: row.tracking,
        lines: JSON.parse(row.lines) as LineUnits[],
        actor: actor(row.actor),
      })),
      history: events.map((event) => ({
        time: event.time,
        kind: event.kind,
        actor: actor(event.actor),
        details: event.details,
      })),
      payment: payment
        ? {
            provider: payment.provider,
            currency: payment.currency,
            captured: payment.captured,
            refunded: payment.refunded,
          }
        : null,
      refunds: refunds.map((refund) => ({ ...refund, actor: actor(refund.actor) })),
    }
  }

  /** The names of the accounts behind actors' keys (`employee|7`); a gone account keeps its key. */
  private async names(keys: readonly string[]): Promise<Map<string, string>> {
    const names = new Map<string, string>()
    for (const key of new Set(keys)) {
      const [type, id] = key.split('|')
      if (!type || !id) continue
      const record = await this.records.find(type, id)
      const name = textOf(record?.name) || textOf(record?.email)
      if (name) names.set(key, name)
    }
    return names
  }
}
