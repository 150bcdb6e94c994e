import { describe, expect, it } from 'vitest'
import {
  listedAmount,
  priceBreaks,
  priceKeys,
  resolvePrice,
  roundHalfUp,
  taxOf,
  type PriceMatrix,
} from './prices.js'

const usd: PriceMatrix = {
  headers: [{ quantity: 1 }, { quantity: 10 }, { quantity: 50 }],
  lines: [
    { pricelevel: 5, currency: 'usd', price_1_: 24, price_2_: 21.6, price_3_: 19.2 },
    { pricelevel: 1, currency: 'usd', price_1_: 26, price_2_: null, price_3_: 20.8 },
  ],
}
const eur: PriceMatrix = {
  headers: [{ quantity: 1 }, { quantity: 12 }],
  lines: [{ pricelevel: 5, currency: 'eur', price_1_: 22, price_2_: 19.8 }],
}
const item = { price1: usd, price2: eur }
const at = (level: number, currency: string, quantity: number, places = 2) =>
  resolvePrice([item], { level, currency, quantity, places })

describe('resolvePrice: level, break and currency (issue 17)', () => {
  it.each([
    // level, currency, quantity, minor units
    [5, 'usd', 1, 2400],
    [5, 'usd', 9, 2400],
    [5, 'usd', 10, 2160], // a break applies at exactly its quantity
    [5, 'usd', 11, 2160],
    [5, 'usd', 49, 2160],
    [5, 'usd', 50, 1920],
    [5, 'usd', 999, 1920],
    [5, 'eur', 1, 2200],
    [5, 'eur', 10, 2200], // eur breaks at 12, not at usd's 10: breaks are per currency
    [5, 'eur', 12, 1980],
    [1, 'usd', 1, 2600],
    [1, 'usd', 10, 2600], // an empty column takes the nearest filled one below, same line
    [1, 'usd', 50, 2080],
    [1, 'eur', 1, -1], // never another currency's line
    [3, 'usd', 1, -1], // never another level's line
    [5, 'gbp', 1, -1],
    [5, 'usd', 0, -1],
  ])('level %i, %s, %i units: %i', (level, currency, quantity, minor) => {
    expect(at(level, currency, quantity)).toBe(minor)
  })

  it('rounds a decimal price half away from zero into minor units', () => {
    const odd = {
      price1: {
        headers: [{ quantity: 1 }],
        lines: [{ pricelevel: 5, currency: 'usd', price_1_: 1.005 }],
      },
    }
    expect(resolvePrice([odd], { level: 5, currency: 'usd', quantity: 1, places: 2 })).toBe(101)
    expect(resolvePrice([odd], { level: 5, currency: 'usd', quantity: 1, places: 0 })).toBe(1)
  })

  it("lets a child without its own prices take its parent's", () => {
    const child = { displayname: 'Blue M' }
    expect(
      resolvePrice([child, item], { level: 5, currency: 'usd', quantity: 10, places: 2 }),
    ).toBe(2160)
    const own = {
      price1: {
        headers: [{ quantity: 1 }],
        lines: [{ pricelevel: 5, currency: 'usd', price_1_: 30 }],
      },
    }
    expect(resolvePrice([own, item], { level: 5, currency: 'usd', quantity: 10, places: 2 })).toBe(
      3000,
    )
  })

  it('answers -1 when there is no matrix or the first break is above the quantity', () => {
    expect(resolvePrice([{}], { level: 5, currency: 'usd', quantity: 1, places: 2 })).toBe(-1)
    const from5 = {
      price1: {
        headers: [{ quantity: 5 }],
        lines: [{ pricelevel: 5, currency: 'usd', price_1_: 3 }],
      },
    }
    expect(resolvePrice([from5], { level: 5, currency: 'usd', quantity: 4, places: 2 })).toBe(-1)
    expect(resolvePrice([from5], { level: 5, currency: 'usd', quantity: 5, places: 2 })).toBe(300)
  })
})

describe('priceBreaks', () => {
  it("lists the level's filled columns in the currency", () => {
    expect(priceBreaks([item], { level: 5, currency: 'usd', places: 2 })).toEqual([
      { quantity: 1, amount: 2400 },
      { quantity: 10, amount: 2160 },
      { quantity: 50, amount: 1920 },
    ])
    expect(priceBreaks([item], { level: 1, currency: 'usd', places: 2 })).toEqual([
      { quantity: 1, amount: 2600 },
      { quantity: 50, amount: 2080 },
    ])
    expect(priceBreaks([item], { level: 2, currency: 'usd', places: 2 })).toEqual([])
  })
})

describe('taxOf and roundHalfUp', () => {
  it('rounds each line half away from zero in integers', () => {
    expect(taxOf(1000, 20)).toBe(200)
    expect(taxOf(999, 5.5)).toBe(55) // 54.945 -> 55
    expect(taxOf(990, 5.5)).toBe(54) // 54.45 -> 54
    expect(taxOf(1, 50)).toBe(1) // 0.5 -> 1
    expect(taxOf(1000, 0)).toBe(0)
    expect(roundHalfUp(5, 2)).toBe(3)
    expect(roundHalfUp(-5, 2)).toBe(-3)
  })
})

describe('listedAmount: the price lists show', () => {
  const query = { level: 5, currency: 'usd', places: 2 }
  const parent = {
    price1: {
      headers: [{ quantity: 1 }],
      lines: [{ pricelevel: 5, currency: 'usd', price_1_: 20 }],
    },
  }
  const cheaper = {
    price1: {
      headers: [{ quantity: 1 }],
      lines: [{ pricelevel: 5, currency: 'usd', price_1_: 15 }],
    },
  }
  const unpriced = {}

  it('is the cheapest option, an option without a price taking its parent', () => {
    expect(listedAmount(parent, [cheaper, unpriced], query)).toBe(1500)
    expect(listedAmount(parent, [unpriced], query)).toBe(2000)
    expect(listedAmount(parent, [], query)).toBe(2000)
    expect(listedAmount(unpriced, [cheaper], query)).toBe(1500)
    expect(listedAmount(unpriced, [unpriced], query)).toBe(-1)
    expect(listedAmount(parent, [cheaper], { ...query, currency: 'eur' })).toBe(-1)
  })

  it('knows every level and currency the records have a line for', () => {
    expect(priceKeys([parent, cheaper, item])).toEqual([
      { level: 5, currency: 'usd' },
      { level: 1, currency: 'usd' },
      { level: 5, currency: 'eur' },
    ])
  })
})
