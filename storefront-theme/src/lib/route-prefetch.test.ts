// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RouteTable, type Theme } from '@shopwright/storefront/shared'
import { websiteRoute } from '../test/harness.js'
import { prefetchRoute, startRoutePrefetch } from './route-prefetch.js'

const routes = new RouteTable([
  websiteRoute('cart', '/cart', 'Cart'),
  websiteRoute('item', '/item/:id', 'ItemView'),
  websiteRoute('home', '/', 'Welcome'),
])

/** A theme whose Cart and ItemView are in chunks (a preload each) and whose home page is not. */
function themeWith(preloads: string[]): Theme {
  const lazy = (name: string) =>
    Object.assign(() => null, {
      preload: () => {
        preloads.push(name)
        return Promise.resolve()
      },
    })
  return {
    name: 'test',
    Shell: () => null,
    NotFound: () => null,
    components: { Cart: lazy('Cart'), ItemView: lazy('ItemView'), Welcome: () => null },
  } as unknown as Theme
}

function link(href: string, attributes: Record<string, string> = {}): HTMLAnchorElement {
  const anchor = document.createElement('a')
  anchor.href = href
  for (const [name, value] of Object.entries(attributes)) anchor.setAttribute(name, value)
  anchor.innerHTML = '<span>go</span>'
  document.body.append(anchor)
  return anchor
}

afterEach(() => {
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

describe('fetching the next page’s code ahead', () => {
  it('loads the chunk of a link the pointer rests on, focuses or touches, once per link', () => {
    const preloads: string[] = []
    startRoutePrefetch(themeWith(preloads), routes)
    const item = link('/item/classic-tee')
    item.firstElementChild!.dispatchEvent(new Event('pointerover', { bubbles: true }))
    item.dispatchEvent(new Event('pointerover', { bubbles: true }))
    expect(preloads).toEqual(['ItemView'])
    link('/cart').dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
    expect(preloads).toEqual(['ItemView', 'Cart'])
    link('/item/baseball-cap').dispatchEvent(new Event('touchstart', { bubbles: true }))
    expect(preloads).toEqual(['ItemView', 'Cart', 'ItemView'])
  })

  it('leaves alone other sites, downloads, new tabs, pages without a chunk and no page', () => {
    const preloads: string[] = []
    startRoutePrefetch(themeWith(preloads), routes)
    for (const each of [
      link('https://elsewhere.example/item/x'),
      link('/item/a-file', { download: '' }),
      link('/item/a-tab', { target: '_blank' }),
      link('/'),
      link('/nowhere/at/all'),
    ])
      each.dispatchEvent(new Event('pointerover', { bubbles: true }))
    expect(preloads).toEqual([])
  })

  it('loads the chunk of a page a step leads to', () => {
    const preloads: string[] = []
    startRoutePrefetch(themeWith(preloads), routes)
    prefetchRoute('/item/next-step')
    expect(preloads).toEqual(['ItemView'])
  })
})
