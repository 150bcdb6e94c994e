import type { SiteCurrency } from '@shopwright/storefront/shared'
import type { CategoryDisplay, ListingChoice } from '../../lib/commerce.js'
import { listingHref } from '../../lib/listing.js'

/** What a category page's sort and filter controls link with. */
export interface ListingLinks {
  /** The category page's path (`/category/apparel`). */
  path: string
  /** The sort and filters the page shows, as the server applied them. */
  choice: ListingChoice
  /** The decimals of the currency the page is priced in (`min=` and `max=` are written in it). */
  places: number
  currency: string
  display: CategoryDisplay
  /** The page showing another choice, from its first page. */
  href(choice: ListingChoice): string
}

/** The decimals of a site currency (an id such as `usd`); 2 when the site does not say. */
export function placesOf(currencies: readonly SiteCurrency[], currency: string): number {
  const places = currencies.find((each) => each.id === currency)?.decimalplaces
  return Number.isInteger(places) ? places! : 2
}

/** The links of a category page. */
export function listingLinks(
  path: string,
  choice: ListingChoice,
  currency: string,
  currencies: readonly SiteCurrency[],
  display: CategoryDisplay,
): ListingLinks {
  const places = placesOf(currencies, currency)
  return {
    path,
    choice,
    places,
    currency,
    display,
    href: (next) => listingHref(path, next, places, display),
  }
}

/**
 * What a filter change hands to the page it leads to. Each address is a page of its own (the
 * engine mounts it anew), so without this the phone's filter drawer would close at every choice
 * and the focus would fall back to the top of the document: the control chosen is focused again
 * (`data-focus-key`), and an open drawer stays open, scrolled where it was.
 */
export interface Carried {
  /** The address the change leads to: only its page takes this over. */
  href: string
  focus: string | null
  drawer: boolean
  scroll: number
}

let carried: Carried | null = null

/** Keeps what the page at `next.href` takes over. */
export function carry(next: Carried): void {
  carried = next
}

/** What was carried to the page at `href`, if that is where the change led. */
export function carriedTo(href: string): Carried | null {
  return carried?.href === href ? carried : null
}

/** Forgets what was carried, once a page mounted. */
export function dropCarried(): void {
  carried = null
}
