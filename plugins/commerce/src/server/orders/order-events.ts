import crypto from 'node:crypto'
import type { Knex } from 'knex'
import { ORDER_EVENTS_TABLE } from './order-tables.js'

/** What happened to an order. */
export type OrderEventKind = 'fulfilled' | 'resent' | 'cancelled' | 'refunded' | 'refundFailed'

/** One entry of an order's history. */
export interface OrderEvent {
  id: number
  time: number
  /** Who made it: `type|id` of the member of staff (or the customer) as the log names them. */
  actor: string
  kind: OrderEventKind
  details: Record<string, unknown>
}

/** A call made before with the same key: what it asked (a digest) and what it was answered. */
export interface EarlierAction {
  request: string
  outcome: unknown
}

/** The digest that tells a repeated call from another call under the same key. */
export function requestDigest(kind: string, request: unknown): string {
  return crypto
    .createHash('sha256')
    .update(`${kind}|${JSON.stringify(request)}`)
    .digest('hex')
}

interface EventRow {
  id: number
  time: number | string
  actor: string
  kind: OrderEventKind
  details: string
}

/** The orders' history (order-tables.ts): written in each action's transaction. */
export class OrderEvents {
  constructor(private readonly db: Knex) {}

  /**
   * Adds an entry; with a key, a second entry under the same key of the order fails on the unique
   * index (the caller's transaction rolls back and the earlier action is answered).
   */
  async add(
    trx: Knex.Transaction,
    event: Omit<OrderEvent, 'id' | 'time'> & {
      order: string
      key?: { key: string; request: string; outcome: unknown }
    },
  ): Promise<void> {
    await trx(ORDER_EVENTS_TABLE).insert({
      order_id: event.order,
      time: Date.now(),
      actor: event.actor,
      kind: event.kind,
      details: JSON.stringify(event.details),
      action_key: event.key?.key ?? null,
      request: event.key?.request ?? null,
      outcome: event.key ? JSON.stringify(event.key.outcome) : null,
    })
  }

  /** The action an order's key was used for, if it was. */
  async byKey(order: string, key: string): Promise<EarlierAction | undefined> {
    const row = (await this.db(ORDER_EVENTS_TABLE)
      .where({ order_id: order, action_key: key })
      .first('request', 'outcome')) as { request: string; outcome: string | null } | undefined
    return row && { request: row.request, outcome: JSON.parse(row.outcome ?? 'null') as unknown }
  }

  /** The order's history, oldest first. */
  async of(order: string): Promise<OrderEvent[]> {
    const rows = (await this.db(ORDER_EVENTS_TABLE)
      .where({ order_id: order })
      .orderBy('id')
      .select('id', 'time', 'actor', 'kind', 'details')) as EventRow[]
    return rows.map((row) => ({
      id: Number(row.id),
      time: Number(row.time),
      actor: row.actor,
      kind: row.kind,
      details: JSON.parse(row.details) as Record<string, unknown>,
    }))
  }
}
