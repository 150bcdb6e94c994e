import { describe, expect, it } from 'vitest'
import { CITY_NAME_BANDS, cityNameShown, labelFont, labelPixels } from './labels.js'

describe('city names', () => {
  it('follow the spec bands of size by zoom', () => {
    expect(CITY_NAME_BANDS).toHaveLength(12)
    // above 50 from zoom 2
    expect(cityNameShown(50.1, 2)).toBe(true)
    expect(cityNameShown(50, 2)).toBe(false)
    expect(cityNameShown(50.1, 1.9)).toBe(false)
    // above 45 over 4
    expect(cityNameShown(46, 4)).toBe(false)
    expect(cityNameShown(46, 4.01)).toBe(true)
    // above 25 over 6, above 10 over 8, above 7 over 12, above 6 over 14
    expect(cityNameShown(26, 6.01)).toBe(true)
    expect(cityNameShown(25, 6.01)).toBe(false)
    expect(cityNameShown(11, 8)).toBe(false)
    expect(cityNameShown(11, 8.5)).toBe(true)
    expect(cityNameShown(8, 12.5)).toBe(true)
    expect(cityNameShown(7, 12.5)).toBe(false)
    expect(cityNameShown(6.5, 14)).toBe(false)
    expect(cityNameShown(6.5, 14.5)).toBe(true)
    // ... down to above 0 over 26
    expect(cityNameShown(2.5, 22.5)).toBe(true)
    expect(cityNameShown(1.5, 24.5)).toBe(true)
    expect(cityNameShown(0.1, 26)).toBe(false)
    expect(cityNameShown(0.1, 26.5)).toBe(true)
    expect(cityNameShown(0, 100)).toBe(false)
  })
})

describe('label fonts', () => {
  it('are 10 to 14 px sans-serif, bold above 10', () => {
    expect(labelPixels(0)).toBe(10)
    expect(labelPixels(1)).toBe(14)
    expect(labelPixels(5)).toBe(14)
    expect(labelPixels(-1)).toBe(10)
    expect(labelPixels(0.5)).toBe(12)
    expect(labelFont(10)).toBe('10px sans-serif')
    expect(labelFont(11)).toBe('bold 11px sans-serif')
    expect(labelFont(14)).toBe('bold 14px sans-serif')
  })
})
