// The storefront's search (issue 33; docs/api.md, "Search"): found by name, SKU, options,
// description and category names, in the visitor's language, accents and case aside, as prefixes
// while typing; indexed in the item's own transaction; answered as a category lists items.
import { beforeAll, expect, it } from 'vitest'
import { SYSTEM_ACTOR } from '@shopwright/core'
import { describePlugin } from '@shopwright/core/testing'
import type { ItemPage, SearchPageExtra, SuggestionAnswer } from '../src/index.js'
import {
  INDEX_STATE_TABLE,
  LISTING_TABLE,
  OPTIONS_TABLE,
  PRICES_TABLE,
  SEARCH_TABLE,
} from '../src/server/migrations.js'
import { expectAnswers, COMMERCE_SUITE, localeCookie, ok, post, pageInput } from './helpers.js'

const ref = (type: string, id: string) => ({ reference: true, type, id })
const usd = (price: number) => ({
  headers: [{ quantity: 1 }],
  lines: [{ pricelevel: 5, currency: 'usd', price_1_: price }],
})
const FR = localeCookie('eur', 'fr', 'fr')

describePlugin('search', COMMERCE_SUITE, (site) => {
  beforeAll(async () => {
    // The sample catalogue is there too: these items' words are their own.
    const items = [
      {
        id: 'cafe-mug',
        itemid: 'SKU-4417-CM',
        displayname: 'Café Crème Mug',
        storedetaileddescription: '<p>Glazed <b>zirconware</b> &amp; a wide handle.</p>',
        primarycategory: ref('webcategory', 'mugs'),
        price1: usd(14),
        translations: {
          fr: {
            displayname: 'Tasse café crème',
            storedetaileddescription: '<p>Grès xénoglacé, anse large.</p>',
          },
        },
      },
      {
        id: 'quokka-tray',
        itemid: 'Quokka Tray',
        displayname: 'Quokka Tray',
        storedetaileddescription: '<p>Drawn by the wombat keeper.</p>',
        primarycategory: ref('webcategory', 'hats'),
        price1: usd(20),
      },
      {
        id: 'wombat-tray',
        itemid: 'Wombat Tray',
        displayname: 'Wombat Tray',
        primarycategory: ref('webcategory', 'hats'),
        price1: usd(30),
      },
    ]
    for (const item of items) {
      const created = await post(
        site.kernel,
        site.cookie('marketingmanager'),
        '/query/data/create',
        {
          type: 'item',
          online: true,
          stock: 3,
          ...item,
        },
      )
      expect(created.statusCode, created.body).toBe(200)
    }
  })

  const search = (q: string, cookie = '', extra = '') =>
    ok<ItemPage>(site.kernel, cookie, `/query/ns/search?q=${encodeURIComponent(q)}${extra}`)
  const found = async (q: string, cookie = '') => (await search(q, cookie)).data.map((i) => i.id)
  const suggest = async (q: string, cookie = '') =>
    (
      await ok<{ data: SuggestionAnswer[] }>(
        site.kernel,
        cookie,
        `/query/ns/search/suggest?q=${encodeURIComponent(q)}`,
      )
    ).data
  const update = (id: string, changes: Array<{ field: string; value: unknown }>) =>
    post(site.kernel, site.cookie('marketingmanager'), `/query/data/update/item/${id}`, changes)

  it('finds accents and case either way: "cafe", "CAFÉ" and "Café" find Café Crème Mug', async () => {
    for (const q of ['cafe', 'CAFÉ', 'Café', 'creme mug', 'MUG CRÈME'])
      expect(await found(q), q).toContain('cafe-mug')
    expect(await found('cafes')).toEqual([])
  })

  it('finds prefixes as the shopper types, and suggests names from two characters', async () => {
    for (const q of ['c', 'ca', 'caf', 'café', 'café c', 'café cr'])
      expect(await found(q), q).toContain('cafe-mug')
    expect(await suggest('c')).toEqual([])
    expect(await suggest(' c ')).toEqual([])
    expect(await suggest('c!')).toEqual([])
    const suggested = await suggest('ca')
    expect(suggested.length).toBeLessThanOrEqual(8)
    expect(suggested.find((each) => each.id === 'cafe-mug')).toEqual({
      id: 'cafe-mug',
      displayname: 'Café Crème Mug',
      urlcomponent: 'cafe-mug',
      storedisplaythumbnail: null,
    })
    // Suggestions match names only: a word of the description finds the item, but suggests nothing.
    expect(await found('zirconware')).toEqual(['cafe-mug'])
    expect(await suggest('zirconware')).toEqual([])
    // In French the suggestion is named in French.
    expect((await suggest('tas', FR)).map((each) => [each.id, each.displayname])).toContainEqual([
      'cafe-mug',
      'Tasse café crème',
    ])
  })

  it("searches the visitor's language: French names and descriptions for French visitors", async () => {
    expect(await found('bleue', FR)).toEqual(['blue-mug'])
    expect(await found('bleue')).toEqual([])
    expect(await found('xénoglacé', FR)).toEqual(['cafe-mug'])
    expect(await found('xenoglace')).toEqual([])
    // The English description, as text: its markup and entities are not words.
    expect(await found('zirconware')).toEqual(['cafe-mug'])
    expect(await found('zirconware amp')).toEqual([])
    const french = await search('tasse bleue', FR)
    expect(french.data.map((item) => [item.id, item.displayname])).toEqual([
      ['blue-mug', 'Tasse bleue'],
    ])
    expect(french.data[0]!.price).toEqual({ amount: 1100, currency: 'eur' })
  })

  it('finds an item by its SKU, and a parent by its options', async () => {
    expect(await found('sku 4417')).toEqual(['cafe-mug'])
    expect(await found('4417-cm')).toEqual(['cafe-mug'])
    // "Tee : Red : M" is an option of tee: the tee is found, never the option on its own.
    const red = await found('tee red')
    expect(red).toContain('tee')
    expect(red).not.toContain('tee-red-m')
    expect(await found('cap kids')).toEqual(['cap'])
    // An offline option's values find nothing.
    expect(await found('cap old')).toEqual([])
    expect(await found('lone old')).toEqual([])
  })

  it('finds items by the names of their online categories, in the visitor language', async () => {
    expect(await found('mugs')).toEqual([
      'anchor-mug',
      'blue-mug',
      'cafe-mug',
      'few-mug',
      'zebra-mug',
    ])
    expect(await found('tees')).toEqual(['blue-mug', 'tee'])
    expect(await found('tasses', FR)).toEqual(expect.arrayContaining(['blue-mug', 'cafe-mug']))
    expect(await found('tasses')).toEqual([])
  })

  it('ranks items with the words in their name first, then by name, and pages them', async () => {
    // "wombat" is in the name of one tray and the description of the other.
    expect(await found('wombat')).toEqual(['wombat-tray', 'quokka-tray'])
    expect(await found('tray')).toEqual(['quokka-tray', 'wombat-tray'])
    const first = await search('tray', '', '&pagesize=1')
    expect(first).toMatchObject({ page: 1, pages: 2, pagesize: 1, total: 2 })
    const second = await search('tray', '', '&page=2&pagesize=1')
    expect(second).toMatchObject({ page: 2, pages: 2, pagesize: 1, total: 2 })
    expect(second.data.map((item) => item.id)).toEqual(['wombat-tray'])
    const past = await search('tray', '', '&page=9&pagesize=1')
    expect(past).toMatchObject({ data: [], page: 9, pages: 2, total: 2 })
    // "tees" is in blue-mug's category names only, "tee" in tee's name: the tee comes first.
    const tee = await found('tee')
    expect(tee.indexOf('tee')).toBeLessThan(tee.indexOf('blue-mug'))
  })

  it('reads a page in two statements, however many items it holds', async () => {
    const { db } = site.kernel.services
    const statements: string[] = []
    const count = (query: { sql: string }) => statements.push(query.sql)
    await search('mug', '', '&pagesize=100') // caches warmed: the visitor's settings, level names
    db.on('query', count)
    try {
      const page = await search('mug', '', '&pagesize=100')
      expect(page.data.length).toBeGreaterThan(5)
      expect(statements).toHaveLength(2)
      statements.length = 0
      await suggest('mu')
      expect(statements).toHaveLength(2)
    } finally {
      db.off('query', count)
    }
  })

  it('answers items exactly as the category list does, in every currency and language', async () => {
    for (const cookie of ['', FR, localeCookie('usd', 'fr', 'fr'), site.cookie('ada')]) {
      for (const category of ['mugs', 'tees', 'hats']) {
        const listed = await ok<ItemPage>(
          site.kernel,
          cookie,
          `/query/ns/data/list/item?category=${category}`,
        )
        for (const item of listed.data) {
          const page = await search(item.displayname, cookie, '&pagesize=100')
          expect(
            page.data.find((each) => each.id === item.id),
            `${item.id} in ${category}`,
          ).toEqual(item)
        }
      }
    }
  })

  it('finds only what the storefront shows: online items, never options, offline or binned ones', async () => {
    expect(await found('offline')).toEqual([])
    expect(await found('copy')).toEqual([])
    expect((await update('anchor-mug', [{ field: 'online', value: false }])).statusCode).toBe(200)
    expect(await found('anchor')).toEqual([])
    expect((await update('anchor-mug', [{ field: 'online', value: true }])).statusCode).toBe(200)
    expect(await found('anchor')).toEqual(['anchor-mug'])

    const bin = await post(site.kernel, site.cookie('manager'), '/query/data/bin/item%7Canchor-mug')
    expect(bin.statusCode, bin.body).toBe(200)
    expect(await found('anchor')).toEqual([])
    const restore = await post(
      site.kernel,
      site.cookie('manager'),
      '/query/data/restore/item%7Canchor-mug',
    )
    expect(restore.statusCode, restore.body).toBe(200)
    expect(await found('anchor')).toEqual(['anchor-mug'])
  })

  it('re-indexes an edit in its own transaction: a write rolled back leaves the index as it was', async () => {
    const renamed = await update('few-mug', [
      { field: 'displayname', value: 'Sparrow Mug' },
      { field: 'itemid', value: 'Sparrow Mug' },
    ])
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(await found('sparrow')).toEqual(['few-mug'])
    expect(await found('few mug')).toEqual([])
    // A guard after commerce's refuses the next write of few-mug from inside its transaction.
    const { recordGuards, db } = site.kernel.services
    let refuse = true
    recordGuards.add(['item'], {
      async write(change) {
        if (refuse && change.record.id === 'few-mug') throw new Error('refused after indexing')
      },
    })
    const before = await db(SEARCH_TABLE).where({ item: 'few-mug' }).orderBy('language')
    const refused = await update('few-mug', [{ field: 'displayname', value: 'Heron Mug' }])
    expect(refused.statusCode).toBe(500)
    expect(await db(SEARCH_TABLE).where({ item: 'few-mug' }).orderBy('language')).toEqual(before)
    expect(await found('heron')).toEqual([])
    expect(await found('sparrow')).toEqual(['few-mug'])
    refuse = false
    // An option's edit re-indexes its parent.
    await site.kernel.services.records.update(SYSTEM_ACTOR, 'item', 'tee-red-m', [
      { field: 'itemid', value: 'Tee : Crimson : M' },
    ])
    expect(await found('crimson')).toEqual(['tee'])
  })

  it('a category renamed, hidden or binned changes what its name finds', async () => {
    const rename = await post(
      site.kernel,
      site.cookie('manager'),
      '/query/data/update/webcategory/hats',
      [{ field: 'name', value: 'Headwear' }],
    )
    expect(rename.statusCode, rename.body).toBe(200)
    expect(await found('headwear')).toEqual(['cap', 'lone', 'quokka-tray', 'wombat-tray'])
    expect(await found('hats')).toEqual([])
    await post(site.kernel, site.cookie('manager'), '/query/data/update/webcategory/hats', [
      { field: 'online', value: false },
    ])
    expect(await found('headwear')).toEqual([])
    await post(site.kernel, site.cookie('manager'), '/query/data/update/webcategory/hats', [
      { field: 'online', value: true },
    ])
    expect(await found('headwear')).toHaveLength(4)
    await post(site.kernel, site.cookie('manager'), '/query/data/bin/webcategory%7Chats')
    expect(await found('headwear')).toEqual([])
    await post(site.kernel, site.cookie('manager'), '/query/data/restore/webcategory%7Chats')
    expect(await found('headwear')).toHaveLength(4)
  })

  it('refuses bad input before reading anything, and changes nothing', async () => {
    const { db } = site.kernel.services
    const count = async () =>
      Promise.all(
        [SEARCH_TABLE, LISTING_TABLE, PRICES_TABLE, OPTIONS_TABLE].map(async (table) =>
          Number(((await db(table).count({ n: '*' })) as Array<{ n: number | string }>)[0]!.n),
        ),
      )
    const before = await count()
    const cases: Array<[string, number, string]> = [
      [`/query/ns/search?q=${'a'.repeat(101)}`, 400, 'ERROR_INVALID_INPUT'],
      ['/query/ns/search?q=mug&sort=name', 400, 'ERROR_INVALID_INPUT'],
      ['/query/ns/search?q=mug&__proto__=1', 400, 'ERROR_INVALID_INPUT'],
      ['/query/ns/search?q=mug&constructor=1', 400, 'ERROR_INVALID_INPUT'],
      ['/query/ns/search?q=mug&q=cup', 400, 'ERROR_INVALID_INPUT'],
      ['/query/ns/search?q=mug&page=0', 400, 'ERROR_INVALID_INTEGER'],
      ['/query/ns/search?q=mug&page=1001', 400, 'ERROR_INVALID_INTEGER'],
      ['/query/ns/search?q=mug&pagesize=101', 400, 'ERROR_INVALID_INTEGER'],
      [`/query/ns/search/suggest?q=${'a'.repeat(101)}`, 400, 'ERROR_INVALID_INPUT'],
      ['/query/ns/search/suggest?q=mug&page=1', 400, 'ERROR_INVALID_INPUT'],
    ]
    await expectAnswers(site.kernel, cases)
    expect(await count()).toEqual(before)
    // FTS5 and boolean-mode syntax is just text: only its words count, each required.
    const totals: Array<[string, number]> = [
      ['', 0],
      ['   ', 0],
      ['"*', 0],
      ['-tray', 2],
      ['+tray*', 2],
      ['"tray" (quokka)', 1],
      ['tray OR wombat', 0],
      ["'); DROP TABLE", 0],
    ]
    for (const [q, total] of totals) expect((await search(q)).total, q).toBe(total)
    expect(await found('a'.repeat(100))).toEqual([])
  })

  it('renders a search page with its results, and refuses what no link makes', async () => {
    const [provider] = site.kernel.services.storefront.providersOf('SearchView')
    const input = (query: string) =>
      pageInput(
        { id: 'search', url: '/search', component: 'SearchView' },
        `/search?${query}`,
        {},
        {
          language: 'fr',
          currency: 'eur',
        },
      )
    const page = (await provider!.load(input('q=%20tasse%20bleue%20'))) as SearchPageExtra
    expect(page.q).toBe('tasse bleue')
    expect(page.search.data.map((item) => [item.id, item.displayname, item.price])).toEqual([
      ['blue-mug', 'Tasse bleue', { amount: 1100, currency: 'eur' }],
    ])
    expect(((await provider!.load(input(''))) as SearchPageExtra).search.total).toBe(0)
    for (const query of [`q=${'a'.repeat(101)}`, 'q=tasse&page=9', 'q=tasse&page=01'])
      await expect(provider!.load(input(query)), query).rejects.toMatchObject({
        code: 'ERROR_ITEMS_NOT_AVAILABLE',
      })
  })

  it('builds the listings from the records on the first start after the migration', async () => {
    const { db, listingIndex } = site.kernel.services
    await db(INDEX_STATE_TABLE).delete()
    for (const table of [SEARCH_TABLE, LISTING_TABLE, PRICES_TABLE, OPTIONS_TABLE])
      await db(table).delete()
    expect(await found('tray')).toEqual([])
    expect(await listingIndex.ensureCurrent()).toBeGreaterThanOrEqual(50)
    expect(await found('tray')).toEqual(['quokka-tray', 'wombat-tray'])
    expect(await found('crimson')).toEqual(['tee'])
    expect(await found('tasses', FR)).toContain('cafe-mug')
    // Built for these settings: nothing to do until they change.
    expect(await listingIndex.ensureCurrent()).toBe(0)
  })
})

describePlugin('search of the sample shop', COMMERCE_SUITE, (site) => {
  it('finds the seeded catalogue in both languages', async () => {
    const tee = await ok<ItemPage>(site.kernel, '', '/query/ns/search?q=classic%20tee')
    expect(tee.data.map((item) => item.id)).toEqual(['classic-tee'])
    expect(tee.data[0]!.price.amount).toBeGreaterThan(0)
    const french = await ok<ItemPage>(site.kernel, FR, '/query/ns/search?q=sweat')
    expect(french.data.map((item) => [item.id, item.displayname])).toEqual([
      ['hoodie', 'Sweat à capuche'],
    ])
    // By an option's value (the hoodie alone comes in XL) and a category's name.
    const xl = await ok<ItemPage>(site.kernel, '', '/query/ns/search?q=xl')
    expect(xl.data.map((item) => item.id)).toEqual(['hoodie'])
    const epicerie = await ok<ItemPage>(site.kernel, FR, '/query/ns/search?q=epicerie')
    expect(epicerie.total).toBeGreaterThan(0)
  })
})
