import { describe, expect, it } from 'vitest'
import type { PriceMatrix } from '../shared/prices.js'
import {
  addBreak,
  addLine,
  parsePrice,
  parseQuantity,
  priceAt,
  removeBreak,
  removeLine,
  setCurrency,
  setLevel,
  setPrice,
  setQuantity,
  sortBreaks,
  tableOf,
  tableProblems,
} from './price-table.js'

/** The sample's Classic Tee in USD: three breaks, the online and base levels. */
const tee = (): PriceMatrix => ({
  headers: [{ quantity: 1 }, { quantity: 10 }, { quantity: 50 }],
  lines: [
    { pricelevel: 5, currency: 'usd', price_1_: 24, price_2_: 21.6, price_3_: 19.2 },
    { pricelevel: 1, currency: 'usd', price_1_: 26, price_3_: 20.8 },
  ],
})

describe('the price table', () => {
  it('reads a field with no table as one break at 1 and no lines', () => {
    expect(tableOf(undefined)).toEqual({ headers: [{ quantity: 1 }], lines: [] })
    expect(tableOf({ headers: [], lines: 'x' })).toEqual({ headers: [{ quantity: 1 }], lines: [] })
    expect(tableOf(tee())).toEqual(tee())
  })

  it('sets a price, and an empty cell takes the price out of its line', () => {
    const table = tee()
    const changed = setPrice(table, 1, 1, 23.4)
    expect(changed.lines[1]).toEqual({
      pricelevel: 1,
      currency: 'usd',
      price_1_: 26,
      price_2_: 23.4,
      price_3_: 20.8,
    })
    expect(setPrice(table, 0, 2, null).lines[0]).toEqual({
      pricelevel: 5,
      currency: 'usd',
      price_1_: 24,
      price_2_: 21.6,
    })
    // Never the table given.
    expect(table).toEqual(tee())
    expect(priceAt(table.lines[1]!, 1)).toBeNull()
    expect(priceAt(table.lines[1]!, 2)).toBe(20.8)
  })

  it('adds a break above the last, and removes one with its column', () => {
    expect(addBreak(tableOf(undefined)).headers).toEqual([{ quantity: 1 }, { quantity: 10 }])
    expect(addBreak(tee()).headers.at(-1)).toEqual({ quantity: 100 })
    const removed = removeBreak(tee(), 1)
    expect(removed.headers).toEqual([{ quantity: 1 }, { quantity: 50 }])
    expect(removed.lines).toEqual([
      { pricelevel: 5, currency: 'usd', price_1_: 24, price_2_: 19.2 },
      { pricelevel: 1, currency: 'usd', price_1_: 26, price_2_: 20.8 },
    ])
  })

  it('puts the breaks in order, each column of prices with its break', () => {
    const sorted = sortBreaks(setQuantity(tee(), 1, 60))
    expect(sorted.headers).toEqual([{ quantity: 1 }, { quantity: 50 }, { quantity: 60 }])
    expect(sorted.lines).toEqual([
      { pricelevel: 5, currency: 'usd', price_1_: 24, price_2_: 19.2, price_3_: 21.6 },
      { pricelevel: 1, currency: 'usd', price_1_: 26, price_2_: 20.8 },
    ])
    const ordered = tee()
    expect(sortBreaks(ordered)).toBe(ordered)
  })

  it('adds, changes and removes lines', () => {
    const added = addLine(tee(), 2, 'usd')
    expect(added.lines[2]).toEqual({ pricelevel: 2, currency: 'usd' })
    expect(setLevel(added, 2, 3).lines[2]).toEqual({ pricelevel: 3, currency: 'usd' })
    expect(setCurrency(added, 2, 'eur').lines[2]).toEqual({ pricelevel: 2, currency: 'eur' })
    expect(removeLine(added, 0).lines.map((line) => line.pricelevel)).toEqual([1, 2])
  })

  it('finds what the item guard would refuse: breaks out of order, a level twice in a currency', () => {
    expect(tableProblems(tee())).toEqual({ breaks: [], lines: [] })
    expect(tableProblems(setQuantity(tee(), 2, 10))).toEqual({ breaks: [2], lines: [] })
    expect(tableProblems(setQuantity(tee(), 0, 0)).breaks).toEqual([0])
    expect(tableProblems(addLine(tee(), 5, 'usd')).lines).toEqual([2])
    expect(tableProblems(addLine(tee(), 5, 'eur')).lines).toEqual([])
  })

  it('reads what is typed in a cell and a break', () => {
    expect(parsePrice('12.50')).toBe(12.5)
    expect(parsePrice(' 12. ')).toBe(12)
    expect(parsePrice('.5')).toBe(0.5)
    expect(parsePrice('')).toBeNull()
    for (const wrong of ['abc', '-1', '1,5', '1.23456', '10000000.01', '1e3'])
      expect(parsePrice(wrong), wrong).toBeUndefined()
    expect(parseQuantity('25')).toBe(25)
    for (const wrong of ['0', '2.5', '', 'ten']) expect(parseQuantity(wrong), wrong).toBeUndefined()
  })
})
