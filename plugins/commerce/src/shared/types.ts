/** Names and answer shapes of the commerce plugin (README). Browser-safe: themes import them. */
import type { CategoryFacets, ListingChoice } from './listing.js'

/** The security record of the catalogue: categories, items, shipping methods, tax codes. */
export const CATALOGUE_SECURITY = 'catalogue'
/** The security record of orders and invoices (staff only: customers read theirs through /ns). */
export const ORDERS_SECURITY = 'orders'
/**
 * The security record of customer payments: edit on it marks an invoice paid or open again, which
 * frees or takes a customer's credit (docs/security.md, "Customer credit").
 */
export const PAYMENTS_SECURITY = 'payments'

/** The record types commerce owns (issue 17; README, "Records"). */
export const CATEGORY_TYPE = 'webcategory'
export const ITEM_TYPE = 'item'
export const ORDER_TYPE = 'salesorder'
export const INVOICE_TYPE = 'invoice'
/** The credit note a refund makes (README, "Orders desk"). */
export const CREDITMEMO_TYPE = 'creditmemo'
export const SHIPMETHOD_TYPE = 'shipmethod'
export const TAXCODE_TYPE = 'taxcode'
/** A shopper who bought without an account, keyed by e-mail (README, "Guest checkout"). */
export const GUEST_TYPE = 'guest'

/** The price level of a visitor without one: onlineprice, value 5 (README, "Prices"). */
export const DEFAULT_PRICE_LEVEL = { text: 'onlineprice', value: 5 } as const

/** A price of -1 means not found: no price at the visitor's level and currency. */
export const NO_PRICE = -1

/** Bounds of a cart (README, "Cart"): a line's quantity, and the lines of one cart. */
export const MAX_LINE_QUANTITY = 999
export const MAX_CART_LINES = 100

/** The storefront module this plugin provides: the header's cart icon shows (docs/themes.md). */
export const CART_MODULE = 'cart'

/** An image of a catalogue record: `storedisplayimage.url`. */
export interface WebImage {
  url: string
  alt?: string
}

/** Money in an answer: integer minor units of `currency` (issue 17: no floats in sums). */
export interface Money {
  /** Minor units (cents); -1 when there is no price (NO_PRICE). */
  amount: number
  currency: string
}

/** One column of an item's quantity-break table, for the visitor's level and currency. */
export interface PriceBreak {
  /** From this many units up. */
  quantity: number
  /** Minor units per unit. */
  amount: number
}

/** An item as lists answer it (README, "Prices"), priced for the visitor. */
export interface ListItemAnswer {
  id: string
  displayname: string
  storedetaileddescription: string
  urlcomponent: string
  storedisplaythumbnail: WebImage | null
  /** The visitor's price at one unit, in minor units; -1 when none (NO_PRICE). */
  price: Money
  /** True when the item, or one of its children, can be bought now. */
  instock: boolean
  /** True when the item has child items to choose from. */
  haschildren: boolean
  /** The price under the visitor's level name (README, "Prices"), a decimal. */
  [level: string]: unknown
}

/** A child item as the item page shows it (README, "Records"). */
export interface ChildItemAnswer {
  id: string
  displayname: string
  itemid: string
  /** The part of `itemid` after the last " : ". */
  sku: string
  price: Money
  breaks: PriceBreak[]
  available: number
  storedisplayimage: WebImage | null
  /** Its value of each of the parent's options (`options`), in the visitor's language. */
  options: string[]
}

/**
 * One option of a parent item (Colour, Size) and its values, in the visitor's language and in the
 * order the children give them. `name` is empty when the parent names none.
 */
export interface ItemOption {
  name: string
  values: string[]
}

/** An item as the item page gets it: the list shape plus its gallery, children and breaks. */
export interface ItemAnswer extends ListItemAnswer {
  itemid: string
  storedisplayimage: WebImage | null
  gallery: WebImage[]
  breaks: PriceBreak[]
  /** Units that can be bought now (on hand less reserved); 0 for a parent with children. */
  available: number
  children: ChildItemAnswer[]
  /**
   * The options its children are chosen by, one picker each; empty when the children do not
   * share one shape of values (they are then offered as one list).
   */
  options: ItemOption[]
  primarycategory: string | null
}

/** A category with a page of its items. */
export interface CategoryAnswer {
  id: string
  name: string
  custrecord_web_webcat_content: string
  urlcomponent: string
  storedisplayimage: WebImage | null
  items: ListItemAnswer[]
  page: number
  pages: number
  pagesize: number
  total: number
}

/**
 * A category as the storefront calls answer it: its page of items sorted and filtered, with what
 * its filters can choose from (docs/api.md, "Sort and filters").
 */
export interface CategoryListingAnswer extends CategoryAnswer {
  /** The sort and filters the page applied. */
  listing: ListingChoice
  facets: CategoryFacets
}

/** The part of an item's `itemid` after the last " : ": a child item's sku. */
export function skuOf(itemid: string): string {
  const at = itemid.lastIndexOf(' : ')
  return at < 0 ? itemid : itemid.slice(at + 3)
}
