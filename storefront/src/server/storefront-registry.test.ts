import { describe, expect, it } from 'vitest'
import { createLogger, KernelError, LayeredCache } from '@shopwright/core'
import {
  STOREFRONT_PAGE_CACHE,
  StorefrontRegistry,
  type PageDataProvider,
} from './storefront-registry.js'

const logger = createLogger({ logLevel: 'silent', nodeEnv: 'test' })

function provider(id: string, extra: Partial<PageDataProvider> = {}): PageDataProvider {
  return { id, routes: ['CategoryView'], load: () => Promise.resolve(id), ...extra }
}

function registry(): StorefrontRegistry {
  return new StorefrontRegistry(LayeredCache.memory(logger))
}

describe('StorefrontRegistry', () => {
  it('answers the providers of a route component in the order they were added', () => {
    const data = registry()
    const grid = provider('grid')
    const prices = provider('prices', { routes: ['CategoryView', 'ItemView', 'ItemView'] })
    data.addPageData(grid)
    data.addPageData(prices)
    expect(data.providersOf('CategoryView')).toEqual([grid, prices])
    expect(data.providersOf('ItemView')).toEqual([prices])
    expect(data.providersOf('About')).toEqual([])
    expect(data.components()).toEqual(['CategoryView', 'ItemView'])
  })

  it('answers the same components array until a provider is added, so readers may keep what they derive', () => {
    const data = registry()
    const none = data.components()
    expect(none).toEqual([])
    expect(data.components()).toBe(none)
    data.addPageData(provider('grid'))
    const first = data.components()
    expect(first).not.toBe(none)
    expect(first).toEqual(['CategoryView'])
    expect(data.components()).toBe(first)
    expect(Object.isFrozen(first)).toBe(true)
    // A refused provider changes nothing.
    expect(() => data.addPageData(provider('grid'))).toThrow(/added twice/)
    expect(data.components()).toBe(first)
    data.addPageData(provider('stock', { routes: ['ItemView'] }))
    expect(data.components()).toEqual(['CategoryView', 'ItemView'])
    expect(data.components()).not.toBe(first)
  })

  it('collects the record types providers read', () => {
    const data = registry()
    data.addPageData(provider('grid', { recordTypes: ['item', 'category'] }))
    data.addPageData(provider('stock', { recordTypes: ['item'] }))
    expect([...data.recordTypes()].sort()).toEqual(['category', 'item'])
  })

  it('refuses a provider added twice, a bad id and one without routes, naming it', () => {
    const data = registry()
    data.addPageData(provider('grid'))
    const refusals: Array<[PageDataProvider, RegExp]> = [
      [provider('grid'), /"grid" is added twice/],
      [provider('__proto__'), /must be 1-64 of/],
      [provider(''), /must be 1-64 of/],
      [provider('x'.repeat(65)), /must be 1-64 of/],
      [provider('empty', { routes: [] }), /"empty" names no route component/],
      [provider('keys', { queryKeys: [''] }), /"keys": queryKeys must be names/],
      [provider('types', { recordTypes: 'item' as unknown as string[] }), /recordTypes/],
    ]
    for (const [refused, message] of refusals) {
      let thrown: unknown
      try {
        data.addPageData(refused)
      } catch (error) {
        thrown = error
      }
      expect(thrown).toBeInstanceOf(KernelError)
      expect((thrown as KernelError).code).toBe('SW_PLUGIN_INVALID')
      expect((thrown as KernelError).message).toMatch(message)
    }
    expect(data.components()).toEqual(['CategoryView'])
  })

  it('keeps sitemap sources by id, refusing one added twice', () => {
    const data = registry()
    const items = { id: 'items', urls: () => Promise.resolve([{ path: '/item/1' }]) }
    data.addSitemap(items)
    expect(() => data.addSitemap({ ...items })).toThrow(/"items" is added twice/)
    expect(() => data.addSitemap({ id: 'a b', urls: items.urls })).toThrow(/must be 1-64/)
    expect(data.sitemapSources()).toEqual([items])
  })

  it("drops the storefront's cached pages, and only those", async () => {
    const cache = LayeredCache.memory(logger)
    const data = new StorefrontRegistry(cache)
    await cache.set(STOREFRONT_PAGE_CACHE, 'page', { status: 200, html: '' }, 'short')
    await cache.set('storefront', 'routes', [], 'short')
    await data.invalidatePages()
    expect(await cache.get(STOREFRONT_PAGE_CACHE, 'page')).toBeUndefined()
    expect(await cache.get('storefront', 'routes')).toEqual([])
  })

  it('keeps the storefront modules plugins add, each once, and refuses a malformed name', () => {
    const data = registry()
    data.addModule('cart')
    data.addModule('announcements')
    data.addModule('cart')
    expect(data.modules()).toEqual(['cart', 'announcements'])
    for (const name of ['', 'Cart', '../x', '__proto__', 'a'.repeat(65)])
      expect(() => data.addModule(name), name).toThrow(KernelError)
    expect(data.modules()).toEqual(['cart', 'announcements'])
  })
})
