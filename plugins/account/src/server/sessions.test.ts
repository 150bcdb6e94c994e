import { describe, expect, it } from 'vitest'
import { hashToken, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SESSION_TOUCH_MS } from './sessions.js'

describe('session tokens and expiry', () => {
  it('stores the SHA-256 of a token in hex', () => {
    // printf abc | sha256sum
    expect(hashToken('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    )
  })

  it('keeps the brief’s figures: 30 days idle, 180 days absolute, a touch a minute at most', () => {
    const day = 24 * 60 * 60 * 1000
    expect(SESSION_IDLE_MS).toBe(30 * day)
    expect(SESSION_ABSOLUTE_MS).toBe(180 * day)
    expect(SESSION_TOUCH_MS).toBe(60_000)
  })
})
