/**
 * The price table editor's changes to a `pricematrix` (README, "Prices"): `headers` are the
 * quantity breaks, `lines` one per price level and currency, `price_N_` the unit price from
 * `headers[N-1].quantity` up. Pure: each answers a new table and never changes the one given. An
 * empty cell is a price left out of its line (the rules then take the nearest filled column below).
 */
import type { PriceLine, PriceMatrix } from '../shared/prices.js'

/** Bounds the item guard holds a table to (server/catalogue/normalise.ts). */
export const MAX_BREAKS = 20
export const MAX_PRICE = 10_000_000
const MAX_DECIMALS = 4

/** The key of a break column's price on a line: `price_1_` for the first. */
export const priceKey = (column: number) => `price_${column + 1}_` as const

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The table a field holds, read as the editor shows it: one break at 1 and no lines when it holds
 * none. Parts it does not know are kept as they are.
 */
export function tableOf(value: unknown): PriceMatrix {
  const stored = isObject(value) ? value : {}
  const headers = Array.isArray(stored.headers)
    ? stored.headers.map((header) => ({
        quantity: isObject(header) && typeof header.quantity === 'number' ? header.quantity : 0,
      }))
    : []
  const lines = Array.isArray(stored.lines)
    ? stored.lines.filter(isObject).map((line) => ({ ...line }) as unknown as PriceLine)
    : []
  return { headers: headers.length > 0 ? headers : [{ quantity: 1 }], lines }
}

/** The price of a cell, or null when it is empty. */
export function priceAt(line: PriceLine, column: number): number | null {
  const price: unknown = line[priceKey(column)]
  if (typeof price === 'number') return price
  if (typeof price === 'string' && price.trim() !== '' && Number.isFinite(Number(price)))
    return Number(price)
  return null
}

const withLine = (table: PriceMatrix, row: number, change: (line: PriceLine) => PriceLine) => ({
  ...table,
  lines: table.lines.map((line, at) => (at === row ? change({ ...line }) : line)),
})

/** A cell's price set, or taken out of its line (null). */
export function setPrice(
  table: PriceMatrix,
  row: number,
  column: number,
  price: number | null,
): PriceMatrix {
  return withLine(table, row, (line) => {
    if (price === null) delete line[priceKey(column)]
    else line[priceKey(column)] = price
    return line
  })
}

/** A break's quantity changed; its prices stay in its column. */
export function setQuantity(table: PriceMatrix, column: number, quantity: number): PriceMatrix {
  return {
    ...table,
    headers: table.headers.map((header, at) => (at === column ? { quantity } : header)),
  }
}

/** A new last break, above the others (10 after 1, then twice the last), its column empty. */
export function addBreak(table: PriceMatrix): PriceMatrix {
  const last = table.headers.at(-1)?.quantity ?? 0
  return { ...table, headers: [...table.headers, { quantity: last < 10 ? 10 : last * 2 }] }
}

/** A break and its column's prices taken out; the columns after it move down one. */
export function removeBreak(table: PriceMatrix, column: number): PriceMatrix {
  const count = table.headers.length
  return {
    headers: table.headers.filter((_header, at) => at !== column),
    lines: table.lines.map((line) => {
      const next = { ...line }
      for (let at = column; at < count; at++) {
        const later = line[priceKey(at + 1)]
        if (at + 1 < count && later !== undefined && later !== null) next[priceKey(at)] = later
        else delete next[priceKey(at)]
      }
      return next
    }),
  }
}

/** The breaks in rising order, each column's prices moving with its break. */
export function sortBreaks(table: PriceMatrix): PriceMatrix {
  const order = table.headers
    .map((header, column) => ({ header, column }))
    .sort((a, b) => a.header.quantity - b.header.quantity)
  if (order.every((entry, at) => entry.column === at)) return table
  return {
    headers: order.map((entry) => entry.header),
    lines: table.lines.map((line) => {
      const next = { ...line }
      order.forEach((entry, at) => {
        const price = line[priceKey(entry.column)]
        if (price === undefined || price === null) delete next[priceKey(at)]
        else next[priceKey(at)] = price
      })
      return next
    }),
  }
}

/** A new line of a level and currency, with no prices yet. */
export function addLine(table: PriceMatrix, pricelevel: number, currency: string): PriceMatrix {
  return { ...table, lines: [...table.lines, { pricelevel, currency }] }
}

export function removeLine(table: PriceMatrix, row: number): PriceMatrix {
  return { ...table, lines: table.lines.filter((_line, at) => at !== row) }
}

export function setLevel(table: PriceMatrix, row: number, pricelevel: number): PriceMatrix {
  return withLine(table, row, (line) => ({ ...line, pricelevel }))
}

export function setCurrency(table: PriceMatrix, row: number, currency: string): PriceMatrix {
  return withLine(table, row, (line) => ({ ...line, currency }))
}

/** What keeps a table from being saved: breaks out of order, and lines of one level and currency. */
export interface TableProblems {
  /** Columns whose quantity is not above the one before (or below 1). */
  breaks: number[]
  /** Lines repeating an earlier line's level and currency. */
  lines: number[]
}

export function tableProblems(table: PriceMatrix): TableProblems {
  const breaks = table.headers.flatMap((header, column) => {
    const before = table.headers[column - 1]
    const bad =
      !Number.isSafeInteger(header.quantity) ||
      header.quantity < 1 ||
      (before !== undefined && header.quantity <= before.quantity)
    return bad ? [column] : []
  })
  const seen = new Set<string>()
  const lines = table.lines.flatMap((line, row) => {
    const key = `${line.pricelevel}|${line.currency}`
    if (seen.has(key)) return [row]
    seen.add(key)
    return []
  })
  return { breaks, lines }
}

export const hasProblems = (problems: TableProblems) =>
  problems.breaks.length > 0 || problems.lines.length > 0

/**
 * A price typed in a cell: a number from 0 to ten million with at most 4 decimals, null for an
 * empty cell, undefined for anything else (the cell shows it as wrong and nothing is kept).
 */
export function parsePrice(text: string): number | null | undefined {
  const trimmed = text.trim()
  if (trimmed === '') return null
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(trimmed)) return undefined
  const decimals = trimmed.includes('.') ? trimmed.length - trimmed.indexOf('.') - 1 : 0
  const price = Number(trimmed)
  return decimals <= MAX_DECIMALS && price <= MAX_PRICE ? price : undefined
}

/** A break's quantity typed: a whole number from 1, else undefined. */
export function parseQuantity(text: string): number | undefined {
  const trimmed = text.trim()
  if (!/^\d+$/.test(trimmed)) return undefined
  const quantity = Number(trimmed)
  return Number.isSafeInteger(quantity) && quantity >= 1 ? quantity : undefined
}
