import { describe, expect, it } from 'vitest'
import { englishOnly } from '@shopwright/admin-ui/kit'
import { fulfilmentOf, historyLabel, minorOf, money, newKey, typedOf } from './order-format.js'
import { requestOf } from './order-filters.js'

describe('the orders screens’ formats', () => {
  it('writes minor units in the currency, in the reader’s style', () => {
    expect(money(123450, { id: 'usd', code: 'USD', places: 2 }, 'en-us')).toBe('$1,234.50')
    expect(money(123450, { id: 'eur', code: 'EUR', places: 2 }, 'fr')).toBe('1\u202f234,50\u00a0€')
    expect(money(1500, { id: 'jpy', code: 'JPY', places: 0 }, 'en-us')).toBe('¥1,500')
    expect(money(250, { id: 'xts', code: 'NOPE1', places: 2 }, 'en-us')).toBe('2.50 NOPE1')
  })

  it('reads a typed amount as minor units by its text, refusing what the currency cannot hold', () => {
    expect(minorOf('12.50', 2)).toBe(1250)
    expect(minorOf(' 12,5 ', 2)).toBe(1250)
    expect(minorOf('0.29', 2)).toBe(29)
    expect(minorOf('7', 2)).toBe(700)
    expect(minorOf('1500', 0)).toBe(1500)
    expect(minorOf('1.5', 0)).toBeNull()
    expect(minorOf('1.234', 2)).toBeNull()
    expect(minorOf('0', 2)).toBeNull()
    expect(minorOf('-3', 2)).toBeNull()
    expect(minorOf('abc', 2)).toBeNull()
    expect(minorOf('', 2)).toBeNull()
    expect(typedOf(1250, 2)).toBe('12.50')
    expect(typedOf(1500, 0)).toBe('1500')
  })

  it('makes a new key of 32 letters and digits each time', () => {
    const [one, two] = [newKey(), newKey()]
    expect(one).toMatch(/^[A-Za-z0-9]{32}$/)
    expect(two).not.toBe(one)
  })

  it('tells where the goods stand from the order’s status, and names history entries', () => {
    expect(fulfilmentOf('pendingFulfillment')).toBe('unfulfilled')
    expect(fulfilmentOf('partiallyFulfilled')).toBe('partial')
    expect(fulfilmentOf('billed')).toBe('fulfilled')
    expect(fulfilmentOf('cancelled')).toBe('cancelled')
    expect(historyLabel(englishOnly, 'resent')).toBe('Re-sent the confirmation')
    expect(historyLabel(englishOnly, 'somethingNew')).toBe('somethingNew')
  })

  it('reads the list’s filters from the address, leaving out what is malformed', () => {
    expect(
      requestOf(new URLSearchParams('filter=toFulfil&q=%20ada%20&from=2026-01-01&to=2026-01-31')),
    ).toEqual({
      filter: 'toFulfil',
      q: 'ada',
      from: '2026-01-01',
      to: '2026-01-31',
    })
    expect(requestOf(new URLSearchParams('filter=all&from=yesterday&q=%20'))).toEqual({})
    expect(requestOf(new URLSearchParams('filter=__proto__'))).toEqual({})
  })
})
