import { expect } from 'vitest'
import { SYSTEM_ACTOR, type Kernel, type RecordData, type ShopwrightConfig } from '@shopwright/core'
import {
  bootTestKernel,
  codeOf,
  inject,
  type DatabaseUnderTest,
  type TestSite,
} from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account, { SESSION_COOKIE } from '@shopwright/plugin-account'
import { accountSuite, callAs, type TestPerson } from '@shopwright/plugin-account/testing'
import { allSeeds } from '@shopwright/seeds'
import { storefrontPlugin } from '@shopwright/storefront'
import commerce from '../src/index.js'
import { STOCK_TABLE } from '../src/server/migrations.js'

export type Reply = Awaited<ReturnType<typeof inject>>

export const PEOPLE = {
  manager: { roles: ['allmanagers'] },
  marketing: { roles: ['marketing'] },
  // Marketing drafts catalogue changes; its manager publishes them (docs/history.md).
  marketingmanager: { roles: ['marketingmanager'] },
  support: { roles: ['support'] },
  office: { roles: ['office'] },
  finance: { roles: ['financemanager'] },
  ada: { type: 'customer', roles: [] },
  bob: { type: 'customer', roles: [] },
} as const satisfies Record<string, TestPerson>
export type Person = keyof typeof PEOPLE

/** The plugins of these suites: the storefront for its page data registry, its pages not mounted. */
export const PLUGINS = [records, account, commerce, storefrontPlugin()]

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
    {
      type: 'webcategory',
      id: 'mugs',
      name: 'Mugs',
      online: true,
      sequence: 1,
      translations: { fr: { name: 'Tasses' } },
    },
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
    item('tee-red-m', 'Tee : Red : M', {
      displayname: 'Tee, Red, M',
      parent: ref('item', 'tee'),
      price1: undefined,
      price2: undefined,
      primarycategory: undefined,
      stock: 5,
    }),
    item('tee-red-l', 'Tee : Red : L', {
      displayname: 'Tee, Red, L',
      parent: ref('item', 'tee'),
      price1: matrix('usd', [1], [5, 22]),
      price2: undefined,
      primarycategory: undefined,
      stock: 0,
    }),
    { type: 'webcategory', id: 'hats', name: 'Hats', online: true, sequence: 4 },
    // Priced from its cheapest online option; the offline one, cheaper still, does not count.
    item('cap', 'Cap', {
      primarycategory: ref('webcategory', 'hats'),
      stock: 0,
      price1: matrix('usd', [1], [5, 15]),
    }),
    item('cap-kids', 'Cap : Kids', {
      parent: ref('item', 'cap'),
      primarycategory: undefined,
      stock: 4,
      price1: matrix('usd', [1], [5, 9]),
    }),
    item('cap-old', 'Cap : Old', {
      parent: ref('item', 'cap'),
      primarycategory: undefined,
      online: false,
      stock: 2,
      price1: matrix('usd', [1], [5, 1]),
    }),
    // Its only option is offline: it is bought as itself.
    item('lone', 'Lone Hat', { primarycategory: ref('webcategory', 'hats'), stock: 3 }),
    item('lone-old', 'Lone Hat : Old', {
      parent: ref('item', 'lone'),
      primarycategory: undefined,
      online: false,
      stock: 3,
    }),
    // An offline copy sharing blue-mug's address, whose id sorts first.
    item('aaa-copy', 'Copy', {
      urlcomponent: 'blue-mug',
      online: false,
      primarycategory: undefined,
    }),
  ].map((record) => JSON.parse(JSON.stringify(record)) as RecordData)
}

/** The shop the suites start: the sample company and the test catalogue. */
const shopSeeds = (): RecordData[] => [...allSeeds(), ...testCatalogue()]

/**
 * The commerce suites: records, account, commerce and the storefront on a fresh database, seeded
 * with the sample company and the test catalogue, with each person signed in
 * (`describePlugin(title, COMMERCE_SUITE, ...)`).
 */
export const COMMERCE_SUITE = accountSuite(PLUGINS, PEOPLE, {
  seeds: shopSeeds,
  kernel: { pages: false },
})

/** A signed-in person's account, as records name their owner: `{ type, id }`. */
export function entityOf(site: TestSite<Person>, person: Person): { type: string; id: string } {
  const [type = '', id = ''] = site.actor(person).split('|')
  return { type, id }
}

/**
 * A kernel with records, account and commerce on a fresh database, the sample company and the
 * test catalogue: for the suites that start their own (a fault proxy, settings read from the
 * environment when the kernel is made). No one is signed in: those suites add their own shoppers
 * (newCustomer).
 */
export async function bootCommerce(
  database: DatabaseUnderTest,
  overrides: Partial<ShopwrightConfig> = {},
) {
  const booted = await bootTestKernel(database, PLUGINS, overrides, { pages: false })
  await booted.kernel.seed(shopSeeds())
  return booted
}

export const call = callAs

/** An item's units on hand and held for checkouts running, from the stock table. */
export async function stockOf(kernel: Pick<Kernel, 'services'>, item: string) {
  const row = (await kernel.services
    .db(STOCK_TABLE)
    .where({ item })
    .first('onhand', 'reserved')) as { onhand: number; reserved: number }
  return { onhand: Number(row.onhand), reserved: Number(row.reserved) }
}

/**
 * What the storefront gives a page provider to load a page at `href` (its query read from it), for
 * an anonymous visitor in `language` paying in `currency`.
 */
export function pageInput(
  route: { id: string; url: string; component: string },
  href: string,
  params: Record<string, string> = {},
  visitor = { language: 'en-us', currency: 'usd' },
) {
  return {
    entity: null,
    route,
    params,
    props: {},
    record: null,
    language: visitor.language,
    locale: null,
    currency: visitor.currency,
    href,
    query: new URLSearchParams(href.split('?')[1] ?? ''),
  }
}

/** The category page of the mugs at `/category/mugs?{query}`. */
export const mugsPage = (query: string) =>
  pageInput(
    { id: 'category', url: '/category/:id', component: 'CategoryView' },
    `/category/mugs?${query}`,
    { id: 'mugs' },
  )

/** A locale cookie choosing a currency and language. */
export function localeCookie(currency: string, language = 'en-us', country = 'us'): string {
  return `sw_locale=${encodeURIComponent(JSON.stringify({ country, currency, language }))}`
}

/**
 * Expects each URL's answer to an anonymous GET to be its `[url, status, code]`: a table of
 * refusals is checked in one comparison, each row naming its URL.
 */
export async function expectAnswers(
  kernel: Pick<Kernel, 'app'>,
  cases: ReadonlyArray<readonly [string, number, string | undefined]>,
): Promise<void> {
  const answers: Array<[string, number, string | undefined]> = []
  for (const [url] of cases) {
    const reply = await call(kernel, '', { url })
    answers.push([url, reply.statusCode, codeOf(reply)])
  }
  expect(answers).toEqual(cases)
}

export async function ok<T>(kernel: Pick<Kernel, 'app'>, cookie: string, url: string): Promise<T> {
  const reply = await call(kernel, cookie, { url })
  if (reply.statusCode !== 200)
    throw new Error(`${url} answered ${reply.statusCode}: ${reply.body}`)
  return reply.json<T>()
}

/** A city and postal code of each country the tests ship to: the account plugin checks the code's format. */
const PLACES: Readonly<Record<string, { city: string; zip: string }>> = {
  us: { city: 'New York', zip: '10001' },
  gb: { city: 'London', zip: 'N1 1AA' },
  fr: { city: 'Paris', zip: '75001' },
}

/** Gives a customer an address book line (their default shipping and billing address). */
export async function giveAddress(
  kernel: Pick<Kernel, 'services'>,
  customer: { type: string; id: string },
  country = 'us',
): Promise<string> {
  await kernel.services.records.modify(
    SYSTEM_ACTOR,
    customer.type,
    customer.id,
    ['addressbook'],
    (record) => {
      record.addressbook = [
        {
          id: '1',
          addressee: 'Ada Lovelace',
          addr1: '12 Analytical Row',
          addr2: '',
          city: (PLACES[country] ?? PLACES.us!).city,
          state: '',
          zip: (PLACES[country] ?? PLACES.us!).zip,
          country,
          addrphone: '',
          defaultbilling: true,
          defaultshipping: true,
          isresidential: true,
        },
      ]
    },
  )
  return '1'
}

let signIns = 0

/**
 * Adds and signs in a customer with an address; answers their cookie and entity. Each signs in
 * from its own address (X-Forwarded-For: boot with trustProxy), so a hundred of them stay under
 * the sign-in limit per address.
 */
export async function newCustomer(
  kernel: Pick<Kernel, 'app' | 'services'>,
  email: string,
  country = 'us',
) {
  const added = await kernel.services.accounts.addAccount({
    type: 'customer',
    email,
    password: 'secret12',
    roles: [],
  })
  signIns++
  const reply = await inject(kernel, {
    method: 'POST',
    url: '/query/account/login',
    payload: { email, password: 'secret12' },
    headers: {
      'x-forwarded-for': `10.${(signIns >> 16) & 255}.${(signIns >> 8) & 255}.${signIns & 255}`,
    },
  })
  const session = reply.cookies.find((cookie) => cookie.name === SESSION_COOKIE)
  if (reply.statusCode !== 200 || !session)
    throw new Error(`sign-in of ${email}: ${reply.statusCode} ${reply.body}`)
  const signed = {
    type: 'customer',
    id: String(added.id),
    cookie: `${SESSION_COOKIE}=${session.value}`,
  }
  const entity = { type: signed.type, id: signed.id }
  await giveAddress(kernel, entity, country)
  return { cookie: signed.cookie, entity }
}

/**
 * A new customer who pays on account: 30 days' terms, up to `creditlimit`, kept in
 * `creditcurrency` (the site's default, USD, when not given).
 */
export async function termsCustomer(
  kernel: Pick<Kernel, 'app' | 'services'>,
  email: string,
  creditlimit: number,
  creditcurrency?: string,
) {
  const customer = await newCustomer(kernel, email)
  await kernel.services.records.modify(
    SYSTEM_ACTOR,
    customer.entity.type,
    customer.entity.id,
    creditcurrency ? ['terms', 'creditlimit', 'creditcurrency'] : ['terms', 'creditlimit'],
    (record) => {
      record.terms = 'net30'
      record.creditlimit = creditlimit
      if (creditcurrency) record.creditcurrency = ref('currency', creditcurrency)
    },
  )
  return customer
}

/** A POST with a JSON body as a caller. */
export function post(
  kernel: Pick<Kernel, 'app'>,
  cookie: string | undefined,
  url: string,
  payload?: unknown,
): Promise<Reply> {
  return callAs(kernel, cookie, {
    method: 'POST',
    url,
    ...(payload === undefined ? {} : { payload }),
  })
}

/** The Cookie header value of a reply's sw_cart cookie, joined to another cookie when given. */
export function cartCookie(reply: Reply, other = ''): string {
  const found = reply.cookies.find((cookie) => cookie.name === 'sw_cart')
  if (!found) throw new Error('no cart cookie')
  return [other, `sw_cart=${found.value}`].filter(Boolean).join('; ')
}

export const VISA = {
  number: '4242 4242 4242 4242',
  expiry: '12/2035',
  name: 'Ada Lovelace',
  paymentmethod: 'Visa',
  cvc: '123',
}
export const DECLINED = {
  number: '4000 0000 0000 0002',
  expiry: '12/2035',
  paymentmethod: 'Visa',
  cvc: '123',
}

/** A guest's shipping address in the United States (Virginia), as checkout/guest takes it. */
export const GUEST_ADDRESS = {
  addressee: 'Grace Hopper',
  addr1: '1 Compiler Way',
  city: 'Arlington',
  state: 'VA',
  zip: '22201',
  country: 'us',
}
