import { describe, expect, it } from 'vitest'
import { daysOf, isBillingMonth, monthOfTime } from './month.js'

describe('billing months', () => {
  it.each(['2026-01', '2026-12', '2000-02', '9999-12'])('takes %s', (month) => {
    expect(isBillingMonth(month)).toBe(true)
  })

  it.each([
    '2026-13',
    '2026-00',
    '2026-1',
    '26-01',
    '1999-12',
    '2026-01-01',
    ' 2026-01',
    '2026-01\n',
    '../2026-01',
    '..%2F',
    '__proto__',
    'constructor',
    '２０２６-01',
    '2026-01'.repeat(1000),
    '',
  ])('refuses %j', (month) => {
    expect(isBillingMonth(month)).toBe(false)
  })

  it('refuses what is not a text', () => {
    expect(isBillingMonth(undefined)).toBe(false)
    expect(isBillingMonth(202601)).toBe(false)
    expect(isBillingMonth(['2026-01'])).toBe(false)
  })

  it('lists every UTC day of a month, leap years included', () => {
    expect(daysOf('2026-02')).toHaveLength(28)
    expect(daysOf('2028-02')).toHaveLength(29)
    expect(daysOf('2026-11')[0]).toBe('2026-11-01')
    expect(daysOf('2026-12').at(-1)).toBe('2026-12-31')
  })

  it('names the UTC month of an instant', () => {
    expect(monthOfTime(Date.UTC(2026, 10, 30, 23, 59, 59, 999))).toBe('2026-11')
    expect(monthOfTime(Date.UTC(2026, 11, 1))).toBe('2026-12')
  })
})
