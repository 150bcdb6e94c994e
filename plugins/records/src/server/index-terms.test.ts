import { describe, expect, it } from 'vitest'
import { indexedFields, prefixEnd, searchWords, sortKey, termsOf, wordsOf } from './index-terms.js'

describe('record index terms', () => {
  it('gives numbers keys that sort as bytes by value, negatives first', () => {
    const values = [-1e20, -5.5, -1, 0, 0.25, 3, 41, 100, 1e20]
    const keys = values.map((value) => sortKey('decimal', value))
    expect([...keys].sort()).toEqual(keys)
    expect(sortKey('integer', '12')).toBe(sortKey('integer', 12))
    expect(sortKey('integer', 'twelve')).toBe('')
  })

  it('folds texts, keeps ids of list values and references, and cuts long ones', () => {
    expect(sortKey('text', 'Émile ZOLA')).toBe('emile zola')
    expect(sortKey('list', { id: 'EUR', name: 'Euro' })).toBe('eur')
    expect(sortKey('record', { type: 'country', id: 'fr' })).toBe('fr')
    expect(sortKey('boolean', true)).toBe('1')
    expect(sortKey('boolean', undefined)).toBe('')
    expect(sortKey('text', 'x'.repeat(500))).toHaveLength(100)
    expect(sortKey('text', ['a', 'b'])).toBe('')
  })

  it('splits words on anything but letters and digits', () => {
    expect(wordsOf('jane.doe@Example.com')).toEqual(['jane', 'doe', 'example', 'com'])
    expect(wordsOf('São Paulo, 2024')).toEqual(['sao', 'paulo', '2024'])
    expect(wordsOf('%_')).toEqual([])
    expect(searchWords('a a b c d e f g h i j')).toHaveLength(8)
  })

  it('indexes only list columns of types it can sort, words of texts only', () => {
    const fields = indexedFields([
      { id: 'name', datatype: 'text', showinlist: true },
      { id: 'body', datatype: 'htmlx', showinlist: true },
      { id: 'price', datatype: 'decimal', showinlist: true },
      { id: 'note', datatype: 'text' },
      'not a field',
      { datatype: 'text', showinlist: true },
    ])
    expect(fields).toEqual([
      { id: 'name', datatype: 'text', words: true },
      { id: 'price', datatype: 'decimal', words: false },
    ])
    const terms = termsOf(fields, { type: 't', id: 'A1', name: 'Blue Shirt', price: 9 })
    expect(terms.keys).toEqual([
      ['name', 'blue shirt'],
      ['price', sortKey('decimal', 9)],
    ])
    expect(terms.words).toEqual(['a1', 'blue', 'shirt'])
  })

  it('ends a prefix range just past every word that starts with it', () => {
    expect(prefixEnd('ab')).toBe('ac')
    expect('abzzz' < prefixEnd('ab')).toBe(true)
    expect('ac' < prefixEnd('ab')).toBe(false)
  })
})
