/**
 * Price resolution (issue 17; README, "Prices"). An item keeps its prices in matrices, `price1`,
 * `price2` ...: each has `headers`, the quantity breakpoints, and `lines`, one per price level and
 * currency, whose `price_N_` is the unit price from `headers[N-1].quantity` units up. Browser-safe
 * and pure: the cart, the storefront's break table and the tests use the same rules.
 *
 * - A line is found by its level AND currency, never another level's or currency's.
 * - A quantity takes the largest break at or below it: a break applies at exactly its quantity.
 * - A break column left empty on a line takes the nearest filled column below it on the same line.
 * - No line, or no filled column at or below the quantity: -1, "not found" (NO_PRICE).
 */
import { toMinor } from '@shopwright/client'
import { NO_PRICE, type PriceBreak } from './types.js'

export interface PriceHeader {
  quantity: number
}

/** One level's prices in one currency: `price_1_`, `price_2_` ... by break column. */
export interface PriceLine {
  pricelevel: number
  currency: string
  [column: `price_${number}_`]: number | null | undefined
}

export interface PriceMatrix {
  headers: PriceHeader[]
  lines: PriceLine[]
}

/** What a price is asked for: the visitor's level, currency (its decimals) and the line quantity. */
export interface PriceQuery {
  level: number
  currency: string
  /** The currency's decimal places (its record's `decimalplaces`). */
  places: number
  quantity: number
}

const MATRIX_FIELD = /^price(\d+)$/

/** The price matrix fields of a record, in number order (`price1`, `price2`, ... `price10`). */
export function matricesOf(record: Readonly<Record<string, unknown>>): PriceMatrix[] {
  // Every cart line prices its item (and its parent) at every answer: one pass over the keys.
  const found: Array<{ n: number; matrix: PriceMatrix }> = []
  for (const key of Object.keys(record)) {
    if (!key.startsWith('price')) continue
    const match = MATRIX_FIELD.exec(key)
    const value = record[key]
    if (match && isMatrix(value)) found.push({ n: Number(match[1]), matrix: value })
  }
  if (found.length > 1) found.sort((a, b) => a.n - b.n)
  return found.map((each) => each.matrix)
}

function isMatrix(value: unknown): value is PriceMatrix {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as PriceMatrix).headers) &&
    Array.isArray((value as PriceMatrix).lines)
  )
}

/** The cell of column `n` (1-based) of a line, when it holds a price. */
function cell(line: PriceLine, n: number): number | null {
  const value = line[`price_${n}_`]
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null
}

/** The first matrix line of a level and currency among the records, in order (a child, then its parent). */
function findLine(
  sources: ReadonlyArray<Readonly<Record<string, unknown>>>,
  level: number,
  currency: string,
): { matrix: PriceMatrix; line: PriceLine } | null {
  for (const source of sources) {
    for (const matrix of matricesOf(source)) {
      const line = matrix.lines.find(
        (each) => Number(each.pricelevel) === level && each.currency === currency,
      )
      if (line) return { matrix, line }
    }
  }
  return null
}

/**
 * The unit price in minor units for a quantity, or -1. `sources` are read in order: a child item
 * first, then its parent, whose prices a child without its own inherits.
 */
export function resolvePrice(
  sources: ReadonlyArray<Readonly<Record<string, unknown>>>,
  query: PriceQuery,
): number {
  const found = findLine(sources, query.level, query.currency)
  if (!found || !Number.isSafeInteger(query.quantity) || query.quantity < 1) return NO_PRICE
  const { matrix, line } = found
  let column = 0
  matrix.headers.forEach((header, index) => {
    if (header.quantity <= query.quantity) column = index + 1
  })
  for (let n = column; n >= 1; n--) {
    const price = cell(line, n)
    if (price !== null) return toMinor(price, query.places) ?? NO_PRICE
  }
  return NO_PRICE
}

/**
 * The break table of a level and currency: one row per column with a price, from the first
 * break up, in minor units (the item page's quantity-break table). Empty when there is no line.
 */
export function priceBreaks(
  sources: ReadonlyArray<Readonly<Record<string, unknown>>>,
  query: Omit<PriceQuery, 'quantity'>,
): PriceBreak[] {
  const found = findLine(sources, query.level, query.currency)
  if (!found) return []
  const rows: PriceBreak[] = []
  found.matrix.headers.forEach((header, index) => {
    const price = cell(found.line, index + 1)
    const amount = price === null ? null : toMinor(price, query.places)
    if (amount !== null) rows.push({ quantity: Math.max(1, header.quantity), amount })
  })
  return rows
}

/** Rounds a non-negative integer ratio half away from zero: the one rounding money uses. */
export function roundHalfUp(numerator: number, denominator: number): number {
  const sign = Math.sign(numerator) * Math.sign(denominator)
  const n = Math.abs(numerator)
  const d = Math.abs(denominator)
  const whole = Math.floor(n / d)
  return sign * (whole + (2 * (n - whole * d) >= d ? 1 : 0))
}

/**
 * The tax of an amount in minor units at a percentage rate (5.5 for 5.5 %), rounded half away from
 * zero per line (an invoice line's tax is then exactly its gross less its amount). The rate is
 * taken to four decimals, so the product stays an exact integer.
 */
export function taxOf(amount: number, ratePercent: number): number {
  const rate = toMinor(ratePercent, 4)
  if (rate === null || rate <= 0 || !Number.isSafeInteger(amount)) return 0
  return roundHalfUp(amount * rate, 1_000_000)
}

/**
 * An item's price at one unit as lists show it: an item with options is priced "from" its
 * cheapest option (an option without a price of its own takes the item's); one whose options have
 * no price at all, or that has none, takes its own. -1 when there is none.
 */
export function listedAmount(
  record: Readonly<Record<string, unknown>>,
  options: ReadonlyArray<Readonly<Record<string, unknown>>>,
  query: Omit<PriceQuery, 'quantity'>,
): number {
  const single = { ...query, quantity: 1 }
  let cheapest = NO_PRICE
  for (const option of options) {
    const price = resolvePrice([option, record], single)
    if (price !== NO_PRICE && (cheapest === NO_PRICE || price < cheapest)) cheapest = price
  }
  return cheapest !== NO_PRICE ? cheapest : resolvePrice([record], single)
}

/** The price levels and currencies any of the records has a matrix line for. */
export function priceKeys(
  sources: ReadonlyArray<Readonly<Record<string, unknown>>>,
): Array<{ level: number; currency: string }> {
  const seen = new Map<string, { level: number; currency: string }>()
  for (const source of sources)
    for (const matrix of matricesOf(source))
      for (const line of matrix.lines) {
        const level = Number(line.pricelevel)
        if (!Number.isSafeInteger(level) || typeof line.currency !== 'string') continue
        seen.set(`${level}|${line.currency}`, { level, currency: line.currency })
      }
  return [...seen.values()]
}
