import { describe, expect, it } from 'vitest'
import { sampleSite } from '../test/harness.js'
import { writeDecimal, writeMinor } from './money.js'

const { currencies } = sampleSite()

describe('amounts in minor units', () => {
  it("writes them the visitor's way: English", () => {
    expect(writeMinor('en-us', currencies, 19440, 'usd')).toBe('$194.40')
    expect(writeMinor('en-us', currencies, 123456, 'usd')).toBe('$1,234.56')
    expect(writeMinor('en-us', currencies, 6200, 'eur')).toBe('€62.00')
  })

  it('and French (issue 33: "62,00 €"), whatever the currency', () => {
    // French writes a narrow no-break space before the sign and between thousands.
    expect(writeMinor('fr', currencies, 6200, 'eur')).toBe('62,00\u00a0€')
    expect(writeMinor('fr', currencies, 123456, 'eur')).toBe('1\u202f234,56\u00a0€')
    expect(writeMinor('fr', currencies, 19440, 'usd')).toBe('194,40\u00a0$US')
  })

  it('writes nothing for -1, "no price", or a broken amount', () => {
    expect(writeMinor('en-us', currencies, -1, 'usd')).toBe('')
    expect(writeMinor('en-us', currencies, 1.5, 'usd')).toBe('')
  })

  it('writes a currency the site does not list by its code, and survives an odd language tag', () => {
    expect(writeMinor('en-us', currencies, 500, 'gbp')).toBe('£5.00')
    expect(writeMinor('x-not-a-language!', currencies, 500, 'usd')).toBe('$5.00')
  })
})

describe('decimal amounts (documents)', () => {
  it('writes numbers and numeric text, and nothing for the rest', () => {
    expect(writeDecimal('en-us', currencies, 62, 'usd')).toBe('$62.00')
    expect(writeDecimal('fr', currencies, '62.5', 'eur')).toBe('62,50\u00a0€')
    expect(writeDecimal('en-us', currencies, 'abc', 'usd')).toBe('')
    expect(writeDecimal('en-us', currencies, null, 'usd')).toBe('')
  })
})
