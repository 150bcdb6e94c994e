import { describe, expect, it } from 'vitest'
import {
  addressOfRecord,
  addressOfVariant,
  typesWithPages,
  recordAt,
  recordShownAt,
  RouteTable,
  toWebsiteRoute,
  variantLanguage,
  type WebsiteRoute,
} from './route-match.js'

const route = (id: string, url: string, props: Record<string, string> = {}): WebsiteRoute => ({
  id,
  url,
  component: id,
  seo: 'static',
  title: id,
  description: '',
  props,
})

const table = new RouteTable([
  route('drive', '/drive/+path'),
  route('item', '/item/:id'),
  route('reset', '/reset/:recordtype/:id'),
  route('resetcode', '/reset/:recordtype/:id/:code'),
  route('home', '/'),
  route('checkout', '/checkout'),
  route('shipping', '/checkout/shipping'),
  route('shippingaddress', '/checkout/shipping/:id'),
  route('pageview', '/code25Home', { pageid: 'code25home', pagetype: 'webpage' }),
  route('broken', 'no-slash'),
  route('also-broken', '/a/+rest/b'),
])

describe('RouteTable', () => {
  it('matches fixed addresses, / included, with or without a trailing slash', () => {
    expect(table.match('/')?.route.id).toBe('home')
    expect(table.match('/checkout')?.route.id).toBe('checkout')
    expect(table.match('/checkout/')?.route.id).toBe('checkout')
    expect(table.match('/checkout/shipping')?.route.id).toBe('shipping')
  })

  it('takes :name parameters, decoded, and prefers fixed segments', () => {
    expect(table.match('/checkout/shipping/7')).toMatchObject({
      route: { id: 'shippingaddress' },
      params: { id: '7' },
    })
    expect(table.match('/item/caf%C3%A9')?.params).toEqual({ id: 'café' })
    expect(table.match('/reset/customer/4')?.route.id).toBe('reset')
    expect(table.match('/reset/customer/4/abc')).toMatchObject({
      route: { id: 'resetcode' },
      params: { recordtype: 'customer', id: '4', code: 'abc' },
    })
  })

  it('gives a final +name the rest of the path', () => {
    expect(table.match('/drive/images/2026/logo.svg')?.params).toEqual({
      path: 'images/2026/logo.svg',
    })
    expect(table.match('/drive')).toBeNull()
  })

  it("merges the query into the route's props, over its fixed ones", () => {
    const matched = table.match(
      '/code25Home',
      new URLSearchParams('page=2&pagetype=other&__proto__=x'),
    )
    expect(matched?.props).toEqual({ pageid: 'code25home', pagetype: 'other', page: '2' })
    expect(Object.getPrototypeOf(matched!.props)).toBe(Object.prototype)
  })

  it('answers null for an unmatched address, a malformed escape or an empty segment', () => {
    for (const path of [
      '/nothing',
      '/item',
      '/item/a/b',
      '/item/%E0%A4%A',
      '/checkout//shipping',
      '/a/x/b',
    ])
      expect(table.match(path), path).toBeNull()
  })
})

describe('toWebsiteRoute', () => {
  it('reads a stored route record', () => {
    // The fields a route keeps as the record has them.
    const kept = {
      id: 'category',
      url: '/category/:id',
      component: 'CategoryView',
      seo: 'record',
      title: 'Category',
      description: 'A category.',
    }
    expect(
      toWebsiteRoute({
        type: 'route',
        ...kept,
        recordtype: { reference: true, type: 'recordtype', id: 'webcategory' },
        props: [
          { id: 'view', value: 'grid' },
          { id: '__proto__', value: 'x' },
        ],
      }),
    ).toEqual({ ...kept, recordtype: 'webcategory', props: { view: 'grid' } })
    expect(toWebsiteRoute({ id: 'x', url: '/x' })).toBeNull()
  })
})

describe('addressOfRecord', () => {
  const route = (url: string, extra: Partial<WebsiteRoute> = {}): WebsiteRoute => ({
    id: url,
    url,
    component: 'Page',
    seo: 'static',
    title: '',
    description: '',
    props: {},
    ...extra,
  })
  const routes = [
    route('/', { recordtype: 'webpage', recordid: 'home' }),
    route('/gallery', { props: { pagetype: 'webpage', pageid: 'gallery' } }),
    route('/item/:id', { recordtype: 'item' }),
    route('/shop/:category/:id', { recordtype: 'webcategory' }),
  ]

  it('finds the route that names the record, by its id or a page view’s pageid', () => {
    expect(addressOfRecord(routes, 'webpage', 'home')).toBe('/')
    expect(addressOfRecord(routes, 'webpage', 'gallery')).toBe('/gallery')
  })

  it('puts the id, encoded, in a route of the type whose only parameter is :id', () => {
    expect(addressOfRecord(routes, 'item', 'a b/c')).toBe('/item/a%20b%2Fc')
  })

  it('answers null when no route shows the record', () => {
    expect(addressOfRecord(routes, 'webpage', 'about')).toBeNull()
    // Another parameter than the id would have to be made up.
    expect(addressOfRecord(routes, 'webcategory', 'shoes')).toBeNull()
    expect(addressOfRecord(routes, 'customer', '1')).toBeNull()
  })

  it('finds the record the page at a site path shows by itself, for a link to it', () => {
    expect(recordAt(routes, '/gallery?x=1#top')).toMatchObject({ type: 'webpage', id: 'gallery' })
    expect(recordAt(routes, '/')).toMatchObject({ type: 'webpage', id: 'home' })
    // An address made from an id, another site's, or one no route names a record at.
    expect(recordAt(routes, '/item/mug')).toBeNull()
    expect(recordAt(routes, 'https://example.com/gallery')).toBeNull()
    expect(recordAt(routes, '//example.com/gallery')).toBeNull()
    expect(recordAt(routes, '/contact')).toBeNull()
  })

  it('finds the record a link’s address goes to, by the route that answers it', () => {
    expect(recordShownAt(routes, '/gallery/')).toEqual({ type: 'webpage', id: 'gallery' })
    expect(recordShownAt(routes, '/item/a%20b%2Fc?colour=red')).toEqual({
      type: 'item',
      id: 'a b/c',
    })
    // The page reads its record as the storefront does: the id parameter of any route of a type.
    expect(recordShownAt(routes, '/shop/mugs/blue')).toEqual({ type: 'webcategory', id: 'blue' })
    // The query is merged into the props, as for the page itself: a page view may be told another.
    expect(recordShownAt(routes, '/gallery?pageid=spring#top')).toEqual({
      type: 'webpage',
      id: 'spring',
    })
    // No route, another site, a bad escape.
    expect(recordShownAt(routes, '/contact')).toBeNull()
    expect(recordShownAt(routes, '//example.com/item/mug')).toBeNull()
    expect(recordShownAt(routes, '/item/%E0%A4%A')).toBeNull()
  })

  it('lists the types some page shows, once each, in the routes’ order', () => {
    expect(typesWithPages(routes)).toEqual(['webpage', 'item'])
    // A route of a type that needs more than the id shows none of its records by address.
    expect(typesWithPages([routes[3] as WebsiteRoute])).toEqual([])
  })

  it('takes a language variant to its record’s page, in one of the site’s languages only', () => {
    const languages = ['en-us', 'fr', 'pt-br']
    expect(addressOfVariant(routes, 'webpage', 'home-fr', languages)).toBe('/')
    expect(addressOfVariant(routes, 'webpage', 'gallery-pt-br', languages)).toBe('/gallery')
    expect(addressOfVariant(routes, 'webpage', 'gallery-pt', languages)).toBe('/gallery')
    expect(addressOfVariant(routes, 'item', 'mug-fr', languages)).toBe('/item/mug-fr')
    expect(addressOfVariant(routes, 'webpage', 'home-de', languages)).toBeNull()
    expect(addressOfVariant(routes, 'webpage', '-fr', languages)).toBeNull()
    expect(variantLanguage('home-fr', 'home', languages)).toBe('fr')
    expect(variantLanguage('home-pt', 'home', languages)).toBe('pt-br')
    expect(variantLanguage('home', 'home', languages)).toBeUndefined()
    expect(variantLanguage('homes', 'home', languages)).toBeUndefined()
  })
})
