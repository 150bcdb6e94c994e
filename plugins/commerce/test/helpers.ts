import type { Kernel, RecordData, ShopwrightConfig } from '@shopwright/core'
import { bootTestKernel, inject, type DatabaseUnderTest } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '@shopwright/plugin-account'
import { callAs, signInPeople, type TestPerson } from '@shopwright/plugin-account/testing'
import { allSeeds } from '@shopwright/seeds'
import commerce from '../src/index.js'

export type Reply = Awaited<ReturnType<typeof inject>>

export const PEOPLE = {
  manager: { roles: ['allmanagers'] },
  marketing: { roles: ['marketing'] },
  support: { roles: ['support'] },
  ada: { type: 'customer', roles: [] },
  bob: { type: 'customer', roles: [] },
} as const satisfies Record<string, TestPerson>
export type Person = keyof typeof PEOPLE

export const PLUGINS = [records, account, commerce]

const ref = (type: string, id: string) => ({ reference: true, type, id })
const matrix = (currency: string, headers: number[], ...lines: Array<[number, ...number[]]>) => ({
  headers: headers.map((quantity) => ({ quantity })),
  lines: lines.map(([pricelevel, ...prices]) => ({
    pricelevel,
    currency,
    ...Object.fromEntries(prices.map((price, index) => [`price_${index + 1}_`, price])),
  })),
})

/** A small catalogue, written as seeds (so through the reindex path, not the guard). */
export function testCatalogue(): RecordData[] {
  const item = (id: string, name: string, extra: Record<string, unknown> = {}): RecordData => ({
    type: 'item',
    id,
    itemid: name,
    displayname: name,
    urlcomponent: id,
    online: true,
    primarycategory: ref('webcategory', 'mugs'),
    stock: 100,
    price1: matrix('usd', [1], [5, 10]),
    price2: matrix('eur', [1], [5, 9]),
    ...extra,
  })
  return [
    { type: 'webcategory', id: 'mugs', name: 'Mugs', online: true, sequence: 1, translations: { fr: { name: 'Tasses' } } },
    { type: 'webcategory', id: 'tees', name: 'Tees', online: true, sequence: 2 },
    { type: 'webcategory', id: 'hidden', name: 'Hidden', online: false, sequence: 3 },
    item('blue-mug', 'Blue Mug', {
      price1: matrix('usd', [1, 10, 50], [5, 12, 10.8, 9.6], [1, 14]),
      price2: matrix('eur', [1, 12], [5, 11, 9.9]),
      translations: { fr: { displayname: 'Tasse bleue' } },
      categories: [ref('webcategory', 'tees')],
    }),
    item('anchor-mug', 'Anchor Mug'),
    item('zebra-mug', 'Zebra Mug', { stock: 0 }),
    item('offline-mug', 'Offline Mug', { online: false }),
    item('few-mug', 'Few Mug', { stock: 10 }),
    item('tee', 'Tee', { primarycategory: ref('webcategory', 'tees'), stock: 0 }),
    item('tee-red-m', 'Tee : Red : M', { displayname: 'Tee, Red, M', parent: ref('item', 'tee'), price1: undefined, price2: undefined, primarycategory: undefined, stock: 5 }),
    item('tee-red-l', 'Tee : Red : L', { displayname: 'Tee, Red, L', parent: ref('item', 'tee'), price1: matrix('usd', [1], [5, 22]), price2: undefined, primarycategory: undefined, stock: 0 }),
  ].map((record) => JSON.parse(JSON.stringify(record)) as RecordData)
}

/** A kernel with records, account and commerce on a fresh database, the sample company and the test catalogue. */
export async function bootCommerce(
  database: DatabaseUnderTest,
  overrides: Partial<ShopwrightConfig> = {},
) {
  const booted = await bootTestKernel(database, PLUGINS, overrides)
  await booted.kernel.seed([...allSeeds(), ...testCatalogue()])
  const signedIn = await signInPeople(booted.kernel, PEOPLE)
  const cookies = {} as Record<Person, string>
  const entities = {} as Record<Person, { type: string; id: string }>
  for (const name of Object.keys(PEOPLE) as Person[]) {
    cookies[name] = signedIn[name].cookie
    entities[name] = { type: signedIn[name].type, id: signedIn[name].id }
  }
  return { ...booted, cookies, entities }
}

export const call = callAs

/** A locale cookie choosing a currency and language. */
export function localeCookie(currency: string, language = 'en-us', country = 'us'): string {
  return `sw_locale=${encodeURIComponent(JSON.stringify({ country, currency, language }))}`
}

export function codeOf(reply: Reply): string | undefined {
  try {
    return reply.json<{ message?: string }>().message
  } catch {
    return undefined
  }
}

export async function ok<T>(kernel: Pick<Kernel, 'app'>, cookie: string, url: string): Promise<T> {
  const reply = await call(kernel, cookie, { url })
  if (reply.statusCode !== 200) throw new Error(`${url} answered ${reply.statusCode}: ${reply.body}`)
  return reply.json<T>()
}
