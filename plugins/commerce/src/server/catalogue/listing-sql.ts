/**
 * The conditions lists and searches share, as SQL on an item column (`c.item`), so a page is
 * found, filtered, sorted and counted by the database in one statement. They say what
 * Catalogue.listItems says of records: an item with online options is in stock when one of them
 * is, one without when it is itself; "can be bought" is on hand above reserved.
 */
import { ITEMS_TABLE, OPTIONS_TABLE, PRICES_TABLE, STOCK_TABLE } from '../migrations.js'

/** SQL with its bindings, in order. */
export interface Fragment {
  sql: string
  bindings: Array<string | number>
}

/** True when the listed item has online options (children). */
export function hasOptionsSql(item: string): string {
  return `EXISTS (SELECT 1 FROM ${ITEMS_TABLE} hk WHERE hk.parent = ${item} AND hk.online = 1)`
}

/** True when the listed item can be bought now: one of its online options, else itself. */
export function inStockSql(item: string): string {
  return (
    `(CASE WHEN ${hasOptionsSql(item)} ` +
    `THEN EXISTS (SELECT 1 FROM ${ITEMS_TABLE} sk JOIN ${STOCK_TABLE} ss ON ss.item = sk.item ` +
    `WHERE sk.parent = ${item} AND sk.online = 1 AND ss.onhand > ss.reserved) ` +
    `ELSE EXISTS (SELECT 1 FROM ${STOCK_TABLE} si WHERE si.item = ${item} AND si.onhand > si.reserved) END)`
  )
}

/** True when the listed item's price for the level and currency lies within min and max. */
export function priceWithinSql(
  item: string,
  price: { level: number; currency: string; min: number | null; max: number | null },
): Fragment {
  const bindings: Array<string | number> = [price.level, price.currency]
  let sql = `EXISTS (SELECT 1 FROM ${PRICES_TABLE} pw WHERE pw.item = ${item} AND pw.level = ? AND pw.currency = ?`
  if (price.min !== null) {
    sql += ' AND pw.amount >= ?'
    bindings.push(price.min)
  }
  if (price.max !== null) {
    sql += ' AND pw.amount <= ?'
    bindings.push(price.max)
  }
  return { sql: `${sql})`, bindings }
}

/**
 * True when one of the item's online options takes the chosen values (docs/api.md, "Filters"):
 * it holds one of them, and in every place of its item id where the item offers a chosen value
 * (Blue and Red are colours of the tee: its first place), its own value is a chosen one. So Blue
 * and Red show a tee in either colour, Blue and M a tee in blue and M. With `inStock`, that option
 * must also be one that can be bought now.
 */
export function optionsTakenSql(item: string, keys: readonly string[], inStock: boolean): Fragment {
  const list = keys.map(() => '?').join(', ')
  const stock = inStock
    ? ` AND EXISTS (SELECT 1 FROM ${STOCK_TABLE} os WHERE os.item = ok.child AND os.onhand > os.reserved)`
    : ''
  return {
    sql:
      `EXISTS (SELECT 1 FROM ${OPTIONS_TABLE} ok WHERE ok.item = ${item} AND ok.slug IN (${list})${stock} ` +
      `AND NOT EXISTS (SELECT 1 FROM ${OPTIONS_TABLE} oo WHERE oo.item = ok.item AND oo.child = ok.child ` +
      `AND oo.slug NOT IN (${list}) AND EXISTS (SELECT 1 FROM ${OPTIONS_TABLE} op ` +
      `WHERE op.item = oo.item AND op.position = oo.position AND op.slug IN (${list}))))`,
    bindings: [...keys, ...keys, ...keys],
  }
}
