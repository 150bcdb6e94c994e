/** The answers of the cart, checkout and page-data calls (README, "Calls"). Browser-safe: themes import them. */
import type { AddressLine } from '@shopwright/plugin-account'
import type { ItemListAnswer } from './listing.js'
import type { CategoryListingAnswer, ItemAnswer, WebImage } from './types.js'

/** Why a line cannot be bought now. */
export type LineProblem = 'unavailable' | 'noprice' | 'stock' | 'options'

export interface CartLineAnswer {
  id: string
  item: string
  displayname: string
  itemid: string
  sku: string
  thumbnail: WebImage | null
  quantity: number
  /** Unit price in minor units at this quantity's break; -1 when none. */
  rate: number
  amount: number
  tax: number
  taxcode: string
  /** Units that can be bought now. */
  available: number
  purchasable: boolean
  problem?: LineProblem
  /**
   * When the unit price at one changed since the shopper last saw it (adding the line, changing
   * its quantity): `was` then, `now` now, in minor units. Absent when it did not.
   */
  was?: number
  now?: number
}

export interface ShipMethodAnswer {
  id: string
  name: string
  /** In minor units for this cart: 0 when free (shown as Free). */
  rate: number
}

/**
 * An address of the account's book as the cart and the order use it: the book's own line without
 * the flags that only the account editor reads (a type only, so this file stays browser-safe).
 */
export type ShipAddress = Omit<AddressLine, 'defaultbilling' | 'defaultshipping' | 'isresidential'>

export interface CartAnswer {
  currency: { id: string; code: string; places: number }
  lines: CartLineAnswer[]
  /** Lines, as the header's cart icon counts them (issue 17). */
  count: number
  subtotal: number
  taxtotal: number
  shipping: number
  total: number
  shipmethod: ShipMethodAnswer | null
  shipmethods: ShipMethodAnswer[]
  shipaddress: ShipAddress | null
  /** True when every line can be bought as it is and the cart is not empty. */
  purchasable: boolean
}

/** What placing an order answers (and a replay of it). */
export interface PlacedOrder {
  order: { id: string; tranid: string }
  invoice: { id: string; tranid: string }
  /** Minor units. */
  total: number
  currency: string
  /**
   * The order's link (`/order/{id}?key=`): it shows this one order to whoever holds it, without
   * an account (README, "Order links").
   */
  link?: string
}

/** A saved card a checkout may pay with: never its token. */
export interface CheckoutCard {
  internalid: string
  ccname: string
  ccexpiredate: string
  paymentmethod: string
  last4: string
  ccdefault: boolean
}

/** `GET /query/checkout/get`. */
export interface CheckoutAnswer {
  cart: CartAnswer
  addresses: ShipAddress[]
  cards: CheckoutCard[]
  /** The account's payment terms (pay on account needs them and a credit limit), or null. */
  terms: { id: string; name: string; days: number } | null
  creditlimit: number | null
  /** A guest's e-mail and shipping address as given at checkout; null for a signed-in account. */
  guest: { email: string; address: ShipAddress } | null
}

/** The key of commerce's extra in a page's data (`usePageExtra(PAGE_EXTRA)`). */
export const PAGE_EXTRA = 'commerce'

/** The category page's display: a grid (24 a page) or a list (50 a page), by default. */
export type CategoryDisplay = 'grid' | 'list'

/** The extra of a `/category/:id` page. */
export interface CategoryPageExtra {
  category: CategoryListingAnswer
  display: CategoryDisplay
}

/** The extra of an `/item/:id` page. */
export interface ItemPageExtra {
  item: ItemAnswer
}

/** The key of a search page's extra (`usePageExtra(SEARCH_EXTRA)`), on a `SearchView` route. */
export const SEARCH_EXTRA = 'commerce-search'

/**
 * The extra of a search page (`/search?q=`, a route whose component is `SearchView`): the text as
 * searched (trimmed; '' when none) and a page of the items found, as a category's are listed.
 */
export interface SearchPageExtra {
  q: string
  search: ItemListAnswer
}
