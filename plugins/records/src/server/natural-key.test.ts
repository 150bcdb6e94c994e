import { describe, expect, it } from 'vitest'
import { cutKey, naturalKey } from './natural-key.js'

/** Keys compare as the databases compare them: as UTF-8 bytes (JavaScript's < compares UTF-16). */
function byBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'))
}

/** The texts in the order of their keys (ties keep the given order, as ids would break them). */
function sorted(texts: readonly string[]): string[] {
  return [...texts].sort((a, b) => byBytes(naturalKey(a, 100), naturalKey(b, 100)))
}

describe('natural sort keys', () => {
  it('orders runs of digits by their value', () => {
    expect(sorted(['Person 100', 'Person 9', 'Person 87', 'Person 10', 'Person 1'])).toEqual([
      'Person 1',
      'Person 9',
      'Person 10',
      'Person 87',
      'Person 100',
    ])
    expect(sorted(['a10b2', 'a2b10', 'a2b9', 'a10b1'])).toEqual(['a2b9', 'a2b10', 'a10b1', 'a10b2'])
    // Leading zeros do not count: 007 is 7, and 0 is the least number.
    expect(naturalKey('Bond 007', 100)).toBe(naturalKey('bond 7', 100))
    expect(sorted(['x 1', 'x 0', 'x 00'])).toEqual(['x 0', 'x 00', 'x 1'])
    // Numbers longer than a safe integer still compare by value.
    expect(sorted(['n 123456789012345678901', 'n 99999999999999999999'])).toEqual([
      'n 99999999999999999999',
      'n 123456789012345678901',
    ])
  })

  it('folds case and accents, so accented letters sort with their base letter', () => {
    expect(naturalKey('Éclair', 100)).toBe(naturalKey('eclair', 100))
    expect(naturalKey('ÉCLAIR', 100)).toBe('eclair')
    expect(sorted(['Zoë', 'Éclair', 'eclipse', 'Ecla', 'Álvarez', 'zoe b'])).toEqual([
      'Álvarez',
      'Ecla',
      'Éclair',
      'eclipse',
      'Zoë',
      'zoe b',
    ])
  })

  it('puts numbers before letters and a shorter word before a longer one', () => {
    expect(sorted(['b', 'a b', 'ab', '9', 'a', 'a 2'])).toEqual(['9', 'a', 'a 2', 'a b', 'ab', 'b'])
  })

  it('keeps digits out of text, so a number never reads as a word', () => {
    for (const text of ['Person 9', 'x1y22z333', '0', '12 monkeys'])
      expect(naturalKey(text, 100).replace(/\d\d(\d*)/g, '')).not.toMatch(/\d/)
  })

  it('orders negative numbers as numbers, not as text', () => {
    expect(sorted(['3', '-5', '0', '-10', '-1', '12', '-0', '−7'])).toEqual([
      '-10',
      '−7',
      '-5',
      '-1',
      '0',
      '-0',
      '3',
      '12',
    ])
    expect(naturalKey('-0', 100)).toBe(naturalKey('0', 100))
    expect(sorted(['t -2 c', 't -2 b', 't -12'])).toEqual(['t -12', 't -2 b', 't -2 c'])
    // A hyphen inside a word joins its parts: "A-5" is A, a hyphen, and five.
    expect(naturalKey('A-5', 100)).toBe(`a-${naturalKey('5', 100)}`)
  })

  it('gives nothing an empty key, and an empty key sorts first', () => {
    expect(naturalKey('', 100)).toBe('')
    expect(naturalKey('   \t\n ', 100)).toBe('')
    expect(sorted(['a', '', '0'])).toEqual(['', '0', 'a'])
  })

  it('keeps no character below a space and no trailing space, as MariaDB pads with spaces', () => {
    const key = naturalKey('  Anna\u0000\u0007  Berg\t\u00a0 ', 100)
    expect(key).toBe('anna berg')
    for (const text of ['a\u0001b', 'tab\there', 'x \n', `${'y'.repeat(99)} z`]) {
      const each = naturalKey(text, 100)
      expect(Array.from(each).every((character) => character.codePointAt(0)! >= 0x20)).toBe(true)
      expect(each.endsWith(' ')).toBe(false)
    }
  })

  it('cuts a long text to the key length, in whole characters', () => {
    expect(naturalKey('x'.repeat(500), 100)).toHaveLength(100)
    const astral = naturalKey('😀'.repeat(150), 100)
    expect(Array.from(astral)).toHaveLength(100)
    // No half of a surrogate pair: encodeURIComponent refuses one.
    expect(() => encodeURIComponent(astral)).not.toThrow()
    expect(cutKey('ab cd', 3)).toBe('ab')
    // Texts that differ past the cut share a key; ties go to the id.
    expect(naturalKey(`${'a'.repeat(100)}b`, 100)).toBe(naturalKey(`${'a'.repeat(100)}c`, 100))
    // A long number still keys within the length.
    expect(Array.from(naturalKey('9'.repeat(300), 100)).length).toBeLessThanOrEqual(100)
  })
})
