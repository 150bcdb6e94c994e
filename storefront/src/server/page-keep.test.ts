import { describe, expect, it } from 'vitest'
import { declaresQuery, plainPath } from './page-keep.js'

describe('declaresQuery', () => {
  const declared = new Set(['page', 'display'])

  it('passes a query of declared keys, each once with a value, written as URLSearchParams does', () => {
    for (const query of [
      '',
      'page=2',
      'page=2&display=list',
      'display=list&page=2',
      'page=caf%C3%A9',
    ])
      expect(declaresQuery(query, declared), query).toBe(true)
  })

  it('refuses undeclared, repeated and empty keys, and other spellings of a query', () => {
    for (const query of [
      'x=1',
      'page=2&utm_source=mail',
      'page=2&page=3',
      'page=2&page=2',
      'page=',
      'page',
      'page=2&display=',
      'page=%32',
      'pa%67e=2',
      'page=2&',
      '&page=2',
      'page=caf%c3%a9',
      'page=a%20b',
    ])
      expect(declaresQuery(query, declared), query).toBe(false)
    expect(declaresQuery('page=2', new Set())).toBe(false)
  })
})

describe('plainPath', () => {
  it('passes a path written one way', () => {
    for (const path of ['/', '/about', '/item/42', '/caf%C3%A9', '/a%2Fb', '/a%20b'])
      expect(plainPath(path), path).toBe(true)
  })

  it('refuses a trailing slash, needless or lower-case escapes, and broken ones', () => {
    for (const path of [
      '/about/',
      '//',
      '/%61bout',
      '/item/%34%32',
      '/a%2fb',
      '/a%2',
      '/a%zz',
      '/a%7E',
    ])
      expect(plainPath(path), path).toBe(false)
  })
})
