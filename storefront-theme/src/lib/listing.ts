/**
 * A category page's sort and filters as addresses (docs/api.md, "Search, sort and filters"): every
 * link and form of the page is written with commerce's `writeListing`, the one spelling its page
 * accepts (any other is 'Page not Found'), so Back, shared links and the page cache all agree.
 */
import { toMinor } from '@shopwright/client'
import {
  MAX_FILTER_PRICE,
  NO_FILTERS,
  writeListing,
  type CategoryDisplay,
  type ListingChoice,
} from './commerce.js'

/** The query of a category page showing `choice` (page 1: a new choice starts over). */
export function listingQuery(
  choice: ListingChoice,
  places: number,
  display: CategoryDisplay,
): Array<[string, string]> {
  const params = writeListing(choice, places)
  if (display === 'list') params.push(['display', 'list'])
  return params
}

/** The address of a category page (`path`, e.g. `/category/apparel`) showing `choice`. */
export function listingHref(
  path: string,
  choice: ListingChoice,
  places: number,
  display: CategoryDisplay,
): string {
  const query = new URLSearchParams(listingQuery(choice, places, display)).toString()
  return query ? `${path}?${query}` : path
}

/** The choice with an option value added, or removed when it is chosen already. */
export function toggleOption(choice: ListingChoice, key: string): ListingChoice {
  const options = choice.options.includes(key)
    ? choice.options.filter((each) => each !== key)
    : [...choice.options, key].sort()
  return { ...choice, options }
}

/** True when the choice filters anything (the sort is not a filter). */
export function isFiltered(choice: ListingChoice): boolean {
  return choice.min !== null || choice.max !== null || choice.instock || choice.options.length > 0
}

/** How many filters the choice applies: a price range counts once. */
export function filterCount(choice: ListingChoice): number {
  return (
    (choice.min !== null || choice.max !== null ? 1 : 0) +
    (choice.instock ? 1 : 0) +
    choice.options.length
  )
}

/** The choice without its filters, keeping its sort ("Clear all"). */
export function withoutFilters(choice: ListingChoice): ListingChoice {
  return { ...NO_FILTERS, sort: choice.sort }
}

/** An amount in minor units as a price field shows it and `min=` writes it: `10`, `9.99`, `9.5`. */
export function decimalText(minor: number, places: number): string {
  // writeListing's own spelling, so the field shows what the address says.
  return new Map(writeListing({ ...NO_FILTERS, min: minor }, places)).get('min') ?? ''
}

/**
 * What `pattern` a price field has before the page's code runs: the browser's own check then lets
 * only `writeListing`'s spelling through (no `10.00`, no leading zero), so the form's plain GET
 * never lands on 'Page not Found'.
 */
export function pricePattern(places: number): string {
  const whole = '(0|[1-9][0-9]{0,7})'
  return places > 0 ? `${whole}(\\.[0-9]{0,${places - 1}}[1-9])?` : whole
}

/**
 * A price as a shopper types it, in minor units: `10`, `9.99`, `9,99` (a decimal comma), `1,000`
 * and `1 000` (a separator before three digits groups them), `$12`. Null for an empty field,
 * undefined for one that is not an amount, is above MAX_FILTER_PRICE, or has more decimals than
 * the currency has places.
 */
export function parsePrice(text: string, places: number): number | null | undefined {
  // Spaces and currency signs are not part of the amount.
  const kept = text.replace(/[\s\p{Sc}]/gu, '')
  if (kept === '') return null
  if (!/^[\d.,]+$/.test(kept) || !/\d/.test(kept)) return undefined
  const last = Math.max(kept.lastIndexOf('.'), kept.lastIndexOf(','))
  const tail = last < 0 ? '' : kept.slice(last + 1)
  // The last separator is the decimal one, unless three digits follow it in a currency with
  // fewer places: then it groups thousands.
  const decimal = last >= 0 && (tail.length !== 3 || places >= 3)
  if (decimal && tail.length > places) return undefined
  const whole = (decimal ? kept.slice(0, last) : kept).replace(/[.,]/g, '')
  const amount = Number(`${whole || '0'}.${(decimal && tail) || '0'}`)
  if (!Number.isFinite(amount) || amount > MAX_FILTER_PRICE) return undefined
  return toMinor(amount, places) ?? undefined
}
