import { describe, expect, it } from 'vitest'
import { KernelError } from '@shopwright/core'
import { MEMORY_TYPES } from '../shared/types.js'
import { CacheTypes } from './memory-types.js'

describe('the cache types memory knows', () => {
  it("maps the kernel's, the records plugin's and the account plugin's caches to the spec's types", () => {
    const mapped = new CacheTypes().byMemoryType(new CacheTypes().list())
    expect(mapped.recordtype).toEqual(['recordcount', 'recordtext', 'recordtype'])
    expect(mapped.session).toEqual(['session'])
    expect(mapped.access).toEqual(['access'])
    expect(mapped.configuration).toEqual(['configuration'])
    expect(mapped.misc).toEqual([])
  })

  it('clears an added type under the memory type it was added with, misc when none', () => {
    const types = new CacheTypes()
      .add('storefrontpage', 'html')
      .add('storefront', 'website')
      .add('translation')
      .add('translation')
    expect(types.memoryTypeOf('storefrontpage')).toBe('html')
    expect(types.memoryTypeOf('storefront')).toBe('website')
    expect(types.list()).toEqual(
      expect.arrayContaining(['storefrontpage', 'storefront', 'translation']),
    )
    const mapped = types.byMemoryType([...types.list(), 'announcement'])
    expect(mapped.html).toEqual(['storefrontpage'])
    expect(mapped.website).toEqual(['storefront'])
    expect(mapped.misc).toEqual(['announcement', 'translation'])
    expect(mapped.css).toEqual([])
    expect(mapped.script).toEqual([])
    expect(mapped.cart).toEqual([])
  })

  it('refuses at boot a malformed name, an unknown memory type, and a second memory type for a type', () => {
    const types = new CacheTypes()
    const refusal = (run: () => unknown) => {
      try {
        run()
      } catch (error) {
        return error instanceof KernelError ? error.code : 'not a KernelError'
      }
      return 'accepted'
    }
    expect(refusal(() => types.add('Has Spaces'))).toBe('SW_PLUGIN_INVALID')
    expect(refusal(() => types.add('__proto__'))).toBe('SW_PLUGIN_INVALID')
    expect(refusal(() => types.add('drive', 'nope' as never))).toBe('SW_PLUGIN_INVALID')
    expect(refusal(() => types.add('session', 'misc'))).toBe('SW_PLUGIN_INVALID')
    expect(types.list()).not.toContain('drive')
    expect(types.memoryTypeOf('session')).toBe('session')
  })

  it('does not clear a named type the site does not have', () => {
    const mapped = new CacheTypes().byMemoryType(['recordtype'])
    expect(mapped.session).toEqual([])
    expect(Object.keys(mapped)).toEqual([...MEMORY_TYPES])
  })
})
