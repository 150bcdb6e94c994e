/**
 * What the listing index stores of one listed item (listing-index.ts), worked out from its
 * records alone, the way the catalogue answers them: per site language its list fields
 * (translated as `translated` does) and its search document; per price level and currency its
 * listed price (`listedAmount`, the one rule of list prices); per online option its values.
 */
import type { RecordData } from '@shopwright/core'
import { listedAmount, priceKeys } from '../../shared/prices.js'
import { NO_PRICE } from '../../shared/types.js'
import { optionKey } from '../../shared/listing.js'
import { refId, refIds, sortKey, textOf } from '../refs.js'
import type { SearchDocument } from '../search/search-engine.js'
import { htmlText } from '../search/search-words.js'
import { imageOf, translated } from './catalogue.js'
import { optionValues, shownValues } from './option-values.js'

/** A listed item and the records its listing is made of. */
export interface ListingSource {
  record: RecordData
  /** Its online options (child items), in name order, as the catalogue lists them. */
  options: RecordData[]
  /** Its online categories. */
  categories: RecordData[]
}

/** What the site decides beside the records: its languages, and each currency's decimals. */
export interface ListingSettings {
  languages: readonly string[]
  places(currency: string): number
}

export interface ListingRow {
  item: string
  language: string
  displayname: string
  description: string
  urlcomponent: string
  /** The list image as JSON (`{ url, alt? }`), or null. */
  thumbnail: string | null
  sortname: string
}

export interface PriceRow {
  item: string
  level: number
  currency: string
  /** Minor units. */
  amount: number
}

export interface OptionRow {
  item: string
  child: string
  /** The value's place in the child's item id (0: the first after the parent's). */
  position: number
  value: string
  slug: string
  /**
   * The value as shoppers of other languages read it (`shownValues`), as JSON by site language
   * (`{"fr":"Bleu"}`), only where it differs from `value`; null when none does.
   */
  labels: string | null
}

export interface ItemListing {
  listing: ListingRow[]
  prices: PriceRow[]
  options: OptionRow[]
  documents: SearchDocument[]
}

/** True for an item the storefront lists and finds: online, and not an option of another. */
export function isListed(record: RecordData | null | undefined): record is RecordData {
  return record?.online === true && refId(record.parent) === null
}

/** The categories an item names: its primary one first, then the others, each once. */
export function categoryIdsOf(record: RecordData): string[] {
  const primary = refId(record.primarycategory)
  return [...new Set([...(primary ? [primary] : []), ...refIds(record.categories)])]
}

/** The names of categories in a language, for the search index. */
export function categoryNames(categories: readonly RecordData[], language: string): string[] {
  return categories.map((category) => translated(category, language, 'name'))
}

/** Every row the index keeps of one listed item. */
export function listingRows(source: ListingSource, settings: ListingSettings): ItemListing {
  const { record, options, categories } = source
  const thumbnail = imageOf(record.storedisplaythumbnail) ?? imageOf(record.storedisplayimage)
  const listing: ListingRow[] = []
  const documents: SearchDocument[] = []
  for (const language of settings.languages) {
    const displayname = translated(record, language, 'displayname')
    const description = translated(record, language, 'storedetaileddescription')
    listing.push({
      item: record.id,
      language,
      displayname,
      description,
      urlcomponent: textOf(record.urlcomponent) || record.id,
      thumbnail: thumbnail ? JSON.stringify(thumbnail) : null,
      sortname: sortKey(displayname || record.id),
    })
    documents.push({
      item: record.id,
      language,
      name: displayname,
      texts: [
        textOf(record.itemid),
        ...options.map((option) => textOf(option.itemid)),
        ...options.map((option) => translated(option, language, 'displayname')),
        htmlText(description),
      ],
      categories: categoryNames(categories, language),
    })
  }
  const prices: PriceRow[] = []
  for (const { level, currency } of priceKeys([record, ...options])) {
    const amount = listedAmount(record, options, {
      level,
      currency,
      places: settings.places(currency),
    })
    if (amount !== NO_PRICE) prices.push({ item: record.id, level, currency, amount })
  }
  const optionRows: OptionRow[] = options.flatMap((option) => {
    const own = optionValues(record, option)
    const shown = settings.languages.map(
      (language) => [language, shownValues(own, translated(option, language, 'options'))] as const,
    )
    return own.flatMap((value, position) => {
      const slug = optionKey(value)
      if (!slug) return []
      const labels = Object.fromEntries(
        shown
          .filter(([, words]) => words[position] !== value)
          .map(([language, words]) => [language, words[position]!]),
      )
      return [
        {
          item: record.id,
          child: option.id,
          position,
          value,
          slug,
          labels: Object.keys(labels).length > 0 ? JSON.stringify(labels) : null,
        },
      ]
    })
  })
  return { listing, prices, options: optionRows, documents }
}
