import { describe, expect, it } from 'vitest'
import { collatorFor, foldText } from './intl.js'

describe("a language's Intl objects", () => {
  it('order names the language’s way, English for a code Intl does not take', () => {
    expect(['Tuvalu', 'Türkiye'].sort(collatorFor('en').compare)).toEqual(['Türkiye', 'Tuvalu'])
    expect(['Åland', 'Zambia'].sort(collatorFor('sv').compare)).toEqual(['Zambia', 'Åland'])
    expect(collatorFor('xx-not-a-language-123')).toBe(collatorFor('xx-not-a-language-123'))
    expect(['b', 'a'].sort(collatorFor('xx-not-a-language-123').compare)).toEqual(['a', 'b'])
  })

  it('folds accents, compatibility forms and case for finding', () => {
    expect(foldText('Türkiye')).toBe('turkiye')
    expect(foldText('ﬁle Ⅻ')).toBe('file xii')
  })
})
