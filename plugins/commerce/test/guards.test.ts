import { expect, it } from 'vitest'
import { codeOf, describePlugin } from '@shopwright/core/testing'
import type { ItemPage } from '../src/index.js'
import { STOCK_TABLE } from '../src/server/migrations.js'
import { call, COMMERCE_SUITE, ok, post } from './helpers.js'

const ref = (type: string, id: string) => ({ reference: true, type, id })
const prices = {
  headers: [{ quantity: 1 }],
  lines: [{ pricelevel: 5, currency: 'usd', price_1_: 7.5 }],
}

describePlugin('catalogue records through the record calls', COMMERCE_SUITE, (site) => {
  const create = (cookie: string, record: Record<string, unknown>) =>
    post(site.kernel, cookie, '/query/data/create', { type: 'item', ...record })
  const listed = async () =>
    (await ok<ItemPage>(site.kernel, '', '/query/ns/data/list/item?category=tees')).data.map(
      (item) => item.id,
    )

  it('lists an item a marketing manager creates, sets its stock, and drops it from the list when binned', async () => {
    const created = await create(site.cookie('marketingmanager'), {
      id: 'green-tee',
      displayname: 'Green Tee',
      online: true,
      primarycategory: ref('webcategory', 'tees'),
      stock: 7,
      price1: prices,
      storedisplayimage: { url: '/query/drive/load/public/catalogue/green.webp', alt: 'Green' },
    })
    expect(created.statusCode, created.body).toBe(200)
    expect(await listed()).toContain('green-tee')
    const row = (await site.kernel.services
      .db(STOCK_TABLE)
      .where({ item: 'green-tee' })
      .first('onhand')) as { onhand: number }
    expect(Number(row.onhand)).toBe(7)
    const offline = await post(
      site.kernel,
      site.cookie('marketingmanager'),
      '/query/data/update/item/green-tee',
      [{ field: 'online', value: false }],
    )
    expect(offline.statusCode, offline.body).toBe(200)
    expect(await listed()).not.toContain('green-tee')
    await post(site.kernel, site.cookie('marketingmanager'), '/query/data/update/item/green-tee', [
      { field: 'online', value: true },
    ])
    const binned = await post(
      site.kernel,
      site.cookie('manager'),
      '/query/data/bin/item%7Cgreen-tee',
    )
    expect([200, 204]).toContain(binned.statusCode)
    expect(await listed()).not.toContain('green-tee')
  })

  it('refuses malformed prices, hostile image addresses and grandchildren, storing nothing', async () => {
    const cases: Array<Record<string, unknown>> = [
      { price1: { headers: [{ quantity: 10 }, { quantity: 5 }], lines: [] } },
      {
        price1: {
          headers: [{ quantity: 1 }],
          lines: [{ pricelevel: 5, currency: 'usd', price_1_: -3 }],
        },
      },
      {
        price1: {
          headers: [{ quantity: 1 }],
          lines: [{ pricelevel: 5, currency: 'usd', price_2_: 3 }],
        },
      },
      {
        price1: {
          headers: [{ quantity: 1 }],
          lines: [
            { pricelevel: 5, currency: 'usd', price_1_: 3 },
            { pricelevel: 5, currency: 'usd', price_1_: 4 },
          ],
        },
      },
      { price1: 'cheap' },
      { storedisplayimage: { url: 'javascript:alert(1)' } },
      { storedisplayimage: { url: '//evil.example/x.png' } },
      // The pages load images from the site only.
      { storedisplayimage: { url: 'https://cdn.example/x.png' } },
      { storedisplayimage: { url: 'data:image/svg+xml,<svg onload=alert(1)>' } },
      { gallery: [{ url: '/a.webp', onerror: 'x' }] },
      { parent: ref('item', 'tee-red-m') },
      { stock: -1 },
      { translations: { fr: { displayname: 5 } } },
    ]
    for (const [index, extra] of cases.entries()) {
      const reply = await create(site.cookie('marketingmanager'), {
        id: `bad-${index}`,
        displayname: 'Bad',
        ...extra,
      })
      expect([JSON.stringify(extra), reply.statusCode, codeOf(reply)]).toEqual([
        JSON.stringify(extra),
        400,
        expect.stringMatching(/^ERROR_INVALID_/),
      ])
      expect(await site.kernel.services.records.find('item', `bad-${index}`)).toBeNull()
    }
  })

  it('refuses a price table smuggling __proto__, as every body is', async () => {
    const raw =
      '{"type":"item","id":"proto-tee","displayname":"P","price1":{"headers":[{"quantity":1}],"lines":[],"__proto__":{"x":1}}}'
    const reply = await call(site.kernel, site.cookie('marketingmanager'), {
      method: 'POST',
      url: '/query/data/create',
      payload: raw,
      headers: { 'content-type': 'application/json' },
    })
    expect(reply.statusCode).toBe(400)
    expect(await site.kernel.services.records.find('item', 'proto-tee')).toBeNull()
  })

  it('cleans scripts out of translated descriptions', async () => {
    const created = await create(site.cookie('marketingmanager'), {
      id: 'clean-tee',
      displayname: 'Clean Tee',
      translations: {
        fr: {
          displayname: 'T-shirt',
          storedetaileddescription:
            '<p>Doux<script>alert(1)</script><img src=x onerror=alert(1)></p>',
        },
      },
    })
    expect(created.statusCode, created.body).toBe(200)
    const stored = await site.kernel.services.records.find('item', 'clean-tee')
    const french = (stored!.translations as Record<string, Record<string, string>>).fr!
      .storedetaileddescription!
    expect(french).toContain('Doux')
    expect(french).not.toMatch(/script|onerror/)
  })

  it('keeps orders to checkout: staff cannot create one, customers cannot read them through the record calls', async () => {
    const made = await post(site.kernel, site.cookie('manager'), '/query/data/create', {
      type: 'salesorder',
      status: 'pendingFulfillment',
      tranid: 'SO1',
    })
    expect(made.statusCode).toBe(403)
    const list = await call(site.kernel, site.cookie('ada'), {
      url: '/query/data/list/salesorder',
    })
    expect(list.statusCode).toBe(403)
  })

  it('checks shipping and tax rates whole before storing them', async () => {
    const bad: Array<Record<string, unknown>> = [
      {
        type: 'shipmethod',
        id: 'bad-ship-1',
        name: 'Bad',
        rates: [{ currency: 'usd', rate: -5 }],
      },
      {
        type: 'shipmethod',
        id: 'bad-ship-2',
        name: 'Bad',
        rates: [{ currency: 'usd', rate: 5, discount: 1 }],
      },
      {
        type: 'shipmethod',
        id: 'bad-ship-3',
        name: 'Bad',
        rates: [
          { currency: 'usd', rate: 5 },
          { currency: 'USD', rate: 6 },
        ],
      },
      { type: 'shipmethod', id: 'bad-ship-4', name: 'Bad', rates: 'free' },
      { type: 'taxcode', id: 'bad-tax-1', name: 'Bad', rate: 150 },
      { type: 'taxcode', id: 'bad-tax-2', name: 'Bad', rates: [{ country: '../fr', rate: 5 }] },
    ]
    for (const record of bad) {
      const reply = await post(site.kernel, site.cookie('manager'), '/query/data/create', record)
      expect([record.id, reply.statusCode, codeOf(reply)]).toEqual([
        record.id,
        400,
        'ERROR_INVALID_INPUT',
      ])
      expect(
        await site.kernel.services.records.find(String(record.type), String(record.id)),
      ).toBeNull()
    }
    const good = await post(site.kernel, site.cookie('manager'), '/query/data/create', {
      type: 'shipmethod',
      id: 'courier',
      name: 'Courier',
      rates: [{ currency: 'USD', rate: '7.5', freeover: '' }],
    })
    expect(good.statusCode, good.body).toBe(200)
    expect(await site.kernel.services.records.find('shipmethod', 'courier')).toMatchObject({
      rates: [{ currency: 'usd', rate: 7.5 }],
    })
  })
})
