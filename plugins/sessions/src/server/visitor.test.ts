import { describe, expect, it } from 'vitest'
import { newToken, sessionIdOf } from './visitor.js'

describe('visit tokens', () => {
  it('are 128 random bits in base64url, never the same twice across many blocks of the pool', () => {
    const tokens = Array.from({ length: 2000 }, () => newToken())
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(new Set(tokens).size).toBe(tokens.length)
    // Bytes drawn from the pool are spread: every base64url character shows up at the start.
    expect(new Set(tokens.map((token) => token[0])).size).toBeGreaterThan(50)
  })

  it('give session ids that do not reveal them', () => {
    const token = newToken()
    expect(sessionIdOf(token)).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(sessionIdOf(token)).not.toBe(token)
  })
})
