/**
 * How a category's items are sorted and filtered, and what a search answers (docs/api.md,
 * "Search, sort and filters"). Browser-safe: the theme writes its addresses with `writeListing`,
 * so a page's address has one spelling, which the server's page cache keys on.
 */
import { foldText, toMinor } from '@shopwright/client'
import type { ListItemAnswer, WebImage } from './types.js'

/** The category list's orders; `featured` (what can be bought now first, then by name) is the default. */
export const SORT_ORDERS = ['featured', 'price-asc', 'price-desc', 'name', 'newest'] as const
export type SortOrder = (typeof SORT_ORDERS)[number]
export const DEFAULT_SORT: SortOrder = 'featured'

/** The query parameters a category list reads besides `page` and `pagesize`. */
export const LISTING_KEYS = ['sort', 'min', 'max', 'instock', 'option'] as const

/** At most this many option values filter one list. */
export const MAX_OPTION_FILTERS = 20
/** The longest option key (its value folded: `dark-red`). */
export const MAX_OPTION_KEY = 60
/** The largest price a filter may name, in major units (the catalogue's own bound on a price). */
export const MAX_FILTER_PRICE = 10_000_000

/** A search text is at most this long; a suggestion needs SUGGEST_MIN_LENGTH letters or digits. */
export const MAX_QUERY_LENGTH = 100
export const SUGGEST_MIN_LENGTH = 2
/** Suggestions answered at most. */
export const MAX_SUGGESTIONS = 8

/** The sort and filters of a category list, as the server applied them. Amounts in minor units. */
export interface ListingChoice {
  sort: SortOrder
  /** Lowest listed price shown, inclusive, in minor units of the visitor's currency; null: none. */
  min: number | null
  max: number | null
  /** Only items that can be bought now. */
  instock: boolean
  /** Option keys (`blue`, `m`): an item shows when one of its options takes them (docs/api.md). */
  options: string[]
}

export const NO_FILTERS: ListingChoice = {
  sort: DEFAULT_SORT,
  min: null,
  max: null,
  instock: false,
  options: [],
}

/** One option value of a category's items, with how many items offer it under the other filters. */
export interface OptionFacet {
  /** What `option=` takes: the value folded (`dark-red`). */
  key: string
  /** As the item ids write it (`Dark Red`), or as its options translate it in the viewer's language. */
  value: string
  count: number
}

/** What a category's filters can choose from, each counted under the other filters. */
export interface CategoryFacets {
  /** The lowest and highest listed price, in minor units; null when no item has a price. */
  price: { min: number; max: number; currency: string } | null
  /** Items that can be bought now. */
  instock: number
  /** Every option value, in natural order (`38`, `40`, `L`, `M`). */
  options: OptionFacet[]
}

/** A page of listed items: a category's, or a search's. */
export interface ItemListAnswer {
  data: ListItemAnswer[]
  page: number
  pages: number
  pagesize: number
  total: number
}

/** A category's page of items with the sort and filters applied and what they can choose from. */
export interface CategoryItemsAnswer extends ItemListAnswer {
  listing: ListingChoice
  facets: CategoryFacets
}

/** One suggestion as the shopper types: the fields of a list item that a link needs. */
export interface SuggestionAnswer {
  id: string
  displayname: string
  urlcomponent: string
  storedisplaythumbnail: WebImage | null
}

/** An option value's key: folded (lower case, accents off), other characters as single hyphens. */
export function optionKey(value: string): string {
  return foldText(value)
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_OPTION_KEY)
}

/** The answer of readListing: the choice, or why the parameters were refused. */
export type ListingRead = { ok: true; choice: ListingChoice } | { ok: false; reason: string }

const PRICE = /^\d{1,8}(?:\.\d{1,8})?$/

function price(name: string, text: string | undefined, places: number): number | null | string {
  if (text === undefined) return null
  if (!PRICE.test(text)) return `${name} must be an amount such as 10 or 9.99`
  const decimals = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0
  if (decimals > places) return `${name} has more than ${places} decimals`
  const amount = Number(text)
  if (amount > MAX_FILTER_PRICE) return `${name} must be at most ${MAX_FILTER_PRICE}`
  return toMinor(amount, places) ?? `${name} is not an amount`
}

/**
 * A list's sort and filters from its query parameters (`get` answers one parameter's text, or
 * undefined when absent or empty). `places`: the decimals of the visitor's currency, in which
 * `min` and `max` are written as prices are displayed (`9.99`).
 */
export function readListing(
  get: (name: string) => string | undefined,
  places: number,
): ListingRead {
  const sort = get('sort') ?? DEFAULT_SORT
  if (!(SORT_ORDERS as readonly string[]).includes(sort))
    return { ok: false, reason: `sort must be one of ${SORT_ORDERS.join(', ')}` }
  const min = price('min', get('min'), places)
  if (typeof min === 'string') return { ok: false, reason: min }
  const max = price('max', get('max'), places)
  if (typeof max === 'string') return { ok: false, reason: max }
  if (min !== null && max !== null && min > max)
    return { ok: false, reason: 'min must not be above max' }
  const stock = get('instock')
  if (stock !== undefined && stock !== '1' && stock !== '0')
    return { ok: false, reason: 'instock must be 1 or 0' }
  const text = get('option') ?? ''
  if (text.length > MAX_OPTION_FILTERS * (MAX_OPTION_KEY + 1))
    return { ok: false, reason: 'option is too long' }
  const options = [...new Set(text.split(',').map(optionKey).filter(Boolean))].sort()
  if (options.length > MAX_OPTION_FILTERS)
    return { ok: false, reason: `option names at most ${MAX_OPTION_FILTERS} values` }
  return {
    ok: true,
    choice: { sort: sort as SortOrder, min, max, instock: stock === '1', options },
  }
}

function decimal(minor: number, places: number): string {
  const digits = String(minor).padStart(places + 1, '0')
  const whole = digits.slice(0, digits.length - places)
  const fraction = digits.slice(digits.length - places).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

/**
 * The query parameters of a choice in their one spelling (defaults left out, amounts without
 * trailing zeros, option keys sorted): the theme's links, and what a page address must match.
 */
export function writeListing(choice: ListingChoice, places: number): Array<[string, string]> {
  const params: Array<[string, string]> = []
  if (choice.sort !== DEFAULT_SORT) params.push(['sort', choice.sort])
  if (choice.min !== null) params.push(['min', decimal(choice.min, places)])
  if (choice.max !== null) params.push(['max', decimal(choice.max, places)])
  if (choice.instock) params.push(['instock', '1'])
  if (choice.options.length > 0) params.push(['option', [...choice.options].sort().join(',')])
  return params
}
