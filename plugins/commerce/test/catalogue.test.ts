import { SYSTEM_ACTOR } from '@shopwright/core'
import { ITEM_TEXTS } from '../src/server/catalogue/catalogue-index.js'
import { describe, expect, it } from 'vitest'
import { codeOf, describePlugin } from '@shopwright/core/testing'
import type { CategoryAnswer, ItemAnswer } from '../src/index.js'
import type { ItemPage } from '../src/index.js'
import { expectAnswers, call, COMMERCE_SUITE, localeCookie, ok, mugsPage } from './helpers.js'

describePlugin('catalogue calls', COMMERCE_SUITE, (site) => {
  it('lists a category: online items without a parent, primary or additional, by name, priced', async () => {
    const page = await ok<ItemPage>(site.kernel, '', '/query/ns/data/list/item?category=mugs')
    expect(page.data.map((item) => item.id)).toEqual([
      'anchor-mug',
      'blue-mug',
      'few-mug',
      'zebra-mug',
    ])
    expect(page).toMatchObject({ page: 1, pages: 1, pagesize: 24, total: 4 })
    const blue = page.data.find((item) => item.id === 'blue-mug')!
    expect(blue.price).toEqual({ amount: 1200, currency: 'usd' })
    expect(blue.onlineprice).toBe(12)
    expect(page.data.find((item) => item.id === 'zebra-mug')!.instock).toBe(false)
    const tees = await ok<ItemPage>(site.kernel, '', '/query/ns/data/list/item?category=tees')
    // blue-mug names tees as an additional category; tee's children never list.
    expect(tees.data.map((item) => item.id)).toEqual(['blue-mug', 'tee'])
    expect(tees.data[1]).toMatchObject({ haschildren: true, instock: true })
  })

  it('pages a category', async () => {
    const second = await ok<ItemPage>(
      site.kernel,
      '',
      '/query/ns/data/list/item?category=mugs&page=2&pagesize=3',
    )
    expect(second).toMatchObject({ page: 2, pages: 2, pagesize: 3, total: 4 })
    expect(second.data.map((item) => item.id)).toEqual(['zebra-mug'])
  })

  it('prices and names in the locale choice: euros and French', async () => {
    const page = await ok<ItemPage>(
      site.kernel,
      localeCookie('eur', 'fr', 'fr'),
      '/query/ns/data/list/item?category=mugs',
    )
    const blue = page.data.find((item) => item.id === 'blue-mug')!
    expect(blue.price).toEqual({ amount: 1100, currency: 'eur' })
    expect(blue.displayname).toBe('Tasse bleue')
    // A currency the site does not sell in falls back to its first.
    const odd = await ok<ItemPage>(
      site.kernel,
      localeCookie('gbp'),
      '/query/ns/data/list/item?category=mugs',
    )
    expect(odd.data[0]!.price.currency).toBe('usd')
  })

  it('gets an item by id or fragment with its breaks, and a parent with its children', async () => {
    const blue = await ok<ItemAnswer>(site.kernel, '', '/query/ns/data/get/item?fragment=blue-mug')
    // An offline item sharing the address never hides the online one.
    expect(blue.id).toBe('blue-mug')
    expect(blue.breaks).toEqual([
      { quantity: 1, amount: 1200 },
      { quantity: 10, amount: 1080 },
      { quantity: 50, amount: 960 },
    ])
    expect(blue.available).toBe(100)
    const tee = await ok<ItemAnswer>(site.kernel, '', '/query/ns/data/get/item/tee')
    expect(
      tee.children.map((child) => [child.id, child.sku, child.price.amount, child.available]),
    ).toEqual([
      ['tee-red-l', 'L', 2200, 0],
      ['tee-red-m', 'M', 1000, 5],
    ])
  })

  it("answers a parent's options as dimensions, named and valued in the visitor's language", async () => {
    const { records } = site.kernel.services
    const tee = await ok<ItemAnswer>(site.kernel, '', '/query/ns/data/get/item/tee')
    // Unnamed: the values by place, the names empty.
    expect(tee.options).toEqual([
      { name: '', values: ['Red'] },
      // Sizes small to large, whatever the children's name order.
      { name: '', values: ['M', 'L'] },
    ])
    await records.modify(SYSTEM_ACTOR, 'item', 'tee', ['optionnames', 'translations'], (record) => {
      record.optionnames = 'Colour : Size'
      record.translations = { fr: { optionnames: 'Couleur : Taille' } }
    })
    await records.modify(SYSTEM_ACTOR, 'item', 'tee-red-m', ['translations'], (record) => {
      record.translations = { fr: { options: 'Rouge : M' } }
    })
    // A translation that does not give every value is not used.
    await records.modify(SYSTEM_ACTOR, 'item', 'tee-red-l', ['translations'], (record) => {
      record.translations = { fr: { options: 'Rouge' } }
    })
    const named = await ok<ItemAnswer>(site.kernel, '', '/query/ns/data/get/item/tee')
    expect(named.options).toEqual([
      { name: 'Colour', values: ['Red'] },
      { name: 'Size', values: ['M', 'L'] },
    ])
    expect(named.children.map((child) => child.options)).toEqual([
      ['Red', 'L'],
      ['Red', 'M'],
    ])
    const french = await ok<ItemAnswer>(
      site.kernel,
      localeCookie('eur', 'fr', 'fr'),
      '/query/ns/data/get/item/tee',
    )
    expect(french.options).toEqual([
      { name: 'Couleur', values: ['Red', 'Rouge'] },
      { name: 'Taille', values: ['M', 'L'] },
    ])
  })

  it('answers a category with its first page, and refuses what is not there or offline', async () => {
    const mugs = await ok<CategoryAnswer>(
      site.kernel,
      localeCookie('usd', 'fr'),
      '/query/ns/data/get/webcategory?id=mugs',
    )
    expect(mugs.name).toBe('Tasses')
    expect(mugs.items).toHaveLength(4)
    for (const url of [
      '/query/ns/data/get/webcategory?id=hidden',
      '/query/ns/data/get/webcategory?id=nope',
    ]) {
      const reply = await call(site.kernel, '', { url })
      expect([reply.statusCode, codeOf(reply)]).toEqual([404, 'ERROR_CATEGORY_NOT_AVAILABLE'])
    }
    const offline = await call(site.kernel, '', {
      url: '/query/ns/data/get/item?id=offline-mug',
    })
    expect([offline.statusCode, codeOf(offline)]).toEqual([404, 'ERROR_ITEM_NOT_AVAILABLE'])
  })

  it('prices an item with options from its cheapest online option', async () => {
    const hats = await ok<ItemPage>(site.kernel, '', '/query/ns/data/list/item?category=hats')
    expect(hats.data.map((item) => [item.id, item.price.amount, item.haschildren])).toEqual([
      ['cap', 900, true],
      ['lone', 1000, false],
    ])
    expect(hats.data[0]!.onlineprice).toBe(9)
    const cap = await ok<ItemAnswer>(site.kernel, '', '/query/ns/data/get/item/cap')
    expect(cap.price.amount).toBe(900)
    expect(cap.children.map((child) => child.id)).toEqual(['cap-kids'])
  })

  it('answers a category page of a made-up display or page as not found', async () => {
    const [provider] = site.kernel.services.storefront.providersOf('CategoryView')
    await expect(provider!.load(mugsPage('display=list'))).resolves.toMatchObject({
      display: 'list',
    })
    for (const query of ['display=huge', 'page=0', 'page=x', 'page=9'])
      await expect(provider!.load(mugsPage(query)), query).rejects.toMatchObject({
        code: 'ERROR_CATEGORY_NOT_AVAILABLE',
      })
  })

  it('refuses bad options with clear codes', async () => {
    const cases: Array<[string, number, string]> = [
      ['/query/ns/data/list/item', 400, 'ERROR_PARAMETER_EXPECTED'],
      ['/query/ns/data/list/item?category=mugs&pagesize=101', 400, 'ERROR_INVALID_INTEGER'],
      ['/query/ns/data/list/item?category=mugs&page=0', 400, 'ERROR_INVALID_INTEGER'],
      ['/query/ns/data/list/item?category=../x', 400, 'ERROR_INVALID_ID'],
      ['/query/ns/data/list/item?category=mugs&sort=price', 400, 'ERROR_INVALID_INPUT'],
      ['/query/ns/data/get/item', 400, 'ERROR_FRAGMENT_ID_EXPECTED'],
      ['/query/ns/data/get/customer?id=1', 400, 'ERROR_RECORDTYPE_REQUIRED'],
      ['/query/ns/data/list/salesorder', 401, 'ERROR_NOT_SIGNED_IN'],
    ]
    await expectAnswers(site.kernel, cases)
  })
})

describe('the sample catalogue of @shopwright/seeds', () => {
  it('passes the checks a record call would make of every category and item', async () => {
    const { allSeeds } = await import('@shopwright/seeds')
    const { normaliseCatalogueRecord } = await import('../src/server/catalogue/normalise.js')
    const catalogue = allSeeds().filter(
      (record) => record.type === 'item' || record.type === 'webcategory',
    )
    expect(catalogue.filter((record) => record.type === 'item').length).toBeGreaterThanOrEqual(40)
    for (const record of catalogue) {
      const copy = structuredClone(record)
      const texts = record.type === 'item' ? ITEM_TEXTS : ['name', 'custrecord_web_webcat_content']
      await normaliseCatalogueRecord(copy, texts, [texts[1]!])
      // Nothing to correct: the seeds are stored as the guard would store them.
      expect(copy, `${record.type}/${record.id}`).toEqual(record)
    }
  })
})

describePlugin('the sample shop', COMMERCE_SUITE, (site) => {
  it('lists every seeded category with priced items, and child items under their parents', async () => {
    const categories = await ok<{ data: Array<{ id: string }> }>(
      site.kernel,
      '',
      '/query/ns/data/list/webcategory',
    )
    const ids = categories.data.map((category) => category.id)
    expect(ids).toEqual(
      expect.arrayContaining([
        'apparel',
        'home-kitchen',
        'stationery',
        'outdoor',
        'pantry',
        'gifts',
      ]),
    )
    let items = 0
    for (const id of ['apparel', 'home-kitchen', 'stationery', 'outdoor', 'pantry', 'gifts']) {
      const page = await ok<ItemPage>(
        site.kernel,
        localeCookie('eur', 'fr', 'fr'),
        `/query/ns/data/list/item?category=${id}&pagesize=100`,
      )
      for (const item of page.data) expect(item.price.amount, item.id).toBeGreaterThan(0)
      items += page.total
    }
    expect(items).toBeGreaterThanOrEqual(40)
    const tee = await ok<ItemAnswer>(site.kernel, '', '/query/ns/data/get/item/classic-tee')
    expect(tee.children.length).toBeGreaterThan(1)
    for (const child of tee.children) expect(child.price.amount).toBeGreaterThan(0)
  })
})
