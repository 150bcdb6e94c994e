import { describe, expect, it } from 'vitest'
import { STOREFRONT_PAGE_CACHE, STOREFRONT_SITE_CACHE } from '@shopwright/core'
import { MEMORY_TYPES } from '../shared/types.js'
import { BUILT_IN_CACHE_TYPES, cachesByMemoryType, memoryTypeOf } from './memory-types.js'

describe('the memory type mapping', () => {
  it("maps the records plugin's, the account plugin's and the storefront's caches to the spec's types", () => {
    const known = [
      ...['recordtype', 'recordcount', 'recordtext', 'configuration', 'access'],
      'session',
      ...BUILT_IN_CACHE_TYPES,
    ]
    const mapped = cachesByMemoryType(known)
    expect(mapped.recordtype).toEqual(['recordcount', 'recordtext', 'recordtype'])
    expect(mapped.html).toEqual(['storefrontpage'])
    expect(mapped.website).toEqual(['storefront'])
    expect(mapped.session).toEqual(['session'])
    expect(mapped.access).toEqual(['access'])
    expect(mapped.configuration).toEqual(['configuration'])
    expect(mapped.misc).toEqual([])
  })

  it("follows core's names of the storefront's cache types, which the storefront caches under", () => {
    expect(memoryTypeOf(STOREFRONT_PAGE_CACHE)).toBe('html')
    expect(memoryTypeOf(STOREFRONT_SITE_CACHE)).toBe('website')
    expect(BUILT_IN_CACHE_TYPES).toEqual(
      expect.arrayContaining([STOREFRONT_PAGE_CACHE, STOREFRONT_SITE_CACHE]),
    )
  })

  it('puts a cache type no memory type names under misc, and leaves css, script and cart empty', () => {
    const mapped = cachesByMemoryType(['translation', 'announcement', 'recordtype', 'translation'])
    expect(mapped.misc).toEqual(['announcement', 'translation'])
    expect(mapped.css).toEqual([])
    expect(mapped.script).toEqual([])
    expect(mapped.cart).toEqual([])
    expect(memoryTypeOf('drive')).toBe('misc')
  })

  it('does not clear a named type the site does not have', () => {
    const mapped = cachesByMemoryType(['recordtype'])
    expect(mapped.session).toEqual([])
    expect(Object.keys(mapped)).toEqual([...MEMORY_TYPES])
  })
})
