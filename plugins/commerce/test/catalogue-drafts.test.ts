/**
 * Items and categories are publishable (docs/history.md, "Drafts" and "Who may publish"): what
 * marketing drafts reaches no shopper, search or listing until a marketing manager publishes it,
 * and marketing cannot get round the draft through the live calls.
 */
import { expect, it } from 'vitest'
import { codeOf, describePlugin } from '@shopwright/core/testing'
import type { CategoryAnswer, ItemAnswer, ItemPage } from '../src/index.js'
import { categoryPageData } from '../src/server/storefront-pages.js'
import { call, COMMERCE_SUITE, ok, post } from './helpers.js'

const ref = (type: string, id: string) => ({ reference: true, type, id })

describePlugin('catalogue drafts', COMMERCE_SUITE, (site) => {
  const shopItem = (id: string) => call(site.kernel, '', { url: `/query/ns/data/get/item/${id}` })
  const listed = async (category: string) =>
    (await ok<ItemPage>(site.kernel, '', `/query/ns/data/list/item?category=${category}`)).data.map(
      (item) => [item.id, item.displayname],
    )
  const found = async (q: string) =>
    (await ok<ItemPage>(site.kernel, '', `/query/ns/search?q=${encodeURIComponent(q)}`)).data.map(
      (item) => item.id,
    )

  it('keeps a drafted item change from the shop until a marketing manager publishes it', async () => {
    const saved = await post(
      site.kernel,
      site.cookie('marketing'),
      '/query/data/draft/save/item/anchor-mug',
      [{ field: 'displayname', value: 'Harbour Mug' }],
    )
    expect(saved.statusCode, saved.body).toBe(200)
    expect((await shopItem('anchor-mug')).json<ItemAnswer>().displayname).toBe('Anchor Mug')
    expect(await listed('mugs')).toContainEqual(['anchor-mug', 'Anchor Mug'])
    expect(await found('harbour')).toEqual([])

    // Marketing may draft, not publish: neither through the draft nor round it.
    const refused = [
      await post(
        site.kernel,
        site.cookie('marketing'),
        '/query/data/draft/publish/item/anchor-mug',
      ),
      await post(site.kernel, site.cookie('marketing'), '/query/data/update/item/anchor-mug', [
        { field: 'displayname', value: 'Harbour Mug' },
      ]),
    ]
    expect(refused.map((reply) => [reply.statusCode, codeOf(reply), reply.json().values])).toEqual(
      Array(2).fill([403, 'ERROR_PERMISSION_TYPE', ['publish']]),
    )
    expect((await shopItem('anchor-mug')).json<ItemAnswer>().displayname).toBe('Anchor Mug')
    const draft = await call(site.kernel, site.cookie('marketing'), {
      url: '/query/data/draft/get/item/anchor-mug',
    })
    expect(draft.json<{ draft: { changed: string[] } | null }>().draft?.changed).toEqual([
      'displayname',
    ])

    const published = await post(
      site.kernel,
      site.cookie('marketingmanager'),
      '/query/data/draft/publish/item/anchor-mug',
    )
    expect(published.statusCode, published.body).toBe(200)
    expect((await shopItem('anchor-mug')).json<ItemAnswer>().displayname).toBe('Harbour Mug')
    expect(await listed('mugs')).toContainEqual(['anchor-mug', 'Harbour Mug'])
    expect(await found('harbour')).toEqual(['anchor-mug'])
  })

  it('lists a new item drafted by marketing only once it is published', async () => {
    const created = await post(site.kernel, site.cookie('marketing'), '/query/data/draft/create', {
      type: 'item',
      id: 'kiwi-mug',
      itemid: 'Kiwi Mug',
      displayname: 'Kiwi Mug',
      urlcomponent: 'kiwi-mug',
      online: true,
      primarycategory: ref('webcategory', 'mugs'),
      stock: 4,
      price1: {
        headers: [{ quantity: 1 }],
        lines: [{ pricelevel: 5, currency: 'usd', price_1_: 11 }],
      },
    })
    expect(created.statusCode, created.body).toBe(200)
    const shop = await shopItem('kiwi-mug')
    expect([shop.statusCode, codeOf(shop)]).toEqual([404, 'ERROR_ITEM_NOT_AVAILABLE'])
    expect((await listed('mugs')).map(([id]) => id)).not.toContain('kiwi-mug')
    expect(await found('kiwi')).toEqual([])
    // A live create of the type is a publish too.
    const live = await post(site.kernel, site.cookie('marketing'), '/query/data/create', {
      type: 'item',
      id: 'kiwi-mug-2',
      displayname: 'Kiwi Mug 2',
    })
    expect([live.statusCode, codeOf(live)]).toEqual([403, 'ERROR_PERMISSION_TYPE'])
    expect(await site.kernel.services.records.find('item', 'kiwi-mug-2')).toBeNull()

    const published = await post(
      site.kernel,
      site.cookie('marketingmanager'),
      '/query/data/draft/publish/item/kiwi-mug',
    )
    expect(published.statusCode, published.body).toBe(200)
    expect((await shopItem('kiwi-mug')).json<ItemAnswer>().available).toBe(4)
    expect((await listed('mugs')).map(([id]) => id)).toContain('kiwi-mug')
    expect(await found('kiwi')).toEqual(['kiwi-mug'])
  })

  it('takes an unpublished item out of the shop, its listing and search, and back on publish', async () => {
    expect(await found('kiwi')).toEqual(['kiwi-mug'])
    const writer = await post(
      site.kernel,
      site.cookie('marketing'),
      '/query/data/draft/unpublish/item/kiwi-mug',
    )
    expect([writer.statusCode, codeOf(writer)]).toEqual([403, 'ERROR_PERMISSION_TYPE'])
    expect(await found('kiwi')).toEqual(['kiwi-mug'])
    const gone = await post(
      site.kernel,
      site.cookie('marketingmanager'),
      '/query/data/draft/unpublish/item/kiwi-mug',
    )
    expect(gone.statusCode, gone.body).toBe(200)
    const shop = await shopItem('kiwi-mug')
    expect([shop.statusCode, codeOf(shop)]).toEqual([404, 'ERROR_ITEM_NOT_AVAILABLE'])
    expect((await listed('mugs')).map(([id]) => id)).not.toContain('kiwi-mug')
    expect(await found('kiwi')).toEqual([])
    const back = await post(
      site.kernel,
      site.cookie('marketingmanager'),
      '/query/data/draft/publish/item/kiwi-mug',
    )
    expect(back.statusCode, back.body).toBe(200)
    expect((await shopItem('kiwi-mug')).json<ItemAnswer>().available).toBe(4)
    expect(await found('kiwi')).toEqual(['kiwi-mug'])
  })

  it('drafts a category: the shop keeps its published name', async () => {
    const saved = await post(
      site.kernel,
      site.cookie('marketing'),
      '/query/data/draft/save/webcategory/hats',
      [{ field: 'name', value: 'Caps' }],
    )
    expect(saved.statusCode, saved.body).toBe(200)
    const category = async () =>
      (await ok<CategoryAnswer>(site.kernel, '', '/query/ns/data/get/webcategory/hats')).name
    expect(await category()).toBe('Hats')
    const published = await post(
      site.kernel,
      site.cookie('marketingmanager'),
      '/query/data/draft/publish/webcategory/hats',
    )
    expect(published.statusCode, published.body).toBe(200)
    expect(await category()).toBe('Caps')
  })

  it('shows a drafted item and category on their preview pages, the published ones elsewhere', async () => {
    const marketing = site.cookie('marketing')
    for (const [path, field, value] of [
      ['item/anchor-mug', 'displayname', 'Lighthouse Mug'],
      ['webcategory/mugs', 'name', 'Cups and mugs'],
    ])
      expect(
        (await post(site.kernel, marketing, `/query/data/draft/save/${path}`, [{ field, value }]))
          .statusCode,
      ).toBe(200)
    const { records, recordPreviews } = site.kernel.services
    const { shopContexts, catalogue } = site.kernel.containerOf('commerce').cradle
    const provider = categoryPageData(catalogue, shopContexts)
    // As the storefront's pageData hands them over: the record read as the visitor, then through
    // the preview (storefront/src/server/draft-previews.ts).
    const load = async (component: string, type: string, id: string, preview: boolean) => {
      const live = await records.get(null, type, id)
      const record = preview ? await recordPreviews.recordOf({ type, id }, live) : live
      return provider.load({
        entity: null,
        route: { id: component, url: `/x/:id`, component },
        params: { id },
        props: {},
        record,
        ...(preview ? { preview: true as const } : {}),
        language: 'en',
        locale: null,
        currency: 'usd',
        href: `/x/${id}`,
        query: new URLSearchParams(),
      })
    }
    const item = (extra: unknown) => (extra as { item: ItemAnswer }).item
    const category = (extra: unknown) => (extra as { category: CategoryAnswer }).category
    expect(item(await load('ItemView', 'item', 'anchor-mug', true))).toMatchObject({
      id: 'anchor-mug',
      displayname: 'Lighthouse Mug',
      price: { currency: 'usd' },
    })
    // The first test published its name.
    expect(item(await load('ItemView', 'item', 'anchor-mug', false)).displayname).toBe(
      (await records.find('item', 'anchor-mug'))?.displayname,
    )
    expect(category(await load('CategoryView', 'webcategory', 'mugs', true)).name).toBe(
      'Cups and mugs',
    )
    expect(category(await load('CategoryView', 'webcategory', 'mugs', false)).name).toBe('Mugs')
    for (const path of ['item/anchor-mug', 'webcategory/mugs'])
      expect(
        (await post(site.kernel, marketing, `/query/data/draft/discard/${path}`)).statusCode,
      ).toBe(200)
  })

  it('tells each role what it may do with the catalogue', async () => {
    const flags = async (person: 'marketing' | 'marketingmanager') =>
      (
        await ok<{ catalogue: Record<string, boolean> }>(
          site.kernel,
          site.cookie(person),
          '/query/access/catalogue',
        )
      ).catalogue
    expect(await flags('marketing')).toEqual({
      view: true,
      edit: true,
      create: true,
      delete: false,
      publish: false,
    })
    expect((await flags('marketingmanager')).publish).toBe(true)
  })
})
