import { GuestBody } from './checkout/guests.js'
import { describe, z } from '@shopwright/core'
import { recordAnswer } from '@shopwright/plugin-records'
import {
  MAX_FILTER_PRICE,
  MAX_OPTION_FILTERS,
  MAX_OPTION_KEY,
  MAX_QUERY_LENGTH,
  SORT_ORDERS,
} from '../shared/listing.js'
import {
  CATEGORY_TYPE,
  INVOICE_TYPE,
  ITEM_TYPE,
  MAX_LINE_QUANTITY,
  ORDER_TYPE,
} from '../shared/types.js'
import { MAX_ITEMS_PAGE } from './catalogue/catalogue.js'

import {
  cart,
  category,
  categoryFields,
  document,
  facets,
  image,
  item,
  listItem,
  listing,
  pageOf,
  review,
} from './answer-schemas.js'

/*
 * The descriptions of the storefront's data, search, cart and checkout calls, with their answers
 * from answer-schemas.ts: the OpenAPI document is built from them, and the router checks each
 * call's path, query and body against them before its handler runs (docs/api.md, "Validation").
 * A check that needs the database or the visitor (a currency's decimals, a record's existence)
 * stays in the handler.
 */

/** The storefront's record types (ns-routes.ts). */
export const NS_TYPES = ['webpage', ITEM_TYPE, CATEGORY_TYPE, ORDER_TYPE, INVOICE_TYPE] as const
export type NsType = (typeof NS_TYPES)[number]
const nsType = z.enum(NS_TYPES, { error: 'ERROR_RECORDTYPE_REQUIRED' })
const ID = /^[A-Za-z0-9_-]+$/
/** A record id (the spec's rule), refused with ERROR_INVALID_ID. */
const id = z.string().regex(ID, 'ERROR_INVALID_ID')
/**
 * A price filter as displayed, in the visitor's currency (`9.99`); its decimals against the
 * currency's, and min against max, are read with the visitor's currency (shared/listing.ts).
 */
const amount = z
  .string()
  .regex(/^\d{1,8}(\.\d{1,8})?$/, { error: 'must be an amount such as 10 or 9.99' })
  .refine((text) => Number(text) <= MAX_FILTER_PRICE, {
    error: `must be at most ${MAX_FILTER_PRICE}`,
  })
/** A whole-number query option from 1 to `max` (the digits only: no sign, point or exponent). */
const whole = (max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'ERROR_INVALID_INTEGER')
    .transform(Number)
    .pipe(z.int().min(1, 'ERROR_INVALID_INTEGER').max(max, 'ERROR_INVALID_INTEGER'))
/** The deepest page of a storefront list. */
export const MAX_LIST_PAGE = 1_000_000
/** The largest page of web pages (items, categories' items and documents: MAX_ITEMS_PAGE). */
export const MAX_WEBPAGE_PAGE = 1_000
/** The deepest page a search answers: past it, a shopper would rather search again. */
export const MAX_SEARCH_PAGE = 1_000
const storefront = { rule: 'anyone; orders and invoices: their signed-in owner' }
const nsGetErrors = [
  'ERROR_RECORDTYPE_REQUIRED',
  'ERROR_INVALID_ID',
  'ERROR_FRAGMENT_ID_EXPECTED',
  'ERROR_NOT_SIGNED_IN',
  'ERROR_ACCESS_DENIED',
  'ERROR_RECORD_NOT_AVAILABLE',
  'ERROR_ITEM_NOT_AVAILABLE',
  'ERROR_CATEGORY_NOT_AVAILABLE',
  'ERROR_ORDER_NOT_AVAILABLE',
  'ERROR_INVOICE_NOT_AVAILABLE',
] as const
const nsGet = describe({
  summary: 'One storefront record, priced and translated for the visitor',
  description:
    'An item with its children and breaks, a category with its first items, a web page, or ' +
    "one of the caller's orders or invoices.",
  access: storefront,
  params: z.object({ recordtype: nsType }),
  // Any other option is refused (a typo should not pass silently).
  query: z
    .strictObject({ id: id.optional(), fragment: id.optional() })
    .refine((query) => query.id !== undefined || query.fragment !== undefined, {
      error: 'ERROR_FRAGMENT_ID_EXPECTED',
    }),
  answer: z.union([item, category, document, recordAnswer]),
  errors: nsGetErrors,
})
const cartLimit = ['ERROR_TOO_MANY_REQUESTS'] as const
const quantity = z.int().min(1).max(MAX_LINE_QUANTITY)
/** A key of 16 to 64 letters, digits, - or _: an add's, or a placing's idempotency key. */
const requestKey = (name: string) =>
  z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, {
    error: `${name} must be 16 to 64 letters, digits, - or _`,
  })
/** An id the handler looks up among the visitor's own (an address, a shipping method). */
const choice = z.string().min(1).max(64)
const customer = { rule: 'a signed-in customer' }
const shopper = { rule: 'a signed-in customer, or a guest with a cart' }
const checkoutErrors = ['ERROR_NOT_SIGNED_IN', 'ERROR_TOO_MANY_REQUESTS'] as const

/** The descriptions of the storefront data calls (ns-routes.ts). */
export const NS_ROUTES = {
  get: nsGet,
  getId: describe({
    ...nsGet,
    params: z.object({ recordtype: nsType, id }),
    query: z.strictObject({ fragment: id.optional() }),
  }),
  list: describe({
    summary: 'A page of storefront records',
    description:
      "Items of a category (`category` is required; sorted and filtered by `sort`, `min`, `max`, `instock` and `option`, with the category's `facets`), every online category, web pages, or the caller's orders or invoices. " +
      `\`pagesize\` is at most ${MAX_ITEMS_PAGE} but for web pages; only items take the sort and filters.`,
    access: storefront,
    params: z.object({ recordtype: nsType }),
    query: z.strictObject({
      page: whole(MAX_LIST_PAGE).optional(),
      pagesize: whole(MAX_WEBPAGE_PAGE).optional(),
      category: id.optional(),
      sort: z.enum(SORT_ORDERS).optional(),
      min: amount.optional(),
      max: amount.optional(),
      instock: z.enum(['1', '0']).optional(),
      option: z
        .string()
        .max(MAX_OPTION_FILTERS * (MAX_OPTION_KEY + 1))
        .optional(),
    }),
    answer: z.union([
      z.object({ ...pageOf(listItem), total: z.int(), listing, facets }),
      z.object({ ...pageOf(z.object(categoryFields)), total: z.int() }),
      z.object({ ...pageOf(document), total: z.int() }),
      z.object(pageOf(recordAnswer)),
    ]),
    errors: [
      'ERROR_RECORDTYPE_REQUIRED',
      'ERROR_INVALID_ID',
      'ERROR_INVALID_INTEGER',
      'ERROR_PARAMETER_EXPECTED',
      'ERROR_NOT_SIGNED_IN',
      'ERROR_CATEGORY_NOT_AVAILABLE',
    ],
  }),
}

const searchText = z.string().max(MAX_QUERY_LENGTH)
/** The descriptions of the search calls (search/search-routes.ts). */
export const SEARCH_ROUTES = {
  search: describe({
    summary: 'A page of the items a text finds, priced and translated for the visitor',
    description:
      'Every word of `q` must start a word of the item: its name, SKU, options, description or ' +
      "category names, in the visitor's language, accents and case aside. Most words in the name first.",
    access: 'anyone',
    query: z.strictObject({
      q: searchText.optional(),
      page: whole(MAX_SEARCH_PAGE).optional(),
      pagesize: whole(MAX_ITEMS_PAGE).optional(),
    }),
    answer: z.object({ ...pageOf(listItem), total: z.int() }),
    errors: ['ERROR_INVALID_INPUT', 'ERROR_INVALID_INTEGER'],
  }),
  suggest: describe({
    summary:
      'Up to 8 items whose names start with the words typed (none before 2 letters or digits)',
    access: 'anyone',
    query: z.strictObject({ q: searchText.optional() }),
    answer: z.object({
      data: z.array(
        z.object({
          id: z.string(),
          displayname: z.string(),
          urlcomponent: z.string(),
          storedisplaythumbnail: image.nullable(),
        }),
      ),
    }),
    errors: ['ERROR_INVALID_INPUT'],
  }),
}

/** The descriptions of the cart calls (cart/cart-routes.ts). */
export const CART_ROUTES = {
  get: describe({ summary: "The visitor's cart", access: 'anyone', answer: cart }),
  count: describe({
    summary: "The number of lines in the visitor's cart",
    access: 'anyone',
    answer: z.object({ count: z.int() }),
  }),
  add: describe({
    summary: 'Adds an item to the cart',
    description:
      'The first add of an anonymous visitor sets the cart cookie. With `key` (16 to 64 of A-Z, a-z, 0-9, - and _, one per add), a retry of an add that was stored answers the cart as it is and adds nothing.',
    access: 'anyone',
    body: z.strictObject({
      item: z.string().min(1).max(191).regex(ID, 'ERROR_INVALID_ID'),
      quantity,
      // The add's own key (as checkout's): a retry with it answers the cart, never adds twice.
      key: requestKey('key').optional(),
    }),
    answer: cart,
    errors: ['ERROR_INVALID_ID', 'ERROR_CARTLINE_NOT_AVAILABLE', 'ERROR_CART_FULL', ...cartLimit],
  }),
  update: describe({
    summary: "Changes a line's quantity",
    access: 'anyone',
    params: z.object({ line: id }),
    body: z.strictObject({ quantity }),
    answer: cart,
    errors: [
      'ERROR_INVALID_ID',
      'ERROR_CARTLINE_NOT_FOUND',
      'ERROR_CARTLINE_NOT_AVAILABLE',
      ...cartLimit,
    ],
  }),
  remove: describe({
    summary: 'Removes a line',
    access: 'anyone',
    params: z.object({ line: id }),
    answer: cart,
    errors: ['ERROR_INVALID_ID', 'ERROR_CARTLINE_NOT_FOUND', ...cartLimit],
  }),
}

/** The descriptions of the checkout calls (checkout/checkout-routes.ts). */
export const CHECKOUT_ROUTES = {
  get: describe({
    summary:
      "The checkout review: cart, address book, saved cards (no tokens) and terms; a guest's e-mail and address",
    access: shopper,
    answer: review,
  }),
  guest: describe({
    summary: "Sets a guest's e-mail and shipping address on their cart",
    description:
      'For visitors who are not signed in (README, "Guest checkout"). The address follows the address book\'s rules; the country must exist.',
    access: 'anyone',
    body: GuestBody,
    answer: review,
    errors: [
      'ERROR_INVALID_INPUT',
      'ERROR_CART_EMPTY',
      'ERROR_INPUT_VALUE_REQUIRED',
      'ERROR_SELECT_VALUE_REQUIRED',
      'ERROR_POSTAL_CODE_INVALID',
      'ERROR_INVALID_EMAIL',
      ...cartLimit,
    ],
  }),
  shipping: describe({
    summary: 'Chooses the shipping address from the address book',
    access: customer,
    body: z.strictObject({ address: choice }),
    answer: review,
    errors: [...checkoutErrors, 'ERROR_ADDRESS_NOT_AVAILABLE'],
  }),
  shipmethod: describe({
    summary: 'Chooses the shipping method',
    access: shopper,
    body: z.strictObject({ id: choice }),
    answer: review,
    errors: [...checkoutErrors, 'ERROR_SHIPMETHOD_NOT_USABLE'],
  }),
  place: describe({
    summary: 'Places the order and its invoice, and takes the payment',
    description:
      'A repeat of an idempotency key answers the first result. A guest pays by card, once their e-mail and address are set (checkout/guest). With `total`, a cart that now costs otherwise answers 409 ERROR_CHECKOUT_TOTAL_CHANGED with the new `review`.',
    access: shopper,
    body: z.strictObject({
      idempotencykey: requestKey('idempotencykey'),
      /** The review's total in minor units: placing refuses another total (409 with the new review). */
      total: z.int().min(0).optional(),
      payment: z.union([
        z.strictObject({ saved: choice }),
        z.strictObject({
          card: z.strictObject({
            number: z.string().min(12).max(32),
            expiry: z.string().min(6).max(8),
            name: z.string().max(200).optional(),
            /** The brand the shopper chose, as the account's card form asks (its Payment Method). */
            paymentmethod: z.string().max(64).optional(),
            /** The security code, checked by the provider, never stored (README, "Payments"). */
            cvc: z.string().max(8).optional(),
          }),
        }),
        z.strictObject({ account: z.literal(true) }),
      ]),
    }),
    answer: z.object({
      order: z.object({ id: z.string(), tranid: z.string() }),
      invoice: z.object({ id: z.string(), tranid: z.string() }),
      total: z.number(),
      currency: z.string(),
      link: z.string().optional(),
    }),
    errors: [
      ...checkoutErrors,
      'ERROR_CHECKOUT_TOTAL_CHANGED',
      'ERROR_GUEST_CHECKOUT_DETAILS',
      'ERROR_SELECT_VALUE_REQUIRED',
      'ERROR_CART_EMPTY',
      'ERROR_CARTLINE_NOT_AVAILABLE',
      'ERROR_CHECKOUT_IN_PROGRESS',
      'ERROR_PAYMENT_DECLINED',
      'ERROR_CREDIT_LIMIT_EXCEEDED',
      'ERROR_CREDIT_CURRENCY',
      'ERROR_IDEMPOTENCY_KEY_REUSED',
      'ERROR_CREDITCARD_NOT_AVAILABLE',
      'ERROR_CARD_CVC_INVALID',
    ],
  }),
}

/** The description of the order link's call (checkout/order-link-routes.ts). */
export const ORDER_LINK_ROUTES = {
  get: describe({
    summary: 'The order an order link opens',
    description:
      'For whoever holds the link from the confirmation page or e-mail (README, "Order links"); a wrong key answers 404 as a missing order does.',
    access: { rule: 'anyone holding the order link' },
    // A malformed id or key, or none, is a link that opens nothing: 404 as a missing order.
    params: z.object({ id: z.string().regex(ID, 'ERROR_ORDER_NOT_AVAILABLE') }),
    query: z.strictObject({
      key: z
        .string({
          error: (issue) => (issue.input === undefined ? 'ERROR_ORDER_NOT_AVAILABLE' : undefined),
        })
        .regex(/^[A-Za-z0-9_-]{43}$/, 'ERROR_ORDER_NOT_AVAILABLE'),
    }),
    answer: document,
    errors: ['ERROR_ORDER_NOT_AVAILABLE', 'ERROR_INVALID_INPUT'],
  }),
}

/** The description of the back-in-stock call (stock-alerts/stock-alert-routes.ts). */
export const STOCK_ALERT_ROUTES = {
  add: describe({
    summary: 'Asks for an e-mail when an item is back in stock',
    description:
      'For an item that can be bought but has no units now (a child item for one with options). A signed-in customer may leave out `email` (their own is used). Asked again, it stays one alert; the e-mail goes once, in the language of the ask, when the item has units again (README, "Back-in-stock e-mails").',
    access: 'anyone',
    body: z.strictObject({
      item: z.string().min(1).max(64).regex(ID, 'ERROR_INVALID_ID'),
      email: z.string().min(3).max(254).optional(),
    }),
    answer: z.object({ ok: z.literal(true) }),
    errors: [
      'ERROR_INVALID_ID',
      'ERROR_INVALID_EMAIL',
      'ERROR_CARTLINE_NOT_AVAILABLE',
      'ERROR_ITEM_IN_STOCK',
      'ERROR_TOO_MANY_REQUESTS',
    ],
  }),
}
