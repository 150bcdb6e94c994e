import { describe, expect, it } from 'vitest'
import { distinctWords, htmlText, languageTag, queryWords, wordsOf } from './search-words.js'

describe('the words of the search index and of a search', () => {
  it('folds accents and case, and cuts on anything but letters and digits', () => {
    expect(wordsOf('Café Crème, 2-pack (XL)!')).toEqual(['cafe', 'creme', '2', 'pack', 'xl'])
    expect(wordsOf('Ærøskøbing São Paulo Straße ﬁne')).toEqual([
      'ærøskøbing',
      'sao',
      'paulo',
      'straße',
      'fine',
    ])
    expect(wordsOf('日本茶 tea')).toEqual(['日本茶', 'tea'])
  })

  it('keeps the first 40 characters of a long word, so it is still found by prefix', () => {
    expect(wordsOf('x'.repeat(50))).toEqual(['x'.repeat(40)])
  })

  it('keeps distinct words in order, up to a bound', () => {
    expect(distinctWords(['Mug mug MUG', 'cup mug'])).toEqual(['mug', 'cup'])
    expect(distinctWords(['a b c d'], 2)).toEqual(['a', 'b'])
  })

  it('reads at most 8 words of a search, without repeats; syntax is not a word', () => {
    expect(queryWords('"tray"* OR -mug NEAR(cup)')).toEqual(['tray', 'or', 'mug', 'near', 'cup'])
    expect(queryWords('a b c d e f g h i j')).toHaveLength(8)
    expect(queryWords('  ')).toEqual([])
  })

  it('tags a language so that every indexed word has at least six characters', () => {
    expect(languageTag('fr')).toBe('swfr_')
    expect(languageTag('en-US')).toBe('swenus_')
    expect(`${languageTag('fr')}x`).toHaveLength(6)
  })

  it('reads rich text as text', () => {
    expect(
      wordsOf(htmlText('<p>Grès <b>émaillé</b> &amp; anse&nbsp;large &#233;t&#xE9;</p>')),
    ).toEqual(['gres', 'emaille', 'anse', 'large', 'ete'])
    expect(htmlText('&unknown; <br/>x')).toContain('&unknown;')
  })
})
