import { describe, expect, it } from 'vitest'
import { ceramicMug, classicTee } from '../../test/fixtures.js'
import {
  breakAt,
  clampQuantity,
  imagesOf,
  offerOf,
  optionLabel,
  parseQuantity,
  priceAt,
} from './item-logic.js'

const breaks = ceramicMug().breaks

describe('the item page rules', () => {
  it('prices a quantity at the largest break at or below it, a break applying at exactly its quantity', () => {
    expect(priceAt(breaks, 1)).toBe(1800)
    expect(priceAt(breaks, 9)).toBe(1800)
    expect(priceAt(breaks, 10)).toBe(1620)
    expect(priceAt(breaks, 12)).toBe(1620)
    expect(priceAt(breaks, 50)).toBe(1440)
    expect(priceAt(breaks, 999)).toBe(1440)
    expect(breakAt(breaks, 12)).toEqual({ quantity: 10, amount: 1620 })
  })

  it('answers -1 (no price) without a break at or below the quantity', () => {
    expect(priceAt([], 3)).toBe(-1)
    expect(priceAt([{ quantity: 5, amount: 100 }], 4)).toBe(-1)
    expect(breakAt([], 1)).toBeUndefined()
  })

  it('takes whole quantities from 1 to 999 only', () => {
    expect(parseQuantity('12')).toBe(12)
    expect(parseQuantity(' 3 ')).toBe(3)
    for (const bad of ['', '0', '1000', '2.5', '-1', 'ten']) expect(parseQuantity(bad)).toBeNull()
    expect(clampQuantity(0)).toBe(1)
    expect(clampQuantity(1200)).toBe(999)
  })

  it('names options by what tells them apart, else by sku', () => {
    const tee = classicTee()
    expect(tee.children.map((child) => optionLabel(tee, child))).toEqual([
      'Blue / M',
      'Blue / L',
      'Red / M',
    ])
    const odd = { ...tee.children[0]!, itemid: 'Other : X', sku: 'X' }
    expect(optionLabel(tee, odd)).toBe('X')
  })

  it('needs a choice before buying an item with options', () => {
    const tee = classicTee()
    expect(offerOf(tee, undefined)).toMatchObject({ needsChoice: true, available: 0 })
    const red = tee.children[2]!
    expect(offerOf(tee, red)).toMatchObject({ needsChoice: false, available: 12, id: red.id })
    expect(offerOf(ceramicMug(), undefined)).toMatchObject({
      needsChoice: false,
      available: 150,
      id: 'ceramic-mug',
    })
  })

  it("lists an item's pictures once each: its own, its gallery, then its options'", () => {
    expect(imagesOf(classicTee()).map((image) => image.alt)).toEqual([
      'classic-tee-1',
      'classic-tee-2',
      'classic-tee-3',
      'classic-tee-red',
    ])
  })
})
