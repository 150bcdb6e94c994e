import { describe, expect, it } from 'vitest'
import { byteSecondsBetween, isStoredBytesSource } from './sampler.js'

const MINUTE = 60_000

describe('storage byte-seconds between samples', () => {
  it('counts nothing at the first sample', () => {
    expect(byteSecondsBetween(null, 1_000_000, 15 * MINUTE)).toBe(0)
  })

  it('counts the bytes held at the previous sample for the seconds since it', () => {
    expect(byteSecondsBetween({ at: 0, bytes: 1_000 }, 5 * MINUTE, 15 * MINUTE)).toBe(300_000)
    // A change shows from the next interval: the previous sample's bytes, not the new ones.
    expect(byteSecondsBetween({ at: 0, bytes: 0 }, 5 * MINUTE, 15 * MINUTE)).toBe(0)
  })

  it('counts a missed run or two in full, and caps a longer gap', () => {
    expect(byteSecondsBetween({ at: 0, bytes: 10 }, 15 * MINUTE, 15 * MINUTE)).toBe(9_000)
    expect(byteSecondsBetween({ at: 0, bytes: 10 }, 3 * 24 * 60 * MINUTE, 15 * MINUTE)).toBe(9_000)
  })

  it('counts nothing for a clock at or behind the last sample', () => {
    expect(byteSecondsBetween({ at: 5_000, bytes: 10 }, 5_000, MINUTE)).toBe(0)
    expect(byteSecondsBetween({ at: 5_000, bytes: 10 }, 4_000, MINUTE)).toBe(0)
  })

  it('rounds to whole byte-seconds (the meter counts whole units)', () => {
    expect(byteSecondsBetween({ at: 0, bytes: 3 }, 1_500, MINUTE)).toBe(5)
  })

  it('knows a drive by its storedBytes() only', () => {
    expect(isStoredBytesSource({ storedBytes: () => Promise.resolve(1) })).toBe(true)
    expect(isStoredBytesSource({})).toBe(false)
    expect(isStoredBytesSource(undefined)).toBe(false)
  })
})
