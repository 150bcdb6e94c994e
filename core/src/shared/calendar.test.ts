import { describe, expect, it } from 'vitest'
import { addMonths, dayOf, daysOfMonth, isMonth, monthOf } from './calendar.js'

describe('calendar', () => {
  it('takes a month of 2000 to 9999 and nothing else', () => {
    for (const month of ['2000-01', '2026-11', '9999-12']) expect(isMonth(month), month).toBe(true)
    for (const month of [
      '1999-12',
      '2026-13',
      '2026-00',
      '2026-1',
      '2026-11 ',
      '../2026',
      '__proto__',
      202611,
    ])
      expect(isMonth(month), String(month)).toBe(false)
  })

  it('reads UTC days and months, and counts a month’s days', () => {
    expect(dayOf(Date.UTC(2026, 10, 30, 23, 59, 59, 999))).toBe('2026-11-30')
    expect(monthOf(Date.UTC(2026, 10, 30, 23, 59, 59, 999))).toBe('2026-11')
    expect(monthOf(new Date(Date.UTC(2026, 11, 1)))).toBe('2026-12')
    expect(daysOfMonth('2026-02')).toHaveLength(28)
    expect(daysOfMonth('2028-02')).toHaveLength(29)
    expect(daysOfMonth('2026-12').at(-1)).toBe('2026-12-31')
    expect(addMonths('2026-01', -1)).toBe('2025-12')
    expect(addMonths('2026-11', 14)).toBe('2028-01')
  })
})
