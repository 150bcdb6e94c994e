import { Writable } from 'node:stream'
import { renderToPipeableStream, renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { createQueryClient } from '@shopwright/client'
import { StorefrontApp } from '@shopwright/storefront/react'
import type { PageData } from '@shopwright/storefront/shared'
import { preloadPage } from './lib/lazy-page.js'
import { chunks, theme } from './theme.js'
import { ceramicMug, listItem } from './test/fixtures.js'
import { sampleSite, websiteRoute } from './test/harness.js'

const routes = [
  websiteRoute('home', '/', 'Welcome'),
  websiteRoute('category', '/category/:id', 'CategoryView'),
  websiteRoute('item', '/item/:id', 'ItemView'),
  websiteRoute('search', '/search', 'SearchView'),
  websiteRoute('cart', '/cart', 'Cart'),
  websiteRoute('checkout', '/checkout', 'Checkout'),
  websiteRoute('orders', '/account/orders', 'AccountOrders'),
]

function page(href: string, extra?: Record<string, unknown>): PageData {
  return {
    routes,
    site: sampleSite(),
    href,
    record: null,
    account: null,
    locale: null,
    menus: {},
    language: 'en-us',
    texts: {},
    ...(extra ? { extra } : {}),
  }
}

/**
 * The page as the engine streams it (renderPage): a boundary React did not finish with the shell,
 * or a large one it sends later, would need an inline script the Content-Security-Policy blocks.
 */
function streamedHtml(data: PageData): Promise<string> {
  const client = createQueryClient({
    device: 'server',
    fetch: () => Promise.reject(new Error('no fetch')),
  })
  return new Promise((resolve, reject) => {
    let html = ''
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString()
        done()
      },
      final(done) {
        resolve(html)
        done()
      },
    })
    const stream = renderToPipeableStream(
      <StorefrontApp theme={theme} data={data} client={client} />,
      {
        onShellReady: () => stream.pipe(sink),
        onShellError: reject,
      },
    )
  })
}

/** The page as the server renders it: in one pass, React's markers of pending boundaries would show. */
function serverHtml(data: PageData): string {
  const client = createQueryClient({
    device: 'server',
    fetch: () => Promise.reject(new Error('no fetch')),
  })
  return renderToString(<StorefrontApp theme={theme} data={data} client={client} />)
}

describe('the theme on the server', () => {
  it('names a component for every storefront route of the sample site', () => {
    for (const name of [
      'Welcome',
      'About',
      'PageView',
      'Contact',
      'Locale',
      'Login',
      'Reset',
      'Block',
      'CategoryView',
      'ItemView',
      'SearchView',
      'Cart',
      'Checkout',
      'CheckoutShipping',
      'CheckoutShippingAddress',
      'AccountOverview',
      'AccountOrders',
      'AccountOrder',
      'AccountInvoices',
      'AccountInvoice',
      'AccountAddressBook',
      'AccountAddress',
      'AccountCreditCards',
      'AccountCreditCard',
    ])
      expect(theme.components[name], name).toBeTypeOf('function')
  })

  it('renders a page of a chunk in full once its chunk is loaded, as server-entry.ts does first', async () => {
    await Promise.all(chunks.map((each) => each.load()))
    const html = serverHtml(page('/item/ceramic-mug', { commerce: { item: ceramicMug() } }))
    expect(html).toContain('<h1>Ceramic Mug</h1>')
    expect(html).toContain('data-testid="break-table"')
    // The boundary is complete: no fallback, nothing left for a streamed script to swap in.
    expect(html).not.toContain('<!--$?-->')
    expect(html).not.toContain('Loading...')
  })

  it('streams a full page of a category and an item in one piece, with no script to finish it', async () => {
    const category = {
      id: 'gifts',
      name: 'Gifts',
      custrecord_web_webcat_content: '<p>Ideas.</p>',
      urlcomponent: 'gifts',
      storedisplayimage: null,
      items: Array.from({ length: 24 }, (_item, index) => listItem(`gift-${index}`)),
      page: 1,
      pages: 2,
      pagesize: 24,
      total: 26,
    }
    // Past React's progressive chunk size (12,800 bytes), a boundary would be sent on its own.
    expect(
      (await streamedHtml(page('/category/gifts', { commerce: { category, display: 'grid' } })))
        .length,
    ).toBeGreaterThan(12_800)
    for (const data of [
      page('/category/gifts', { commerce: { category, display: 'grid' } }),
      page('/item/ceramic-mug', { commerce: { item: ceramicMug() } }),
    ]) {
      const html = await streamedHtml(data)
      expect(html).not.toMatch(/<!--\$|<template|<script/)
    }
  })

  it('renders the search page of its chunk with its results, and the header with its search box', async () => {
    await Promise.all(chunks.map((each) => each.load()))
    const search = {
      q: 'gift',
      search: {
        data: [listItem('gift-box', { displayname: 'Gift Box' })],
        page: 1,
        pages: 1,
        pagesize: 24,
        total: 1,
      },
    }
    const html = await streamedHtml(page('/search?q=gift', { 'commerce-search': search }))
    expect(html).toContain('1 result for “gift”')
    expect(html).toContain('href="/item/gift-box"')
    expect(html.match(/role="search"/g)).toHaveLength(2)
    expect(html).not.toMatch(/<!--\$|<template|<script/)
  })

  it('renders the checkout for a visitor who is not signed in with a way to sign in', () => {
    const html = serverHtml(page('/checkout'))
    expect(html).toContain('href="/login?next=%2Fcheckout"')
  })

  it('loads the chunk of the page the browser is about to hydrate', async () => {
    await expect(preloadPage(theme.components.Cart)).resolves.toBeDefined()
    await expect(preloadPage(theme.components.Welcome)).resolves.toBeUndefined()
  })
})
