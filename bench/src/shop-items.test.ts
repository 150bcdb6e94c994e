import { describe, expect, it } from 'vitest'
import { countWithNoun, itemBody, itemCents, itemStock, itemWords } from './shop-items.js'

describe('the search scenario items', () => {
  it('names every item from its number, in English and French', () => {
    expect(itemWords(1)).toEqual({
      en: 'Classic Oak Bowl',
      fr: 'Bol en chêne classique',
      noun: 'Bowl',
    })
    expect(itemWords(25 * 16 + 2).en).toBe('Compact Oak Chair')
    expect(itemWords(7).en).not.toBe(itemWords(8).en)
  })

  it('spreads the nouns evenly: a search for one finds a 25th of the items', () => {
    expect(countWithNoun('Lamp', 100_000)).toBe(4_000)
  })

  it('prices and stocks items deterministically, within the catalogue bounds', () => {
    expect(itemCents(1)).toEqual({ usd: 4299, eur: 3869 })
    for (const n of [1, 2, 99_999]) {
      const { usd } = itemCents(n)
      expect(usd).toBeGreaterThanOrEqual(599)
      expect(usd).toBeLessThanOrEqual(20_499)
    }
    expect(itemStock(7)).toBe(0)
    expect(itemStock(8)).toBe(9)
  })

  it('makes a record body with a SKU, the category, prices in both currencies and a French name', () => {
    expect(itemBody(3)).toMatchObject({
      itemid: 'BX-000003',
      online: true,
      primarycategory: { reference: true, type: 'webcategory', id: 'bench-shelf' },
      price1: { headers: [{ quantity: 1 }], lines: [{ pricelevel: 5, currency: 'usd' }] },
      translations: { fr: { displayname: 'Table en chêne classique' } },
    })
  })
})
