/**
 * Keeps the listing tables (LISTING_TABLE, PRICES_TABLE, OPTIONS_TABLE) and the search engine in
 * step with the catalogue's records. The item and category guards (listing-guard.ts) call it in
 * the record's own transaction, so what a search or a filtered list finds is what the records
 * hold, committed together or not at all. `ensureCurrent` rebuilds everything from the records
 * when the rows were made for another version, other languages or other currency decimals: on
 * the first start after the migration, and after such a settings change.
 */
import type { Knex } from 'knex'
import { insertRows, retryTransaction, type RecordData } from '@shopwright/core'
import { placesOf } from '@shopwright/client'
import type { RecordsService } from '@shopwright/plugin-records'
import { CATEGORY_TYPE, ITEM_TYPE } from '../../shared/types.js'
import {
  CATALOGUE_TABLE,
  INDEX_STATE_TABLE,
  ITEMS_TABLE,
  LISTING_TABLE,
  OPTIONS_TABLE,
  PRICES_TABLE,
} from '../migrations.js'
import { refIds } from '../refs.js'
import { siteLanguages } from '../shop-context.js'
import type { SearchEngine } from '../search/search-engine.js'
import { priceKeys } from '../../shared/prices.js'
import {
  categoryIdsOf,
  categoryNames,
  isListed,
  listingRows,
  type ItemListing,
  type ListingSettings,
  type ListingSource,
} from './listing-rows.js'

/** Bumped when what the rows hold changes: the next start rebuilds them. */
export const LISTING_VERSION = 2
const STATE_NAME = 'listings'
/** Items read and written per step of a rebuild, and per statement of a write. */
const BATCH = 400

type Reads = Pick<RecordsService, 'find' | 'findFresh' | 'findMany'>

/** How a record is read: inside a write's transaction, or committed (a rebuild). */
interface Reader {
  one(type: string, id: string): Promise<RecordData | null>
  many(type: string, ids: readonly string[]): Promise<RecordData[]>
}

/** A currency record's decimal places (2 when it says none). */
const placesOfRecord = (currency: RecordData): number =>
  placesOf({ decimalplaces: Number(currency.decimalplaces) })

function chunks<T>(list: readonly T[], size = BATCH): T[][] {
  const result: T[][] = []
  for (let start = 0; start < list.length; start += size)
    result.push(list.slice(start, start + size))
  return result
}

export class ListingIndex {
  constructor(
    private readonly db: Knex,
    private readonly records: Reads,
    private readonly engine: SearchEngine,
  ) {}

  /**
   * In a write's transaction: the listings of these items as the transaction sees them now (an
   * item no longer listed, binned or gone loses its rows). Its options and categories are read
   * through `trx` too, so a write of several records in one transaction is seen whole.
   */
  async refresh(trx: Knex.Transaction, ids: readonly string[]): Promise<void> {
    const reader: Reader = {
      one: (type, id) => this.records.findFresh(type, id, trx),
      async many(type, list) {
        const found: RecordData[] = []
        for (const id of list) {
          const record = await reader.one(type, id)
          if (record) found.push(record)
        }
        return found
      },
    }
    const unique = [...new Set(ids)]
    const sources = await this.sources(trx, reader, unique)
    const settings = await this.settings(reader, sources)
    await this.write(
      trx,
      unique,
      sources.map((source) => listingRows(source, settings)),
    )
  }

  /**
   * In a category write's transaction: the category names of the items listed in it (the
   * category renamed, translated, hidden, shown, binned or restored). Only the search words
   * change; an item's other rows do not depend on its categories.
   */
  async refreshCategory(trx: Knex.Transaction, category: string): Promise<void> {
    const items = (await trx(CATALOGUE_TABLE).where({ category }).pluck('item')) as string[]
    if (items.length === 0) return
    const web = await this.records.findFresh('configuration', 'web', trx)
    const languages = siteLanguages(web)
    const names = new Map<string, RecordData | null>()
    for (const batch of chunks(items)) {
      const rows = (await trx(CATALOGUE_TABLE)
        .whereIn('item', batch)
        .orderBy([{ column: 'item' }, { column: 'isprimary', order: 'desc' }])
        .select('item', 'category')) as Array<{ item: string; category: string }>
      const byItem = new Map<string, string[]>()
      for (const row of rows) byItem.set(row.item, [...(byItem.get(row.item) ?? []), row.category])
      for (const id of new Set(rows.map((row) => row.category)))
        if (!names.has(id)) names.set(id, await this.records.findFresh(CATEGORY_TYPE, id, trx))
      await this.engine.recategorise(
        trx,
        [...byItem].flatMap(([item, ids]) => {
          const online = ids
            .map((id) => names.get(id))
            .filter((record): record is RecordData => !!record && record.online !== false)
          return languages.map((language) => ({
            item,
            language,
            categories: categoryNames(online, language),
          }))
        }),
      )
    }
  }

  /**
   * Rebuilds every listing from the committed records when the stored rows were made for another
   * version or other settings; answers how many items were listed (0 when nothing was to do).
   */
  async ensureCurrent(): Promise<number> {
    const signature = await this.signature()
    const state = (await this.db(INDEX_STATE_TABLE)
      .where({ name: STATE_NAME })
      .first('signature')) as { signature: string } | undefined
    return state?.signature === signature ? 0 : this.rebuildAll(signature)
  }

  /** Rebuilds every listing and notes the settings it was built for (after seeds, which skip guards). */
  async rebuildAll(signature?: string): Promise<number> {
    const built = signature ?? (await this.signature())
    const count = await this.rebuild()
    await this.db(INDEX_STATE_TABLE)
      .insert({ name: STATE_NAME, signature: built, built_at: Date.now() })
      .onConflict('name')
      .merge(['signature', 'built_at'])
    return count
  }

  /**
   * Every listing from the committed records, in batches of their own transactions (the item
   * index, commerce_items, is complete already: its guard and the seeds' reindex keep it). A
   * write meanwhile runs its guard as usual.
   */
  private async rebuild(): Promise<number> {
    const reader: Reader = {
      one: (type, id) => this.records.find(type, id),
      many: (type, ids) => this.records.findMany(ids.map((id) => ({ type, id }))),
    }
    let after = ''
    let count = 0
    for (;;) {
      const ids = (await this.db(ITEMS_TABLE)
        .where({ parent: '', online: true })
        .andWhere('item', '>', after)
        .orderBy('item')
        .limit(BATCH)
        .pluck('item')) as string[]
      if (ids.length === 0) break
      const sources = await this.sources(this.db, reader, ids)
      const settings = await this.settings(reader, sources)
      const rows = sources.map((source) => listingRows(source, settings))
      await retryTransaction(this.db, (trx) => this.write(trx, ids, rows))
      count += sources.length
      after = ids[ids.length - 1]!
    }
    // Items listed before and no longer (offline, binned, now an option of another).
    const stale = (await this.db(LISTING_TABLE)
      .distinct('item')
      .whereNotIn(
        'item',
        this.db(ITEMS_TABLE).where({ parent: '', online: true }).select('item'),
      )) as Array<{ item: string }>
    for (const batch of chunks(stale.map((row) => row.item)))
      await retryTransaction(this.db, (trx) => this.write(trx, batch, []))
    return count
  }

  /** What the rows depend on beside the records: the version, the languages, each currency's decimals. */
  private async signature(): Promise<string> {
    const web = await this.records.find('configuration', 'web')
    const currencies = await this.records.findMany(
      refIds(web?.currencies).map((id) => ({ type: 'currency', id })),
    )
    return JSON.stringify({
      version: LISTING_VERSION,
      languages: siteLanguages(web),
      places: currencies.map((currency) => [currency.id, placesOfRecord(currency)]),
    })
  }

  /** The listed items among `ids` with their online options and categories. */
  private async sources(
    executor: Knex | Knex.Transaction,
    reader: Reader,
    ids: readonly string[],
  ): Promise<ListingSource[]> {
    const records = (await reader.many(ITEM_TYPE, ids)).filter(isListed)
    if (records.length === 0) return []
    // The options the catalogue prices an item from: online children, in name order.
    const children = new Map<string, string[]>()
    for (const batch of chunks(records.map((record) => record.id))) {
      const rows = (await executor(ITEMS_TABLE)
        .whereIn('parent', batch)
        .andWhere('online', true)
        .orderBy([{ column: 'parent' }, { column: 'sortname' }, { column: 'item' }])
        .select('parent', 'item')) as Array<{ parent: string; item: string }>
      for (const row of rows)
        children.set(row.parent, [...(children.get(row.parent) ?? []), row.item])
    }
    const kids = new Map(
      (await reader.many(ITEM_TYPE, [...children.values()].flat())).map((kid) => [kid.id, kid]),
    )
    const categoryIds = [...new Set(records.flatMap(categoryIdsOf))]
    const categories = new Map(
      (await reader.many(CATEGORY_TYPE, categoryIds))
        .filter((category) => category.online !== false)
        .map((category) => [category.id, category]),
    )
    return records.map((record) => ({
      record,
      options: (children.get(record.id) ?? [])
        .map((id) => kids.get(id))
        .filter((kid): kid is RecordData => kid !== undefined),
      categories: categoryIdsOf(record)
        .map((id) => categories.get(id))
        .filter((category): category is RecordData => category !== undefined),
    }))
  }

  /** The site's languages and the decimals of the currencies the sources are priced in. */
  private async settings(
    reader: Reader,
    sources: readonly ListingSource[],
  ): Promise<ListingSettings> {
    const web = await reader.one('configuration', 'web')
    const currencies = [
      ...new Set(
        priceKeys(sources.flatMap((source) => [source.record, ...source.options])).map(
          (key) => key.currency,
        ),
      ),
    ]
    const places = new Map(
      (await reader.many('currency', currencies)).map((currency) => [
        currency.id,
        placesOfRecord(currency),
      ]),
    )
    return { languages: siteLanguages(web), places: (currency) => places.get(currency) ?? 2 }
  }

  /** Replaces the rows of `items` by `listings` (items without one lose theirs). */
  private async write(
    trx: Knex.Transaction,
    items: readonly string[],
    listings: readonly ItemListing[],
  ): Promise<void> {
    for (const batch of chunks(items))
      for (const table of [LISTING_TABLE, PRICES_TABLE, OPTIONS_TABLE])
        await trx(table).whereIn('item', batch).delete()
    const listing = listings.flatMap((each) => each.listing)
    for (const batch of chunks(listing))
      await insertRows(
        trx,
        LISTING_TABLE,
        ['item', 'language', 'displayname', 'description', 'urlcomponent', 'thumbnail', 'sortname'],
        batch.map((row) => [
          row.item,
          row.language,
          row.displayname,
          row.description,
          row.urlcomponent,
          row.thumbnail,
          row.sortname,
        ]),
      )
    for (const batch of chunks(listings.flatMap((each) => each.prices)))
      await insertRows(
        trx,
        PRICES_TABLE,
        ['item', 'level', 'currency', 'amount'],
        batch.map((row) => [row.item, row.level, row.currency, row.amount]),
      )
    for (const batch of chunks(listings.flatMap((each) => each.options)))
      await insertRows(
        trx,
        OPTIONS_TABLE,
        ['item', 'child', 'position', 'value', 'slug', 'labels'],
        batch.map((row) => [row.item, row.child, row.position, row.value, row.slug, row.labels]),
      )
    await this.engine.replace(
      trx,
      items,
      listings.flatMap((each) => each.documents),
    )
  }
}
