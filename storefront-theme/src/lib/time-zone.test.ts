import { describe, expect, it } from 'vitest'
import { browserTimeZone } from './time-zone.js'

describe('browserTimeZone', () => {
  it("reads Temporal's time zone where there is one", () => {
    expect(browserTimeZone({ Temporal: { Now: { timeZoneId: () => 'Europe/Paris' } } })).toBe(
      'Europe/Paris',
    )
  })

  it("falls back to Intl's where there is no Temporal", () => {
    expect(browserTimeZone({})).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone)
  })
})
