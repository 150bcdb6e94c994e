/**
 * The staff dashboard's shop figures (README, "Dashboard"): orders and sales today and over the
 * last 7 days per currency, the orders waiting to be shipped, and the items low on stock. Each is
 * one indexed read (the orders list's index, the stock and items tables), so the cards paint fast
 * with a hundred thousand orders.
 */
import type { Knex } from 'knex'
import { placesOf } from '@shopwright/client'
import type { RecordsService } from '@shopwright/plugin-records'
import type { LowStockAnswer, OrdersSummary, SalesFigure } from '../../shared/orders.js'
import { ITEM_TYPE } from '../../shared/types.js'
import { ITEMS_TABLE, STOCK_TABLE } from '../migrations.js'
import { textOf } from '../refs.js'
import { currencySums } from './order-index.js'
import { ORDERS_TABLE } from './order-tables.js'

const DAY_MS = 86_400_000

export class OrderSummary {
  constructor(
    private readonly db: Knex,
    private readonly records: Pick<RecordsService, 'find' | 'findMany'>,
    private readonly lowStock: number,
  ) {}

  async orders(now = Date.now()): Promise<OrdersSummary> {
    const today = Math.floor(now / DAY_MS) * DAY_MS
    const [day, week, waiting] = await Promise.all([
      this.sales(today, today + DAY_MS),
      this.sales(today - 6 * DAY_MS, today + DAY_MS),
      this.db(ORDERS_TABLE)
        .whereIn('fulfilment', ['unfulfilled', 'partial'])
        .groupBy('fulfilment')
        .select('fulfilment', this.db.raw('count(*) as ??', ['count'])) as Promise<
        Array<{ fulfilment: string; count: number | string }>
      >,
    ])
    const count = (fulfilment: string) =>
      Number(waiting.find((row) => row.fulfilment === fulfilment)?.count ?? 0)
    return {
      today: day,
      week,
      toFulfil: count('unfulfilled'),
      partlyShipped: count('partial'),
    }
  }

  /** Items to sell (no options of their own) at or under their low-stock threshold. */
  async lowStocked(limit = 5): Promise<LowStockAnswer> {
    const low = this.db(`${STOCK_TABLE} as s`)
      .join(`${ITEMS_TABLE} as i`, 'i.item', 's.item')
      .whereRaw('?? - ?? <= coalesce(??, ?)', ['s.onhand', 's.reserved', 'i.low_at', this.lowStock])
      // An item with options sells through its children: it has no stock of its own to run out.
      .whereNotExists(this.db(`${ITEMS_TABLE} as c`).whereRaw('?? = ??', ['c.parent', 's.item']))
    const [rows, counted] = await Promise.all([
      low
        .clone()
        .orderByRaw('?? - ?? asc, ?? asc', ['s.onhand', 's.reserved', 's.item'])
        .limit(limit)
        .select(
          's.item',
          this.db.raw('?? - ?? as ??', ['s.onhand', 's.reserved', 'available']),
          'i.low_at',
        ) as Promise<Array<{ item: string; available: number | string; low_at: number | null }>>,
      low.clone().count({ count: '*' }).first() as Promise<{ count: number | string } | undefined>,
    ])
    const found = await this.records.findMany(
      rows.map((row) => ({ type: ITEM_TYPE, id: row.item })),
    )
    const names = new Map(found.map((item) => [item.id, textOf(item.displayname) || item.id]))
    return {
      threshold: this.lowStock,
      items: rows.map((row) => ({
        id: row.item,
        name: names.get(row.item) ?? row.item,
        available: Math.max(0, Number(row.available)),
        threshold: row.low_at === null ? this.lowStock : Number(row.low_at),
      })),
      count: Number(counted?.count ?? 0),
    }
  }

  /** Sales from `since` to before `until`, per currency. */
  private async sales(since: number, until: number): Promise<SalesFigure[]> {
    // Both ends of the range: with one, SQLite's planner walks the whole sums index to group by
    // currency, looking up every order's date (400 ms with 100,000 orders, docs/benchmarks.md,
    // "Dashboard"); a range closed on both sides reads the date index for the days asked only.
    const rows = await currencySums(
      this.db,
      this.db(ORDERS_TABLE)
        .where('trandate', '>=', since)
        .where('trandate', '<', until)
        .whereNot({ fulfilment: 'cancelled' }),
    )
    const figures: SalesFigure[] = []
    for (const row of rows) {
      const record = await this.records.find('currency', row.currency)
      figures.push({
        currency: {
          id: row.currency,
          code: textOf(record?.code) || row.currency.toUpperCase(),
          places: placesOf({ decimalplaces: Number(record?.decimalplaces ?? 2) }),
        },
        count: row.count,
        total: row.total,
        refunded: row.refunded,
      })
    }
    return figures.sort((a, b) => b.count - a.count)
  }
}
