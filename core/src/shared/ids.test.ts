import { describe, expect, it } from 'vitest'
import { BASE62_ALPHABET, fromBase62, isValidId, toBase62 } from './ids.js'

describe('base-62 ids', () => {
  it('counts 0-9, then A-Z, then a-z, then two digits', () => {
    expect(toBase62(0)).toBe('0')
    expect(toBase62(9)).toBe('9')
    expect(toBase62(10)).toBe('A')
    expect(toBase62(35)).toBe('Z')
    expect(toBase62(36)).toBe('a')
    expect(toBase62(61)).toBe('z')
    expect(toBase62(62)).toBe('10')
    expect(BASE62_ALPHABET).toHaveLength(62)
  })

  it('round-trips', () => {
    for (const value of [1, 61, 62, 3843, 3844, 987654321, Number.MAX_SAFE_INTEGER]) {
      expect(fromBase62(toBase62(value))).toBe(value)
    }
  })

  it('refuses negative, fractional and unsafe numbers, and bad text', () => {
    expect(() => toBase62(-1)).toThrow(RangeError)
    expect(() => toBase62(1.5)).toThrow(RangeError)
    expect(() => toBase62(2 ** 60)).toThrow(RangeError)
    expect(fromBase62('a-b')).toBeNaN()
    expect(fromBase62('')).toBeNaN()
  })

  it('applies the spec id rule', () => {
    expect(isValidId('abc-DEF_123')).toBe(true)
    for (const bad of ['', 'a b', 'a.b', '../x', 'é', 'a/b', 42]) expect(isValidId(bad)).toBe(false)
  })
})
