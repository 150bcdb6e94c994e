import { describe, expect, it } from 'vitest'
import { currencyRecords, formatPattern } from './currencies.js'

const currencies = currencyRecords(['xcg'])
const byId = new Map(currencies.map((currency) => [currency.id, currency]))

describe('currency records', () => {
  it('covers the active ISO 4217 currencies, less the testing and no-currency codes', () => {
    expect(currencies.length).toBeGreaterThan(150)
    expect(byId.has('xts')).toBe(false)
    expect(byId.has('xxx')).toBe(false)
  })

  it('builds a record with the symbol, digits and pattern', () => {
    expect(byId.get('gbp')).toEqual({
      type: 'currency',
      id: 'gbp',
      name: 'Pound Sterling',
      code: 'GBP',
      symbol: '£',
      decimalplaces: 2,
      format: '£#,##0.00',
      decimalseparator: '.',
      thousandseparator: ',',
      symbolafter: false,
      translations: { fr: 'livre sterling' },
    })
    expect(byId.get('jpy')).toMatchObject({ symbol: '¥', decimalplaces: 0, format: '¥#,##0' })
    expect(byId.get('kwd')).toMatchObject({ decimalplaces: 3, format: 'KWD#,##0.000' })
  })

  it('adds a needed currency the ISO list lacks from countries-list', () => {
    expect(byId.get('xcg')).toMatchObject({ code: 'XCG', decimalplaces: 2 })
  })

  it('ignores a needed code nobody knows', () => {
    expect(currencyRecords(['zzz']).some((currency) => currency.id === 'zzz')).toBe(false)
  })

  it('writes the pattern with one zero per decimal place', () => {
    expect(formatPattern('$', 2)).toBe('$#,##0.00')
    expect(formatPattern('¥', 0)).toBe('¥#,##0')
  })
})
