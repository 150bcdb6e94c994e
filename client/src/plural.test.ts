import { describe, expect, it } from 'vitest'
import { phraseArguments, selectPlurals } from './plural.js'
import { createTranslate, englishOnly } from './translate.js'

const SECONDS = '{0, plural, one {# second} other {# seconds}}'

describe('plural phrases', () => {
  it("chooses the form by the language's own rules", () => {
    expect(englishOnly(SECONDS, 1)).toBe('1 second')
    expect(englishOnly(SECONDS, 0)).toBe('0 seconds')
    expect(englishOnly(SECONDS, 1.5)).toBe('1.5 seconds')
    const french = createTranslate(
      { [SECONDS]: '{0, plural, one {# seconde} other {# secondes}}' },
      'fr',
    )
    // French is singular below two, and writes its own decimal comma.
    expect(french(SECONDS, 0)).toBe('0 seconde')
    expect(french(SECONDS, 1.5)).toBe('1,5 seconde')
    expect(french(SECONDS, 2)).toBe('2 secondes')
    expect(french(SECONDS, 1000)).toBe('1\u202f000 secondes')
  })

  it('takes the forms a language has beyond one and other, and exact matches first', () => {
    const phrase =
      '{0, plural, =0 {no files} one {# file} few {# files (few)} many {# files (many)} other {# files}}'
    expect(selectPlurals(phrase, [0], 'pl')).toBe('no files')
    expect(selectPlurals(phrase, [1], 'pl')).toBe('1 file')
    expect(selectPlurals(phrase, [3], 'pl')).toBe('3 files (few)')
    expect(selectPlurals(phrase, [5], 'pl')).toBe('5 files (many)')
    expect(selectPlurals(phrase, [1.5], 'pl')).toBe('1,5 files')
  })

  it('fills the other values inside and around a form, and takes a number given as text', () => {
    const t = createTranslate({}, 'en')
    expect(t('{1}: {0, plural, one {# added to {1}} other {# added to {1}}}.', 3, 'fr')).toBe(
      'fr: 3 added to fr.',
    )
    expect(
      t(
        '{0, plural, one {# line} other {# lines}} and {1, plural, one {# item} other {# items}}',
        '1',
        4,
      ),
    ).toBe('1 line and 4 items')
  })

  it('leaves a malformed block or a value that is no number as written, never throwing', () => {
    for (const [phrase, value] of [
      ['{0, plural, one {# x}}', 1],
      ['{0, plural, one {# x} other {# xs}', 1],
      ['{0, plural, some {# x} other {# xs}}', 1],
      ['{0, plural, one {# x} other {# xs}}', 'many'],
    ] as const)
      expect(() => englishOnly(phrase, value)).not.toThrow()
    expect(englishOnly('{0, plural, one {# x} other {# xs}}', 'many')).toBe(
      '{0, plural, one {# x} other {# xs}}'.replace('{0}', 'many'),
    )
    expect(selectPlurals('{0, plural, one {# x}}', [1], 'en')).toBe('{0, plural, one {# x}}')
    // A made-up language code takes English rules rather than failing.
    expect(selectPlurals(SECONDS, [1], 'xx-notalanguage-123')).toBe('1 second')
  })

  it('leaves a phrase without plurals exactly as before', () => {
    expect(englishOnly('{0} of {1} files uploaded.', 2, 5)).toBe('2 of 5 files uploaded.')
    expect(englishOnly('Saved {0}', 'at noon')).toBe('Saved at noon')
  })
})

describe('phraseArguments', () => {
  it('names each value a phrase uses once, plain or plural', () => {
    expect(phraseArguments('{0}: {1, plural, one {# ajout} other {# ajouts}}, {2}.')).toEqual([
      0, 1, 2,
    ])
    expect(phraseArguments('{1, plural, one {# in {0}} other {# in {0}}}')).toEqual([0, 1])
    expect(phraseArguments('No values here')).toEqual([])
  })
})
