import type { RecordData } from '@shopwright/core/shared'
import { describe, expect, it } from 'vitest'
import { menus, routes, webPages } from './index.js'

const allRoutes = routes()
const pages = webPages()
const byUrl = (url: string) => allRoutes.find((route) => route.url === url)!
const propsOf = (route: RecordData) =>
  Object.fromEntries(
    (route.props as Array<{ id: string; value: string }>).map((p) => [p.id, p.value]),
  )

/** The storefront's routes: every page but the admin screens. */
const STOREFRONT_URLS = [
  '/',
  '/about',
  '/contact',
  '/locale',
  '/code25Home',
  '/code25Gallery',
  '/login',
  // Shoppers' own accounts (issue 33): sign-up and its confirmation link.
  '/register',
  '/verify',
  // An order's link (issue 33): the order it was made for, without an account.
  '/order/:id',
  '/reset/:recordtype/:id',
  '/reset/:recordtype/:id/:code',
  '/block/:recordtype/:id/:device',
  '/category/:id',
  '/item/:id',
  // The shop's search (issue 33): `/search?q=`.
  '/search',
  '/cart',
  '/checkout',
  '/checkout/shipping',
  '/checkout/shipping/:id',
  '/account',
  '/account/manage',
  '/account/orders',
  '/account/order/:id',
  '/account/invoices',
  '/account/invoice/:id',
  '/account/addressbook',
  '/account/address/:id',
  '/account/creditcards',
  '/account/creditcard/:id',
]

describe('routes', () => {
  it('are exactly the storefront rows of the route table, each url once', () => {
    const urls = allRoutes.map((route) => route.url)
    expect(new Set(urls).size).toBe(urls.length)
    expect([...urls].sort()).toEqual([...STOREFRONT_URLS].sort())
  })

  it('each have a PascalCase component, an English title and a description', () => {
    for (const route of allRoutes) {
      expect(route.component, route.id).toMatch(/^[A-Z][A-Za-z0-9]*$/)
      expect(route.title, route.id).toMatch(/^[A-Z][\w ]*$/)
      expect(route.description, route.id).toMatch(/\S\.$/)
      expect(['static', 'record'], route.id).toContain(route.seo)
    }
  })

  it('put the category and item views in record mode (titled by their record)', () => {
    expect(allRoutes.filter((route) => route.seo === 'record').map((route) => route.url)).toEqual([
      '/category/:id',
      '/item/:id',
    ])
    expect(byUrl('/category/:id').recordtype).toEqual({
      reference: true,
      type: 'recordtype',
      id: 'webcategory',
    })
  })

  it('show the home and about pages on / and /about', () => {
    expect(byUrl('/')).toMatchObject({
      component: 'Welcome',
      recordtype: { reference: true, type: 'recordtype', id: 'webpage' },
      recordid: 'home',
    })
    expect(byUrl('/about')).toMatchObject({ recordid: 'about' })
  })

  it('give the code25 page views a pageid and pagetype webpage of a seeded page', () => {
    for (const url of ['/code25Home', '/code25Gallery']) {
      const route = byUrl(url)
      expect(route.component).toBe('PageView')
      const props = propsOf(route)
      expect(props.pagetype).toBe('webpage')
      expect(pages.map((page) => page.id)).toContain(props.pageid)
    }
  })

  it('give the shop its search page, whose results are page data (SearchView, `?q=`)', () => {
    expect(byUrl('/search')).toMatchObject({
      id: 'search',
      component: 'SearchView',
      seo: 'static',
      title: 'Search',
    })
    expect(byUrl('/search').recordtype).toBeUndefined()
  })

  it('reuse the reset screen with and without a code', () => {
    expect(byUrl('/reset/:recordtype/:id').component).toBe('Reset')
    expect(byUrl('/reset/:recordtype/:id/:code').component).toBe('Reset')
  })

  it('give every recordid a seeded page of the named type', () => {
    for (const route of allRoutes.filter((candidate) => candidate.recordid !== undefined)) {
      const type = (route.recordtype as { id: string }).id
      expect(type).toBe('webpage')
      expect(pages.map((page) => page.id)).toContain(route.recordid)
    }
  })
})

/** The tags the sample pages may use; attributes only href, pointing at a local path. */
const SAFE_TAGS = new Set(['p', 'h2', 'a', 'strong', 'ul', 'li'])

describe('web pages', () => {
  it('have a headline and safe HTML content for the sample company', () => {
    for (const page of pages) {
      expect(page.headline, page.id).toMatch(/\S/)
      const content = page.content as string
      const tags = [...content.matchAll(/<\/?([a-zA-Z0-9]+)([^>]*)>/g)]
      expect(tags.length, page.id).toBeGreaterThan(0)
      for (const [, tag, attributes] of tags) {
        expect(SAFE_TAGS, `${page.id}: <${tag}>`).toContain(tag)
        if (attributes!.trim()) expect(attributes, page.id).toMatch(/^ href="\/[a-z/]*"$/)
      }
      expect(content, page.id).not.toMatch(/on\w+=|javascript:|<script|style=/i)
    }
    expect(pages.find((page) => page.id === 'home')?.headline).toContain('Shopwright Test Company')
  })

  it('link only to seeded routes', () => {
    const urls = new Set(allRoutes.map((route) => route.url))
    for (const page of pages) {
      for (const [, href] of (page.content as string).matchAll(/href="([^"]*)"/g)) {
        expect(urls, `${page.id}: ${href}`).toContain(href)
      }
    }
  })
})

describe('menus', () => {
  it('seed the header group with Home, About, Contact and Locale as plain links', () => {
    expect(menus()).toEqual([
      {
        type: 'menu',
        id: 'header',
        label: 'Header',
        submenus: [
          { id: 'home', label: 'Home', href: '/' },
          { id: 'about', label: 'About', href: '/about' },
          { id: 'contact', label: 'Contact', href: '/contact' },
          { id: 'locale', label: 'Locale', href: '/locale' },
        ],
      },
    ])
  })

  it('link to seeded routes', () => {
    const urls = new Set(allRoutes.map((route) => route.url))
    for (const menu of menus()) {
      for (const entry of menu.submenus as Array<{ href: string }>)
        expect(urls).toContain(entry.href)
    }
  })
})
