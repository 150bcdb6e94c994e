import { describe, expect, it } from 'vitest'
import { sampleSite } from '../test/harness.js'
import { writeMinor } from './money.js'

const { currencies } = sampleSite()

describe('amounts in minor units', () => {
  it("writes them in the currency's style", () => {
    expect(writeMinor(currencies, 19440, 'usd')).toBe('$194.40')
    expect(writeMinor(currencies, 123456, 'usd')).toBe('$1,234.56')
    expect(writeMinor(currencies, 123456, 'eur')).toBe('€1.234,56')
    expect(writeMinor(currencies, 0, 'eur')).toBe('€0,00')
  })

  it('writes nothing for -1, "no price" (spec 001 section 9)', () => {
    expect(writeMinor(currencies, -1, 'usd')).toBe('')
  })

  it('writes a currency the site does not list with its code', () => {
    expect(writeMinor(currencies, 500, 'gbp')).toBe('GBP\u00a05.00')
  })
})
