/*
 * The answers of the storefront's data, cart and checkout calls as schemas (shared/types.ts and
 * shared/answers.ts say them as types): route-schemas.ts puts them in the calls' descriptions, from
 * which the OpenAPI document is built and the answer tests check real answers.
 */
import { z } from '@shopwright/core'
import { SORT_ORDERS } from '../shared/listing.js'

export const image = z.object({ url: z.string(), alt: z.string().optional() })
const money = z.object({ amount: z.number(), currency: z.string() })
const breaks = z.array(z.object({ quantity: z.number(), amount: z.number() }))

/** A list item: fixed fields, plus the price under the visitor's level name (`onlineprice`). */
export const listItem = z
  .object({
    id: z.string(),
    displayname: z.string(),
    storedetaileddescription: z.string(),
    urlcomponent: z.string(),
    storedisplaythumbnail: image.nullable(),
    price: money,
    instock: z.boolean(),
    haschildren: z.boolean(),
  })
  .catchall(z.union([z.number(), z.null()]))
export const item = listItem.extend({
  itemid: z.string(),
  storedisplayimage: image.nullable(),
  gallery: z.array(image),
  breaks,
  available: z.number(),
  children: z.array(
    z.object({
      id: z.string(),
      displayname: z.string(),
      itemid: z.string(),
      sku: z.string(),
      price: money,
      breaks,
      available: z.number(),
      storedisplayimage: image.nullable(),
      options: z.array(z.string()),
    }),
  ),
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  primarycategory: z.string().nullable(),
})
export const categoryFields = {
  id: z.string(),
  name: z.string(),
  custrecord_web_webcat_content: z.string(),
  urlcomponent: z.string(),
  storedisplayimage: image.nullable(),
}
export const pageOf = (entry: z.ZodType) => ({
  data: z.array(entry),
  page: z.int(),
  pages: z.int(),
  pagesize: z.int(),
})
/** `ListingChoice`: the sort and filters applied, amounts in minor units. */
export const listing = z.object({
  sort: z.enum(SORT_ORDERS),
  min: z.int().nullable(),
  max: z.int().nullable(),
  instock: z.boolean(),
  options: z.array(z.string()),
})
/** `CategoryFacets`: each counted under the other filters. */
export const facets = z.object({
  price: z.object({ min: z.int(), max: z.int(), currency: z.string() }).nullable(),
  instock: z.int(),
  options: z.array(z.object({ key: z.string(), value: z.string(), count: z.int() })),
})
export const category = z.object({
  ...categoryFields,
  items: z.array(listItem),
  page: z.int(),
  pages: z.int(),
  pagesize: z.int(),
  total: z.int(),
  listing,
  facets,
})
/** An order or invoice as its owner sees it: fixed fields, the record's others beside them. */
export const document = z
  .object({
    id: z.string(),
    tranid: z.string(),
    trandate: z.string(),
    status: z.string(),
    statusid: z.string(),
  })
  .loose()

const shipMethod = z.object({ id: z.string(), name: z.string(), rate: z.number() })
const shipAddress = z.object({
  id: z.string(),
  addressee: z.string(),
  addr1: z.string(),
  addr2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
  addrphone: z.string(),
})
/** `CartAnswer`: amounts in minor units. */
export const cart = z.object({
  currency: z.object({ id: z.string(), code: z.string(), places: z.int() }),
  lines: z.array(
    z.object({
      id: z.string(),
      item: z.string(),
      displayname: z.string(),
      itemid: z.string(),
      sku: z.string(),
      thumbnail: image.nullable(),
      quantity: z.int(),
      rate: z.number(),
      amount: z.number(),
      tax: z.number(),
      taxcode: z.string(),
      available: z.number(),
      purchasable: z.boolean(),
      problem: z.enum(['unavailable', 'noprice', 'stock', 'options']).optional(),
      was: z.number().optional(),
      now: z.number().optional(),
    }),
  ),
  count: z.int(),
  subtotal: z.number(),
  taxtotal: z.number(),
  shipping: z.number(),
  total: z.number(),
  shipmethod: shipMethod.nullable(),
  shipmethods: z.array(shipMethod),
  shipaddress: shipAddress.nullable(),
  purchasable: z.boolean(),
})
/** `CheckoutAnswer`: the review. */
export const review = z.object({
  cart,
  addresses: z.array(shipAddress),
  cards: z.array(
    z.object({
      internalid: z.string(),
      ccname: z.string(),
      ccexpiredate: z.string(),
      paymentmethod: z.string(),
      last4: z.string(),
      ccdefault: z.boolean(),
    }),
  ),
  terms: z.object({ id: z.string(), name: z.string(), days: z.number() }).nullable(),
  creditlimit: z.number().nullable(),
  guest: z.object({ email: z.string(), address: shipAddress }).nullable(),
})
