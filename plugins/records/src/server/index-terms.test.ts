import { describe, expect, it } from 'vitest'
import {
  indexedFields,
  INDEX_VERSION,
  prefixEnd,
  searchWords,
  signatureOf,
  sortKey,
  termsOf,
  wordsOf,
} from './index-terms.js'

describe('record index terms', () => {
  it('gives numbers keys that sort as bytes by value, negatives first', () => {
    const values = [-1e20, -5.5, -1, 0, 0.25, 3, 41, 100, 1e20]
    const keys = values.map((value) => sortKey('decimal', value))
    expect([...keys].sort()).toEqual(keys)
    expect(sortKey('integer', '12')).toBe(sortKey('integer', 12))
    expect(sortKey('integer', 'twelve')).toBe('')
    // Negative numbers are numbers, not text: -10 before -2, whether given as numbers or text.
    expect(sortKey('integer', '-10') < sortKey('integer', -2)).toBe(true)
    expect(sortKey('decimal', '-0.5') < sortKey('decimal', '0')).toBe(true)
  })

  it('keys texts in natural order, folded, and cuts long ones', () => {
    expect(sortKey('text', 'Émile ZOLA')).toBe('emile zola')
    expect(sortKey('text', 'Person 9') < sortKey('text', 'Person 87')).toBe(true)
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
      ['name', 'blue shirt', null],
      ['price', sortKey('decimal', 9), null],
    ])
    expect(terms.words).toEqual(['a1', 'blue', 'shirt'])
  })

  it('keys list and record columns by the names their cells show, else by id', () => {
    const fields = indexedFields([
      { id: 'currency', datatype: 'list', listtype: 'currency', showinlist: true },
      { id: 'country', datatype: 'record', recordtype: 'country', showinlist: true },
      { id: 'inline', datatype: 'record', recordtype: 'address', embed: true, showinlist: true },
    ])
    const labels = new Map([
      ['l|currency|EUR', 'Euro'],
      ['r|country|fr', 'France 2'],
    ])
    const record = {
      type: 't',
      id: 'x',
      currency: { id: 'EUR' },
      country: { reference: true, type: 'country', id: 'fr' },
      inline: { street: 'Main' },
    }
    expect(termsOf(fields, record, labels).keys).toEqual([
      ['currency', 'euro', 'l|currency|EUR'],
      ['country', `france ${sortKey('text', '2')}`, 'r|country|fr'],
      ['inline', '', null],
    ])
    // A value whose name is unknown (a dropped list value, a missing record) keys by its id.
    expect(termsOf(fields, { ...record, currency: 'USD' }, labels).keys[0]).toEqual([
      'currency',
      'usd',
      'l|currency|USD',
    ])
  })

  it('changes the signature with the keys’ form and with what a column names', () => {
    const plain = indexedFields([{ id: 'c', datatype: 'list', listtype: 'a', showinlist: true }])
    const other = indexedFields([{ id: 'c', datatype: 'list', listtype: 'b', showinlist: true }])
    expect(signatureOf(plain)).not.toBe(signatureOf(other))
    expect(JSON.parse(signatureOf(plain))[0]).toBe(INDEX_VERSION)
  })

  it('ends a prefix range just past every word that starts with it', () => {
    expect(prefixEnd('ab')).toBe('ac')
    expect('abzzz' < prefixEnd('ab')).toBe(true)
    expect('ac' < prefixEnd('ab')).toBe(false)
  })
})
