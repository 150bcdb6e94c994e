import { describe, expect, it } from 'vitest'
import { cutLongText, displayBytes, displayDuration, listCell } from './cells.js'

describe('cutLongText', () => {
  it('keeps text of up to 500 characters as it is', () => {
    expect(cutLongText('')).toBe('')
    expect(cutLongText('short')).toBe('short')
    const exact = 'a'.repeat(500)
    expect(cutLongText(exact)).toBe(exact)
  })

  it('cuts longer text to 500 characters plus ...', () => {
    const cut = cutLongText('b'.repeat(501))
    expect(cut).toBe('b'.repeat(500) + '...')
    expect(cutLongText('x'.repeat(10_000))).toHaveLength(503)
  })

  it('does not split an emoji at the cut', () => {
    const text = 'a'.repeat(499) + '😀😀'
    expect(cutLongText(text)).toBe('a'.repeat(499) + '😀...')
    // 498 letters and 2 emoji are 502 UTF-16 units but only 500 characters: kept whole.
    expect(cutLongText('a'.repeat(498) + '😀😀')).toBe('a'.repeat(498) + '😀😀')
  })

  it('takes another limit', () => {
    expect(cutLongText('abcdef', 3)).toBe('abc...')
  })
})

describe('listCell', () => {
  it('shows up to two items as they are', () => {
    expect(listCell([])).toBe('')
    expect(listCell(['a'])).toBe('a')
    expect(listCell(['a', 'b'])).toBe('a, b')
  })

  it('shows the first two items then ... when there are more', () => {
    expect(listCell(['a', 'b', 'c'])).toBe('a, b, ...')
    expect(listCell([1, 2, 3, 4, 5])).toBe('1, 2, ...')
  })

  it('shows nothing for a missing list', () => {
    expect(listCell(undefined)).toBe('')
    expect(listCell(null)).toBe('')
  })
})

describe('displayBytes', () => {
  it('shows whole bytes under 1000', () => {
    expect(displayBytes(0)).toBe('0 bytes')
    expect(displayBytes(1)).toBe('1 byte')
    expect(displayBytes(999)).toBe('999 bytes')
  })

  it('steps through k, mb and gb in decimal thousands', () => {
    expect(displayBytes(1000)).toBe('1 k')
    expect(displayBytes(1500)).toBe('1.5 k')
    expect(displayBytes(1024)).toBe('1 k')
    expect(displayBytes(123_456)).toBe('123.5 k')
    expect(displayBytes(1_000_000)).toBe('1 mb')
    expect(displayBytes(12_340_000)).toBe('12.3 mb')
    expect(displayBytes(3_200_000_000)).toBe('3.2 gb')
  })

  it('stays in gb above it', () => {
    expect(displayBytes(2_500_000_000_000)).toBe('2500 gb')
  })

  it('moves up a unit when rounding reaches the next one', () => {
    expect(displayBytes(999.6)).toBe('1 k')
    expect(displayBytes(999_960)).toBe('1 mb')
  })

  it('keeps a sign and shows nothing for a non-number', () => {
    expect(displayBytes(-2000)).toBe('-2 k')
    expect(displayBytes(Number.NaN)).toBe('')
    expect(displayBytes(Infinity)).toBe('')
  })

  it('passes its phrases through the translate function', () => {
    const t = (phrase: string, ...values: Array<string | number>) => `[${phrase}|${values.join()}]`
    expect(displayBytes(1500, t)).toBe('[{0} k|1.5]')
  })
})

describe('displayDuration', () => {
  it('shows whole seconds under a minute', () => {
    expect(displayDuration(0)).toBe('0 seconds')
    expect(displayDuration(1)).toBe('1 second')
    expect(displayDuration(45)).toBe('45 seconds')
    expect(displayDuration(59.4)).toBe('59 seconds')
  })

  it('steps through minutes, hours and days', () => {
    expect(displayDuration(60)).toBe('1 minute')
    expect(displayDuration(90)).toBe('1.5 minutes')
    expect(displayDuration(3600)).toBe('1 hour')
    expect(displayDuration(5400)).toBe('1.5 hours')
    expect(displayDuration(86_400)).toBe('1 day')
    expect(displayDuration(31 * 86_400)).toBe('31 days')
  })

  it('moves up a unit when rounding reaches the next one', () => {
    expect(displayDuration(59.7)).toBe('1 minute')
    expect(displayDuration(3599)).toBe('1 hour')
  })

  it('shows nothing for a non-number', () => {
    expect(displayDuration(Number.NaN)).toBe('')
  })
})
