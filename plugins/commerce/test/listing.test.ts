// A category's items sorted and filtered, with their facets (issue 33; docs/api.md, "Sort and
// filters"): featured, price up and down, name and newest; a price range in the visitor's
// currency, in stock, option values; each facet counted under the other filters.
import { beforeAll, expect, it } from 'vitest'
import { SYSTEM_ACTOR } from '@shopwright/core'
import { codeOf, describePlugin } from '@shopwright/core/testing'
import type { CategoryItemsAnswer, CategoryPageExtra } from '../src/index.js'
import { call, COMMERCE_SUITE, localeCookie, ok, post, mugsPage } from './helpers.js'

const ref = (type: string, id: string) => ({ reference: true, type, id })
const FR = localeCookie('eur', 'fr', 'fr')

describePlugin('category sort and filters', COMMERCE_SUITE, (site) => {
  beforeAll(async () => {
    // Out of stock, first by name, cheapest, priced in dollars only; then a newer one.
    for (const [id, name, stock, price] of [
      ['aardvark-mug', 'Aardvark Mug', 0, 8],
      ['yak-mug', 'Yak Mug', 2, 11],
    ] as const) {
      const created = await post(
        site.kernel,
        site.cookie('marketingmanager'),
        '/query/data/create',
        {
          type: 'item',
          id,
          itemid: name,
          displayname: name,
          online: true,
          primarycategory: ref('webcategory', 'mugs'),
          stock,
          price1: {
            headers: [{ quantity: 1 }],
            lines: [{ pricelevel: 5, currency: 'usd', price_1_: price }],
          },
        },
      )
      expect(created.statusCode, created.body).toBe(200)
      // Two creates within a millisecond would tie on `newest`.
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  })

  const list = (query: string, cookie = '') =>
    ok<CategoryItemsAnswer>(site.kernel, cookie, `/query/ns/data/list/item?${query}`)
  const ids = async (query: string, cookie = '') =>
    (await list(query, cookie)).data.map((i) => i.id)

  it('sorts: featured (in stock first), price up and down (unpriced last), name, newest', async () => {
    const inStock = ['anchor-mug', 'blue-mug', 'few-mug', 'yak-mug']
    expect(await ids('category=mugs')).toEqual([...inStock, 'aardvark-mug', 'zebra-mug'])
    expect(await ids('category=mugs&sort=featured')).toEqual(await ids('category=mugs'))
    expect(await ids('category=mugs&sort=name')).toEqual([
      'aardvark-mug',
      'anchor-mug',
      'blue-mug',
      'few-mug',
      'yak-mug',
      'zebra-mug',
    ])
    expect(await ids('category=mugs&sort=price-asc')).toEqual([
      'aardvark-mug',
      'anchor-mug',
      'few-mug',
      'zebra-mug',
      'yak-mug',
      'blue-mug',
    ])
    expect(await ids('category=mugs&sort=price-desc')).toEqual([
      'blue-mug',
      'yak-mug',
      'anchor-mug',
      'few-mug',
      'zebra-mug',
      'aardvark-mug',
    ])
    // In euros the two new mugs have no price: last, whichever the direction.
    expect((await ids('category=mugs&sort=price-asc', FR)).slice(-2)).toEqual([
      'aardvark-mug',
      'yak-mug',
    ])
    expect((await ids('category=mugs&sort=price-desc', FR)).slice(-2)).toEqual([
      'aardvark-mug',
      'yak-mug',
    ])
    expect((await ids('category=mugs&sort=newest')).slice(0, 2)).toEqual([
      'yak-mug',
      'aardvark-mug',
    ])
    // Names sort in the visitor's language: "Tasse bleue" between Few and Yak.
    expect(await ids('category=mugs&sort=name', FR)).toEqual([
      'aardvark-mug',
      'anchor-mug',
      'few-mug',
      'blue-mug',
      'yak-mug',
      'zebra-mug',
    ])
  })

  it('filters by price as displayed, in the visitor currency, bounds included', async () => {
    expect(await ids('category=mugs&sort=name&min=10&max=10')).toEqual([
      'anchor-mug',
      'few-mug',
      'zebra-mug',
    ])
    expect(await ids('category=mugs&sort=name&min=10.01')).toEqual(['blue-mug', 'yak-mug'])
    expect(await ids('category=mugs&max=9.99')).toEqual(['aardvark-mug'])
    // 9 euros: the mugs priced in euros; the dollar-only ones have no price to filter on.
    expect(await ids('category=mugs&sort=name&max=9', FR)).toEqual([
      'anchor-mug',
      'few-mug',
      'zebra-mug',
    ])
    const filtered = await list('category=mugs&min=10.5')
    expect(filtered.listing).toEqual({
      sort: 'featured',
      min: 1050,
      max: null,
      instock: false,
      options: [],
    })
    expect(filtered).toMatchObject({ total: 2, pages: 1 })
  })

  it('filters what can be bought now', async () => {
    expect(await ids('category=mugs&instock=1')).toEqual([
      'anchor-mug',
      'blue-mug',
      'few-mug',
      'yak-mug',
    ])
    expect(await ids('category=mugs&instock=0')).toHaveLength(6)
    // An item with options is in stock when one of them is.
    expect(await ids('category=hats&instock=1')).toEqual(['cap', 'lone'])
  })

  it('filters by option values, the in-stock filter asking it of the option itself', async () => {
    expect(await ids('category=tees&option=red')).toEqual(['tee'])
    expect(await ids('category=tees&option=M')).toEqual(['tee'])
    expect(await ids('category=tees&option=m&instock=1')).toEqual(['tee'])
    // The tee in L has none in stock.
    expect(await ids('category=tees&option=l&instock=1')).toEqual([])
    expect(await ids('category=tees&option=blue')).toEqual([])
    // An offline option's values are not offered.
    expect(await ids('category=hats&option=old')).toEqual([])
    expect(await ids('category=hats&option=kids')).toEqual(['cap'])
  })

  it('answers the facets, each under the other filters', async () => {
    const tees = await list('category=tees')
    expect(tees.facets).toEqual({
      price: { min: 1000, max: 1200, currency: 'usd' },
      instock: 2,
      options: [
        { key: 'l', value: 'L', count: 1 },
        { key: 'm', value: 'M', count: 1 },
        { key: 'red', value: 'Red', count: 1 },
      ],
    })
    // Choosing an option narrows the price range and the stock count, not the options.
    const chosen = await list('category=tees&option=red')
    expect(chosen.facets).toEqual({
      ...tees.facets,
      price: { min: 1000, max: 1000, currency: 'usd' },
      instock: 1,
    })
    // In stock: the L option, sold out, no longer counts.
    const stocked = await list('category=tees&instock=1')
    expect(stocked.facets.options.map((each) => each.key)).toEqual(['m', 'red'])
    expect(stocked.facets.instock).toBe(2)
    const mugs = await list('category=mugs&max=10')
    expect(mugs.facets.price).toEqual({ min: 800, max: 1200, currency: 'usd' })
    expect(mugs.facets.instock).toBe(2)
    expect((await list('category=mugs', FR)).facets.price).toEqual({
      min: 900,
      max: 1100,
      currency: 'eur',
    })
    const category = await ok<{ facets: unknown; listing: unknown }>(
      site.kernel,
      '',
      '/query/ns/data/get/webcategory?id=tees',
    )
    expect(category.facets).toEqual(tees.facets)
  })

  it('names option values in the language their options translate them to, filtering by the same keys', async () => {
    const { records } = site.kernel.services
    const translate = (id: string, options: string | null) =>
      records.modify(SYSTEM_ACTOR, 'item', id, ['translations'], (record) => {
        record.translations = options ? { fr: { options } } : {}
      })
    await translate('tee-red-m', 'Rouge : M')
    // One option naming fewer values than its id is not used: its values stay as written.
    await translate('tee-red-l', 'Rouge')
    try {
      const french = await list('category=tees', FR)
      expect(french.facets.options).toEqual([
        { key: 'l', value: 'L', count: 1 },
        { key: 'm', value: 'M', count: 1 },
        { key: 'red', value: 'Rouge', count: 1 },
      ])
      expect(await ids('category=tees&option=red', FR)).toEqual(['tee'])
      // Other languages keep the values of the item ids.
      expect((await list('category=tees')).facets.options.map((each) => each.value)).toEqual([
        'L',
        'M',
        'Red',
      ])
    } finally {
      await translate('tee-red-m', null)
      await translate('tee-red-l', null)
    }
  })

  it('refuses bad sorts and filters, and options the call does not take', async () => {
    const cases: Array<[string, string]> = [
      ['category=mugs&sort=price', 'ERROR_INVALID_INPUT'],
      ['category=mugs&sort=__proto__', 'ERROR_INVALID_INPUT'],
      ['category=mugs&min=abc', 'ERROR_INVALID_INPUT'],
      ['category=mugs&min=-1', 'ERROR_INVALID_INPUT'],
      ['category=mugs&min=1e3', 'ERROR_INVALID_INPUT'],
      ['category=mugs&min=10.555', 'ERROR_INVALID_INPUT'],
      ['category=mugs&max=10000001', 'ERROR_INVALID_INPUT'],
      ['category=mugs&min=20&max=10', 'ERROR_INVALID_INPUT'],
      ['category=mugs&instock=yes', 'ERROR_INVALID_INPUT'],
      ['category=mugs&instock=1&instock=1', 'ERROR_INVALID_INPUT'],
      [
        `category=mugs&option=${Array.from({ length: 21 }, (_, n) => `v${n}`).join(',')}`,
        'ERROR_INVALID_INPUT',
      ],
      ['category=mugs&option.colour=blue', 'ERROR_INVALID_INPUT'],
      ['category=mugs&__proto__=x', 'ERROR_INVALID_INPUT'],
      ['category=mugs&constructor=x', 'ERROR_INVALID_INPUT'],
    ]
    for (const [query, code] of cases) {
      const reply = await call(site.kernel, '', { url: `/query/ns/data/list/item?${query}` })
      expect([query, reply.statusCode, codeOf(reply)]).toEqual([query, 400, code])
    }
    const categories = await call(site.kernel, '', {
      url: '/query/ns/data/list/webcategory?sort=name',
    })
    expect([categories.statusCode, codeOf(categories)]).toEqual([400, 'ERROR_INVALID_INPUT'])
    // Option values that no item offers are just not found.
    expect(await ids('category=mugs&option=__proto__,constructor')).toEqual([])
  })

  it('renders a category page sorted and filtered as its address says, written one way', async () => {
    const [provider] = site.kernel.services.storefront.providersOf('CategoryView')
    const load = async (query: string) =>
      ((await provider!.load(mugsPage(query))) as CategoryPageExtra).category
    const sorted = await load('sort=price-desc&min=10&instock=1')
    expect(sorted.items.map((item) => item.id)).toEqual([
      'blue-mug',
      'yak-mug',
      'anchor-mug',
      'few-mug',
    ])
    expect(sorted.listing).toMatchObject({ sort: 'price-desc', min: 1000, instock: true })
    expect(sorted.facets.instock).toBe(4)
    expect((await load('option=l,m')).listing.options).toEqual(['l', 'm'])
    for (const query of [
      'sort=featured',
      'sort=cheapest',
      'min=10.00',
      'min=010',
      'instock=0',
      'option=M,L',
      'option=m,l',
      'option=',
    ])
      await expect(provider!.load(mugsPage(query)), query).rejects.toMatchObject({
        code: 'ERROR_CATEGORY_NOT_AVAILABLE',
      })
  })
})

describePlugin('option filters of the sample shop', COMMERCE_SUITE, (site) => {
  const apparel = (query: string) =>
    ok<CategoryItemsAnswer>(site.kernel, '', `/query/ns/data/list/item?category=apparel&${query}`)

  it('shows an item when one of its options takes the chosen values, place by place', async () => {
    const ids = async (query: string) => (await apparel(query)).data.map((item) => item.id).sort()
    // Two colours of the tee: either will do.
    expect(await ids('option=blue,red')).toEqual(['classic-tee'])
    // Sizes: the tee comes in M, the hoodie too.
    expect(await ids('option=m')).toEqual(['classic-tee', 'hoodie'])
    // Red and S: no tee is red in S; the hoodie has no colour and comes in S.
    expect(await ids('option=red,s')).toEqual(['hoodie'])
    expect(await ids('option=red,m')).toEqual(['classic-tee', 'hoodie'])
    expect(await ids('option=40')).toEqual(['canvas-sneakers'])
  })

  it('lists every option value of the category in natural order, with its items', async () => {
    const { facets } = await apparel('')
    expect(facets.options).toEqual(
      expect.arrayContaining([
        { key: '38', value: '38', count: 1 },
        { key: 'blue', value: 'Blue', count: 1 },
        { key: 'm', value: 'M', count: 2 },
        { key: 'xl', value: 'XL', count: 1 },
      ]),
    )
    const values = facets.options.map((each) => each.value)
    expect(values.indexOf('38')).toBeLessThan(values.indexOf('44'))
    expect(values.indexOf('44')).toBeLessThan(values.indexOf('Blue'))
    expect(facets.price?.currency).toBe('usd')
    expect(facets.instock).toBeGreaterThan(0)
  })
})
