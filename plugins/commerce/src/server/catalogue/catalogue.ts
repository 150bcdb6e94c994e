/**
 * The storefront's reads of the catalogue (docs/api.md, "Storefront data"):
 * categories with a page of their items, items with their children, break tables and what can be
 * bought, all priced for the visitor. Reads run on the plugin's own behalf and answer only what a
 * shopper may see: online records, public fields, never stock counts beyond "available".
 */
import type { Knex } from 'knex'
import { createError, type RecordData } from '@shopwright/core'
import { fromMinor } from '@shopwright/client'
import type { RecordsService } from '@shopwright/plugin-records'
import { listedAmount, priceBreaks, resolvePrice } from '../../shared/prices.js'
import {
  CATEGORY_TYPE,
  ITEM_TYPE,
  NO_PRICE,
  skuOf,
  type CategoryAnswer,
  type CategoryListingAnswer,
  type ChildItemAnswer,
  type ItemAnswer,
  type ItemOption,
  type ListItemAnswer,
  type WebImage,
} from '../../shared/types.js'
import {
  NO_FILTERS,
  type CategoryItemsAnswer,
  type ItemListAnswer,
  type ListingChoice,
} from '../../shared/listing.js'
import { CATALOGUE_TABLE, ITEMS_TABLE, STOCK_TABLE } from '../migrations.js'
import { refId, textOf } from '../refs.js'
import type { ShopContext } from '../shop-context.js'
import { ListingQuery } from './listing-query.js'
import { optionValues, shownValues } from './option-values.js'
import { ListingReader } from './listing-reader.js'
import { priceLevelName } from './price-level.js'

/** Data lists default to 24 a page; a page holds at most 100 items here. */
export const DEFAULT_ITEMS_PAGE = 24
export const MAX_ITEMS_PAGE = 100

/** The children, their records and the units available of a set of items. */
interface Facts {
  children: Map<string, string[]>
  kids: Map<string, RecordData>
  stock: Map<string, number>
}

/** A page of listed items (a category's or a search's). */
export type ItemPage = ItemListAnswer

/** A text field in the visitor's language: its translation, the base language's, else its own. */
export function translated(record: RecordData, language: string, field: string): string {
  const translations = record.translations as Record<string, Record<string, unknown>> | undefined
  for (const code of [language, language.split('-')[0]!]) {
    const text = translations?.[code]?.[field]
    if (typeof text === 'string' && text) return text
  }
  return textOf(record[field])
}

/**
 * The options of a parent from its children's values: one per place in the values, when every
 * child has as many (else none, and the children are one list). Names from `optionnames`
 * ("Colour : Size") when it names as many.
 */
export function optionsOf(names: string, values: readonly string[][]): ItemOption[] {
  const size = values[0]?.length ?? 0
  if (size === 0 || values.some((each) => each.length !== size)) return []
  const named = names.split(' : ').map((name) => name.trim())
  return Array.from({ length: size }, (_, at) => ({
    name: named.length === size ? named[at]! : '',
    values: inShopOrder([...new Set(values.map((each) => each[at]!))]),
  }))
}

/** Clothing sizes from small to large, as shoppers read them (children come in name order). */
const SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '2XL', 'XXXL', '3XL']

/** Values in the order a shopper expects: sizes small to large, numbers up, else as they came. */
function inShopOrder(values: string[]): string[] {
  const upper = values.map((value) => value.toUpperCase())
  if (upper.every((value) => SIZES.includes(value)))
    return values
      .map((value, at) => ({ value, rank: SIZES.indexOf(upper[at]!) }))
      .sort((a, b) => a.rank - b.rank)
      .map(({ value }) => value)
  if (values.every((value) => /^\d+([.,]\d+)?$/.test(value)))
    return [...values].sort((a, b) => Number(a.replace(',', '.')) - Number(b.replace(',', '.')))
  return values
}

/** An image field as answers give it: `{ url, alt? }`, else null. */
export const imageOf = (value: unknown): WebImage | null =>
  typeof value === 'object' && value !== null && typeof (value as WebImage).url === 'string'
    ? (value as WebImage)
    : null

/** A row of the stock table. */
export interface StockLevels {
  item: string
  onhand: number | string
  reserved: number | string
}

/** Units of a stock row that can be bought now: on hand less reserved, never below 0. */
export function unitsAvailable(row: Pick<StockLevels, 'onhand' | 'reserved'>): number {
  return Math.max(0, Number(row.onhand) - Number(row.reserved))
}

/** A category's own fields, in the visitor's language: what a category page and the list show. */
function categoryFields(record: RecordData, language: string) {
  return {
    id: record.id,
    name: translated(record, language, 'name'),
    custrecord_web_webcat_content: translated(record, language, 'custrecord_web_webcat_content'),
    urlcomponent: textOf(record.urlcomponent) || record.id,
    storedisplayimage: imageOf(record.storedisplayimage),
  }
}

export class Catalogue {
  private readonly listing: ListingQuery
  private readonly reader: ListingReader

  constructor(
    private readonly db: Knex,
    private readonly records: Pick<RecordsService, 'find' | 'findMany'>,
  ) {
    this.listing = new ListingQuery(db)
    this.reader = new ListingReader(db, records)
  }

  /** Units that can be bought now, per item: on hand less reserved, never below 0. */
  async available(items: readonly string[]): Promise<Map<string, number>> {
    const result = new Map<string, number>(items.map((item) => [item, 0]))
    if (items.length === 0) return result
    const rows = (await this.db(STOCK_TABLE)
      .whereIn('item', [...new Set(items)])
      .select('item', 'onhand', 'reserved')) as StockLevels[]
    for (const row of rows) result.set(row.item, unitsAvailable(row))
    return result
  }

  /** The online children of items, by parent, in name order. */
  async childrenOf(parents: readonly string[]): Promise<Map<string, string[]>> {
    const result = new Map<string, string[]>()
    if (parents.length === 0) return result
    const rows = (await this.db(ITEMS_TABLE)
      .whereIn('parent', [...parents])
      .andWhere('online', true)
      .orderBy([{ column: 'parent' }, { column: 'sortname' }, { column: 'item' }])
      .select('parent', 'item')) as Array<{ parent: string; item: string }>
    for (const row of rows) result.set(row.parent, [...(result.get(row.parent) ?? []), row.item])
    return result
  }

  /**
   * What lists and the item page need beside the records: each item's online children (their
   * records too, for their prices) and every one's units available.
   */
  private async facts(records: readonly RecordData[]): Promise<Facts> {
    const children = await this.childrenOf(records.map((record) => record.id))
    const kidIds = [...children.values()].flat()
    const [kids, stock] = await Promise.all([
      this.records.findMany(kidIds.map((id) => ({ type: ITEM_TYPE, id }))),
      this.available([...records.map((record) => record.id), ...kidIds]),
    ])
    return { children, kids: new Map(kids.map((kid) => [kid.id, kid])), stock }
  }

  /**
   * Items as lists answer them, priced at one unit for the visitor, in the order given. An item
   * with options is priced "from" its cheapest online option (which takes the item's own prices
   * when it has none).
   */
  async listItems(
    context: ShopContext,
    records: readonly RecordData[],
    known?: Facts,
  ): Promise<ListItemAnswer[]> {
    const { children, kids, stock } = known ?? (await this.facts(records))
    const levelName = await priceLevelName(this.records, context.level)
    const query = {
      level: context.level,
      currency: context.currency.id,
      places: context.currency.places,
    }
    return records.map((record) => {
      const options = (children.get(record.id) ?? [])
        .map((id) => kids.get(id))
        .filter((kid): kid is RecordData => kid !== undefined)
      const amount = listedAmount(record, options, query)
      const instock =
        options.length > 0
          ? options.some((kid) => (stock.get(kid.id) ?? 0) > 0)
          : (stock.get(record.id) ?? 0) > 0
      return {
        id: record.id,
        displayname: translated(record, context.language, 'displayname'),
        storedetaileddescription: translated(record, context.language, 'storedetaileddescription'),
        urlcomponent: textOf(record.urlcomponent) || record.id,
        storedisplaythumbnail:
          imageOf(record.storedisplaythumbnail) ?? imageOf(record.storedisplayimage),
        price: { amount, currency: context.currency.id },
        instock,
        haschildren: options.length > 0,
        // A list item's price field named after the level, in major units (README, "Prices").
        [levelName]: amount === NO_PRICE ? NO_PRICE : fromMinor(amount, context.currency.places),
      }
    })
  }

  /**
   * A page of a category's items (online, without a parent: README, "Records") in the chosen
   * order and filters, with the facets those filters choose from. Read from the listing tables
   * as a search page is (its ids, their count, then its items: never a record), and each facet
   * in one aggregate statement.
   */
  async itemsOf(
    context: ShopContext,
    category: string,
    page: number,
    pagesize: number,
    choice: ListingChoice = NO_FILTERS,
  ): Promise<CategoryItemsAnswer> {
    const viewer = {
      language: context.language,
      level: context.level,
      currency: context.currency.id,
    }
    const [found, facets] = await Promise.all([
      this.listing.page(category, choice, viewer, (page - 1) * pagesize, pagesize),
      this.listing.facets(category, choice, viewer),
    ])
    return { ...(await this.reader.page(context, found, page, pagesize)), listing: choice, facets }
  }

  /** A category and a page of its items; an offline or missing one is not available. */
  async category(
    context: ShopContext,
    id: string,
    page: number,
    pagesize: number,
    choice: ListingChoice = NO_FILTERS,
    /** The category as a draft's preview shows it (docs/history.md, "Live preview"). */
    previewed: RecordData | null = null,
  ): Promise<CategoryListingAnswer> {
    const record = previewed ?? (await this.records.find(CATEGORY_TYPE, id))
    if (!record || record.online === false)
      throw createError('ERROR_CATEGORY_NOT_AVAILABLE', { reason: id })
    const items = await this.itemsOf(context, id, page, pagesize, choice)
    return {
      ...categoryFields(record, context.language),
      items: items.data,
      page: items.page,
      pages: items.pages,
      pagesize: items.pagesize,
      total: items.total,
      listing: items.listing,
      facets: items.facets,
    }
  }

  /** The online categories, by sequence then name. */
  async categories(
    context: ShopContext,
  ): Promise<Array<Omit<CategoryAnswer, 'items' | 'page' | 'pages' | 'pagesize' | 'total'>>> {
    const ids = (await this.db(CATALOGUE_TABLE).distinct('category')) as Array<{ category: string }>
    const found = await this.records.findMany(
      ids.map(({ category }) => ({ type: CATEGORY_TYPE, id: category })),
    )
    return found
      .filter((record) => record.online !== false)
      .sort(
        (a, b) =>
          Number(a.sequence ?? 0) - Number(b.sequence ?? 0) ||
          textOf(a.name).localeCompare(textOf(b.name)),
      )
      .map((record) => categoryFields(record, context.language))
  }

  /** The item an address names: its id, else its URL component. */
  async resolveItem(key: { id?: string; fragment?: string }): Promise<RecordData | null> {
    if (key.id) return this.records.find(ITEM_TYPE, key.id)
    if (!key.fragment) return null
    // An offline copy, or a child, never hides the online item the address names.
    const row = (await this.db(ITEMS_TABLE)
      .where({ urlcomponent: key.fragment, online: true })
      .orderBy([{ column: 'parent' }, { column: 'item' }])
      .first('item')) as { item: string } | undefined
    return row ? this.records.find(ITEM_TYPE, row.item) : null
  }

  /** An item with its gallery, children, break table and availability, for the item page. */
  async item(
    context: ShopContext,
    key: { id?: string; fragment?: string },
    /** The item as a draft's preview shows it (docs/history.md, "Live preview"). */
    previewed: RecordData | null = null,
  ): Promise<ItemAnswer> {
    const record = previewed ?? (await this.resolveItem(key))
    if (!record || record.online !== true)
      throw createError('ERROR_ITEM_NOT_AVAILABLE', { reason: key.id ?? key.fragment })
    const parentId = refId(record.parent)
    const parent = parentId ? await this.records.find(ITEM_TYPE, parentId) : null
    const sources = parent ? [record, parent] : [record]
    const facts = await this.facts([record])
    const [listed] = await this.listItems(context, [record], facts)
    const kids = facts.children.get(record.id) ?? []
    const childRecords = kids
      .map((id) => facts.kids.get(id))
      .filter((kid): kid is RecordData => kid !== undefined)
    const { stock } = facts
    const query = {
      level: context.level,
      currency: context.currency.id,
      places: context.currency.places,
    }
    const own = childRecords.map((child) => optionValues(record, child))
    const shown = childRecords.map((child, index) =>
      shownValues(own[index]!, translated(child, context.language, 'options')),
    )
    const children: ChildItemAnswer[] = childRecords.map((child, index) => ({
      id: child.id,
      options: shown[index]!,
      displayname: translated(child, context.language, 'displayname'),
      itemid: textOf(child.itemid),
      sku: skuOf(textOf(child.itemid)),
      price: {
        amount: resolvePrice([child, record], { ...query, quantity: 1 }),
        currency: context.currency.id,
      },
      breaks: priceBreaks([child, record], query),
      available: stock.get(child.id) ?? 0,
      storedisplayimage: imageOf(child.storedisplayimage),
    }))
    const gallery = Array.isArray(record.gallery)
      ? record.gallery.map(imageOf).filter((image): image is WebImage => image !== null)
      : []
    // A child's own page takes its parent's prices where it has none.
    const price = parent
      ? { amount: resolvePrice(sources, { ...query, quantity: 1 }), currency: context.currency.id }
      : listed!.price
    return {
      ...listed!,
      price,
      itemid: textOf(record.itemid),
      storedisplayimage: imageOf(record.storedisplayimage) ?? imageOf(parent?.storedisplayimage),
      gallery,
      breaks: priceBreaks(sources, query),
      available: kids.length > 0 ? 0 : (stock.get(record.id) ?? 0),
      children,
      options: optionsOf(translated(record, context.language, 'optionnames'), shown),
      primarycategory: refId(record.primarycategory),
    }
  }
}
