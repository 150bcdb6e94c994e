/**
 * The orders list (README, "Orders desk"; docs/api.md, "Orders desk (staff)"): a page of orders,
 * newest first, from the list's index (order-index.ts), with the count and totals per currency of
 * every order the filters match. Paged by a cursor (the last row's date and id), so a deep page
 * costs what the first does and an order placed meanwhile never shifts a row onto two pages.
 */
import type { Knex } from 'knex'
import { createError } from '@shopwright/core'
import { placesOf } from '@shopwright/client'
import type { RecordsService } from '@shopwright/plugin-records'
import type {
  Fulfilment,
  OrderCurrency,
  OrderFilter,
  OrderListAnswer,
  OrderRow,
  PaymentStanding,
} from '../../shared/orders.js'
import { isObject, textOf } from '../refs.js'
import { currencySums, fold } from './order-index.js'
import { ORDERS_TABLE } from './order-tables.js'

export interface OrderListQuery {
  filter?: OrderFilter | undefined
  /** An order number (`SO10001`, `10001`, a prefix), an e-mail, or a customer's first or last name. */
  q?: string | undefined
  /** Days, `YYYY-MM-DD` (UTC), both included. */
  from?: string | undefined
  to?: string | undefined
  after?: string | undefined
  limit?: number | undefined
}

const DAY_MS = 86_400_000
export const DEFAULT_ORDER_PAGE = 50

interface Row {
  id: string
  tranid: string
  trandate: number | string
  status: string
  fulfilment: Fulfilment
  payment: PaymentStanding
  currency: string
  total: number | string
  refunded: number | string
  name: string
  email: string
  customer: string
}

/** The end of the range of keys that start with `prefix`. */
const prefixEnd = (prefix: string) => {
  const characters = [...prefix]
  const last = characters.pop()!
  // The last code point has no next one: the range then ends at it (a hostile search, never a name).
  return characters.join('') + String.fromCodePoint(Math.min(last.codePointAt(0)! + 1, 0x10ffff))
}

/** The cursor of a row: its date and id (ids never hold a dot). */
const cursorOf = (row: Pick<Row, 'trandate' | 'id'>) => `${Number(row.trandate)}.${row.id}`

export class OrderList {
  constructor(
    private readonly db: Knex,
    private readonly records: Pick<RecordsService, 'find'>,
  ) {}

  async list(query: OrderListQuery): Promise<OrderListAnswer> {
    const limit = query.limit ?? DEFAULT_ORDER_PAGE
    const matching = this.matching(query)
    // A search matches few orders: they are found by its index and then sorted, never by walking
    // the date index past thousands of others (a unary plus keeps a column's index out of the plan,
    // on SQLite and MariaDB alike).
    const searching = Boolean(fold(query.q ?? ''))
    const page = searching
      ? matching.clone().orderByRaw('+?? desc, +?? desc', ['trandate', 'id'])
      : matching.clone().orderBy([
          { column: 'trandate', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
    if (query.after) {
      const dot = query.after.indexOf('.')
      const time = Number(query.after.slice(0, dot))
      const id = query.after.slice(dot + 1)
      if (dot < 1 || !Number.isSafeInteger(time) || !id)
        throw createError('ERROR_INVALID_INPUT', { reason: 'after is not a page of this list' })
      void page.where((where) =>
        where
          .where('trandate', '<', time)
          .orWhere((same) => same.where({ trandate: time }).andWhere('id', '<', id)),
      )
    }
    const [rows, sums] = await Promise.all([
      page.limit(limit + 1).select() as Promise<Row[]>,
      currencySums(this.db, matching.clone()),
    ])
    const shown = rows.slice(0, limit)
    const currencies = await this.currencies([
      ...new Set([...shown, ...sums].map((row) => row.currency)),
    ])
    const names = await this.statusNames()
    const currency = (id: string): OrderCurrency =>
      currencies.get(id) ?? { id, code: id.toUpperCase(), places: 2 }
    return {
      data: shown.map((row): OrderRow => ({
        id: row.id,
        tranid: row.tranid,
        trandate: new Date(Number(row.trandate)).toISOString(),
        name: row.name,
        email: row.email,
        customer: row.customer,
        status: row.status,
        statusName: names.get(row.status) ?? row.status,
        fulfilment: row.fulfilment,
        payment: row.payment,
        total: Number(row.total),
        refunded: Number(row.refunded),
        currency: currency(row.currency),
      })),
      next: rows.length > limit ? cursorOf(shown[shown.length - 1]!) : null,
      count: sums.reduce((sum, row) => sum + row.count, 0),
      totals: sums
        .map((row) => ({ ...row, currency: currency(row.currency) }))
        .sort((a, b) => b.count - a.count || (a.currency.code < b.currency.code ? -1 : 1)),
    }
  }

  /** The orders the filters match, as a query to page or to sum. */
  private matching(query: OrderListQuery): Knex.QueryBuilder {
    const matching = this.db(ORDERS_TABLE)
    const text = fold(query.q ?? '')
    // With a search, the other conditions are checked on its few matches (see `list`).
    const plus = text ? '+' : ''
    const is = (column: string, value: string) =>
      void matching.whereRaw(`${plus}?? = ?`, [column, value])
    switch (query.filter ?? 'all') {
      case 'pendingPayment':
        is('payment', 'pending')
        void matching.whereRaw(`${plus}?? <> ?`, ['fulfilment', 'cancelled'])
        break
      case 'toFulfil':
        is('fulfilment', 'unfulfilled')
        break
      case 'partlyShipped':
        is('fulfilment', 'partial')
        break
      case 'shipped':
        is('fulfilment', 'fulfilled')
        break
      case 'cancelled':
        is('fulfilment', 'cancelled')
        break
      case 'refunded':
        void matching.whereRaw(`${plus}?? > 0`, ['refunded'])
        break
      case 'all':
        break
    }
    if (query.from)
      void matching.whereRaw(`${plus}?? >= ?`, ['trandate', Date.parse(`${query.from}T00:00:00Z`)])
    if (query.to)
      void matching.whereRaw(`${plus}?? < ?`, [
        'trandate',
        Date.parse(`${query.to}T00:00:00Z`) + DAY_MS,
      ])
    if (text) {
      const range = (column: string, prefix: string) => (where: Knex.QueryBuilder) =>
        where.where(column, '>=', prefix).andWhere(column, '<', prefixEnd(prefix))
      const number = /^(so)?(\d+)$/.exec(text)
      if (number) void matching.where(range('tranid', `SO${number[2]}`))
      else if (text.includes('@')) void matching.where(range('email', text))
      else
        void matching.where((where) =>
          where
            .where(range('name_key', text))
            .orWhere(range('last_key', text))
            .orWhere(range('email', text)),
        )
    }
    return matching
  }

  private async currencies(ids: readonly string[]): Promise<Map<string, OrderCurrency>> {
    const found = new Map<string, OrderCurrency>()
    for (const id of ids) {
      const record = await this.records.find('currency', id)
      if (record)
        found.set(id, {
          id,
          code: textOf(record.code) || id.toUpperCase(),
          places: placesOf({ decimalplaces: Number(record.decimalplaces ?? 2) }),
        })
    }
    return found
  }

  private async statusNames(): Promise<Map<string, string>> {
    const list = await this.records.find('listtype', 'orderstatus')
    const names = new Map<string, string>()
    for (const value of Array.isArray(list?.values) ? list.values : [])
      if (isObject(value)) names.set(textOf(value.id), textOf(value.name))
    return names
  }
}
