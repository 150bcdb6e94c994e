import { describe, expect, it } from 'vitest'
import { formatMinor, formatMoney, fromMinor, toMinor, type MoneyFormat } from './money.js'

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
  it('writes usd as $#,##0.00 and eur as €#.##0,00', () => {
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

  it('writes nothing for a value that is not a number, and a tiny one as zero', () => {
    expect(formatMoney(1e-7, usd)).toBe('$0.00')
    expect(formatMoney(Number.NaN, usd)).toBe('')
    expect(formatMoney(Number.POSITIVE_INFINITY, usd)).toBe('')
  })
})

describe('toMinor', () => {
  it('turns decimals into integer minor units, half away from zero on the decimal text', () => {
    expect(toMinor(19.99, 2)).toBe(1999)
    expect(toMinor(1.005, 2)).toBe(101)
    expect(toMinor(-1.005, 2)).toBe(-101)
    expect(toMinor(0.1 + 0.2, 2)).toBe(30)
    expect(toMinor(12, 0)).toBe(12)
    expect(toMinor(-0.001, 2)).toBe(0)
    expect(Object.is(toMinor(-0.001, 2), -0)).toBe(false)
  })

  it('answers null for what is not a safe amount', () => {
    expect(toMinor(Number.NaN, 2)).toBeNull()
    expect(toMinor(1e300, 2)).toBeNull()
  })
})

describe('formatMinor', () => {
  it('writes minor units in the currency style without a float', () => {
    expect(formatMinor(123450, usd)).toBe('$1,234.50')
    expect(formatMinor(123450, eur)).toBe('€1.234,50')
    expect(formatMinor(5, usd)).toBe('$0.05')
    expect(formatMinor(0, eur)).toBe('€0,00')
    expect(formatMinor(-199, usd)).toBe('-$1.99')
    expect(formatMinor(123456789012, usd)).toBe('$1,234,567,890.12')
    expect(formatMinor(1235, { ...usd, symbol: '¥', decimalplaces: 0 })).toBe('¥1,235')
    expect(formatMinor(1250, { ...eur, symbolafter: true })).toBe('12,50\u00a0€')
  })

  it('writes nothing for a value that is not an integer', () => {
    expect(formatMinor(1.5, usd)).toBe('')
    expect(formatMinor(Number.NaN, usd)).toBe('')
  })
})

describe('fromMinor', () => {
  it('gives the decimal amount back', () => {
    expect(fromMinor(1999, 2)).toBe(19.99)
    expect(fromMinor(-5, 2)).toBe(-0.05)
    expect(fromMinor(12, 0)).toBe(12)
  })
})
