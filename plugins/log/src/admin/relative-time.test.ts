import { describe, expect, it } from 'vitest'
import { relativeTime } from './relative-time.js'

const now = Date.parse('2026-05-10T12:00:00Z')
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString()

describe('relativeTime', () => {
  it('says the largest whole unit, rounded down', () => {
    expect(relativeTime(ago(5 * 60 + 59), now, 'en-US')).toBe('5 min. ago')
    expect(relativeTime(ago(2 * 3600 + 10), now, 'en-US')).toBe('2 hr. ago')
    expect(relativeTime(ago(86_400), now, 'en-US')).toBe('yesterday')
    expect(relativeTime(ago(3 * 86_400), now, 'en-US')).toBe('3 days ago')
    expect(relativeTime(ago(40 * 86_400), now, 'en-US')).toBe('last mo.')
  })

  it('is "now" under a minute, and for a time a little ahead of the clock', () => {
    expect(relativeTime(ago(59), now, 'en-US')).toBe('now')
    expect(relativeTime(ago(-2), now, 'en-US')).toBe('now')
  })

  it('speaks the reader’s language', () => {
    expect(relativeTime(ago(5 * 60), now, 'fr')).toBe('il y a 5\u00a0min')
  })
})
