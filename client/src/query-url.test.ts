import { describe, expect, it } from 'vitest'
import { queryString, queryUrl } from './query-url.js'

describe('query options', () => {
  it('joins arrays with commas and keeps the order given', () => {
    expect(queryString({ fields: ['name', 'code'], pagesize: 1000, page: 2 })).toBe(
      'fields=name,code&pagesize=1000&page=2',
    )
  })

  it('skips undefined, null, empty strings, empty arrays and empty items', () => {
    expect(
      queryString({
        a: undefined,
        b: null,
        c: '',
        d: [],
        e: [null, '', undefined],
        f: ['x', '', null, 'y'],
        g: Number.NaN,
        h: 0,
        i: false,
      }),
    ).toBe('f=x,y&h=0&i=false')
    expect(queryString({})).toBe('')
    expect(queryString()).toBe('')
  })

  it('encodes keys and each item, so a comma inside an item is not a separator', () => {
    expect(queryString({ 'a b': 'x&y=z', list: ['1,2', 'é/?#'] })).toBe(
      'a%20b=x%26y%3Dz&list=1%2C2,%C3%A9%2F%3F%23',
    )
  })
})

describe('query URLs', () => {
  it('puts /query before the path, with or without a leading slash', () => {
    expect(queryUrl('/data/list/country')).toBe('/query/data/list/country')
    expect(queryUrl('data/list/country')).toBe('/query/data/list/country')
  })

  it('does not prefix a path that already starts with /query', () => {
    expect(queryUrl('/query/server/info')).toBe('/query/server/info')
    expect(queryUrl('/queryable')).toBe('/query/queryable')
  })

  it('adds options after a query string the path carries', () => {
    expect(queryUrl('/account/image/generate?count=32', { seed: 'a' })).toBe(
      '/query/account/image/generate?count=32&seed=a',
    )
    expect(queryUrl('/data/list/country', { fields: ['name'], cache: undefined })).toBe(
      '/query/data/list/country?fields=name',
    )
  })

  it('puts a base URL in front, without doubling the slash', () => {
    expect(queryUrl('/server/info', undefined, 'http://localhost:3000/')).toBe(
      'http://localhost:3000/query/server/info',
    )
  })
})
