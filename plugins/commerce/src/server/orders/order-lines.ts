import type { Knex } from 'knex'
import type { RecordData } from '@shopwright/core'
import { isObject, refId, textOf } from '../refs.js'
import { ORDER_LINES_TABLE } from './order-tables.js'

/** One line of an order as the desk counts it. */
export interface OrderLineCount {
  /** Its position in the order's lines, from 1. */
  line: number
  item: string
  quantity: number
  fulfilled: number
}

/** Units of one line asked for by an action. */
export interface LineUnits {
  line: number
  quantity: number
}

/** Statuses an order is in once everything went out (list `orderstatus`). */
export const SHIPPED_STATUSES: ReadonlySet<string> = new Set(['pendingBilling', 'billed', 'closed'])

/** The lines of an order's record, counted as the desk starts them. */
export function linesOfRecord(order: RecordData): OrderLineCount[] {
  const item = isObject(order.item) ? order.item : {}
  const lines = Array.isArray(item.lines) ? item.lines.filter(isObject) : []
  // An order marked shipped before the desk existed went out whole.
  const shipped = SHIPPED_STATUSES.has(textOf(order.status))
  return lines.map((line, index) => {
    const quantity = Math.max(0, Math.trunc(Number(line.quantity) || 0))
    return {
      line: index + 1,
      item: refId(line.item) ?? textOf(line.itemid),
      quantity,
      fulfilled: shipped ? quantity : 0,
    }
  })
}

const countOf = (row: OrderLineCount): OrderLineCount => ({
  line: Number(row.line),
  item: row.item,
  quantity: Number(row.quantity),
  fulfilled: Number(row.fulfilled),
})

/** The units of an order's lines: what was ordered and what went out (order-tables.ts). */
export class OrderLines {
  constructor(private readonly db: Knex) {}

  /** The order's counted lines, made from its record the first time; in line order. */
  async of(order: RecordData, trx?: Knex.Transaction): Promise<OrderLineCount[]> {
    const db = trx ?? this.db
    const rows = (await db(ORDER_LINES_TABLE)
      .where({ order_id: order.id })
      .orderBy('line')
      .select('line', 'item', 'quantity', 'fulfilled')) as OrderLineCount[]
    if (rows.length > 0) return rows.map(countOf)
    const made = linesOfRecord(order)
    if (made.length === 0) return []
    // Two first actions may make them at once: the rows are the same, the second is ignored.
    await db(ORDER_LINES_TABLE)
      .insert(made.map((line) => ({ order_id: order.id, ...line })))
      .onConflict(['order_id', 'line'])
      .ignore()
    return made
  }

  /**
   * Counts units of lines as fulfilled, each only while that many are left to fulfil: false (and
   * nothing counted by this call's transaction should the caller roll it back) when another call
   * took them first.
   */
  async fulfil(
    order: string,
    units: readonly LineUnits[],
    trx: Knex.Transaction,
  ): Promise<boolean> {
    for (const { line, quantity } of units) {
      const changed = await trx(ORDER_LINES_TABLE)
        .where({ order_id: order, line })
        .andWhereRaw('?? - ?? - ?? >= ?', ['quantity', 'fulfilled', 'cancelled', quantity])
        .increment('fulfilled', quantity)
      if (Number(changed) !== 1) return false
    }
    return true
  }

  /**
   * Counts every unit of an order as cancelled, while none went out and none was cancelled before:
   * false (the caller rolls back) when a fulfilment or another cancellation came first.
   */
  async cancel(order: string, trx: Knex.Transaction): Promise<boolean> {
    const rows = (await trx(ORDER_LINES_TABLE)
      .where({ order_id: order })
      .count({ n: '*' })
      .first()) as { n: number | string } | undefined
    const changed = await trx(ORDER_LINES_TABLE)
      .where({ order_id: order, fulfilled: 0, cancelled: 0 })
      .update({ cancelled: trx.ref('quantity') })
    return Number(changed) === Number(rows?.n ?? 0)
  }

  /** Units left to fulfil on the order, as its transaction sees them. */
  async left(order: string, trx: Knex.Transaction): Promise<number> {
    const row = (await trx(ORDER_LINES_TABLE)
      .where({ order_id: order })
      .first(
        trx.raw('coalesce(sum(?? - ?? - ??), 0) as ??', [
          'quantity',
          'fulfilled',
          'cancelled',
          'left',
        ]),
      )) as { left: number | string } | undefined
    return Number(row?.left ?? 0)
  }
}
