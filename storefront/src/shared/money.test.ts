import { describe, expect, it } from 'vitest'
import { formatMoney, type MoneyFormat } from './money.js'

const usd: MoneyFormat = {
  symbol: '$',
  decimalplaces: 2,
  decimalseparator: '.',
  thousandseparator: ',',
}
const eur: MoneyFormat = {
  symbol: '€',
  decimalplaces: 2,
  decimalseparator: ',',
  thousandseparator: '.',
}

describe('formatMoney', () => {
  it('writes usd as $#,##0.00 and eur as €#.##0,00 (spec 000 section 9)', () => {
    expect(formatMoney(1234.5, usd)).toBe('$1,234.50')
    expect(formatMoney(1234.5, eur)).toBe('€1.234,50')
    expect(formatMoney(0, usd)).toBe('$0.00')
    expect(formatMoney(1234567.891, usd)).toBe('$1,234,567.89')
  })

  it('rounds half away from zero on the decimal text', () => {
    expect(formatMoney(1.005, usd)).toBe('$1.01')
    expect(formatMoney(-1.005, usd)).toBe('-$1.01')
    expect(formatMoney(-0.001, usd)).toBe('$0.00')
  })

  it('honours decimal places and a symbol after the amount', () => {
    expect(formatMoney(1234.5, { ...usd, symbol: '¥', decimalplaces: 0 })).toBe('¥1,235')
    expect(formatMoney(1234.5, { ...eur, symbolafter: true })).toBe('1.234,50\u00a0€')
    expect(formatMoney(1.23456, { ...usd, decimalplaces: 3 })).toBe('$1.235')
  })

  it('writes nothing for a value that is not a number', () => {
    expect(formatMoney(Number.NaN, usd)).toBe('')
    expect(formatMoney(Number.POSITIVE_INFINITY, usd)).toBe('')
  })
})
