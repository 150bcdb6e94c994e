/**
 * A page of listed items as lists answer them (ListItemAnswer), read from the listing tables in
 * one statement: the visitor's language's row, the listed price at their level and currency, and
 * whether the item has options and can be bought now. Category pages and searches both answer
 * through here, so an item looks the same in either.
 */
import type { Knex } from 'knex'
import { fromMinor } from '@shopwright/client'
import type { RecordsService } from '@shopwright/plugin-records'
import type { ItemListAnswer, SuggestionAnswer } from '../../shared/listing.js'
import { NO_PRICE, type ListItemAnswer, type WebImage } from '../../shared/types.js'
import { LISTING_TABLE, PRICES_TABLE } from '../migrations.js'
import type { ShopContext } from '../shop-context.js'
import { hasOptionsSql, inStockSql } from './listing-sql.js'
import { priceLevelName } from './price-level.js'

interface ListingRow {
  item: string
  displayname: string
  description: string
  urlcomponent: string
  thumbnail: string | null
  amount: number | string | null
  instock: number | string | boolean
  haschildren: number | string | boolean
}

const image = (text: string | null): WebImage | null =>
  text === null ? null : (JSON.parse(text) as WebImage)

const truth = (value: number | string | boolean): boolean => Number(value) === 1

/** Answers list items from the listing tables. */
export class ListingReader {
  constructor(
    private readonly db: Knex,
    private readonly records: Pick<RecordsService, 'find'>,
  ) {}

  /**
   * A page of a list of items (a category's, a search's): `found` is that page's ids and the whole
   * list's count, from which the number of pages follows (at least one, though the list is empty).
   */
  async page(
    context: ShopContext,
    found: { items: readonly string[]; total: number },
    page: number,
    pagesize: number,
  ): Promise<ItemListAnswer> {
    return {
      data: await this.items(context, found.items),
      page,
      pages: Math.max(1, Math.ceil(found.total / pagesize)),
      pagesize,
      total: found.total,
    }
  }

  /** The listed items of `ids`, in that order (ids without a row for the language are left out). */
  async items(context: ShopContext, ids: readonly string[]): Promise<ListItemAnswer[]> {
    if (ids.length === 0) return []
    const [rows, level] = await Promise.all([
      this.db(`${LISTING_TABLE} as l`)
        .leftJoin(`${PRICES_TABLE} as p`, (on) =>
          on
            .on('p.item', '=', 'l.item')
            .andOnVal('p.level', '=', context.level)
            .andOnVal('p.currency', '=', context.currency.id),
        )
        .where('l.language', context.language)
        .whereIn('l.item', [...ids])
        .select(
          'l.item',
          'l.displayname',
          'l.description',
          'l.urlcomponent',
          'l.thumbnail',
          'p.amount',
          this.db.raw(`${inStockSql('l.item')} AS instock`),
          this.db.raw(`${hasOptionsSql('l.item')} AS haschildren`),
        ) as Promise<ListingRow[]>,
      priceLevelName(this.records, context.level),
    ])
    const byId = new Map(rows.map((row) => [row.item, row]))
    const { places, id: currency } = context.currency
    return ids.flatMap((id) => {
      const row = byId.get(id)
      if (!row) return []
      const amount = row.amount === null ? NO_PRICE : Number(row.amount)
      return [
        {
          id: row.item,
          displayname: row.displayname,
          storedetaileddescription: row.description,
          urlcomponent: row.urlcomponent,
          storedisplaythumbnail: image(row.thumbnail),
          price: { amount, currency },
          instock: truth(row.instock),
          haschildren: truth(row.haschildren),
          // A list item's price field named after the level, in major units (README, "Prices").
          [level]: amount === NO_PRICE ? NO_PRICE : fromMinor(amount, places),
        },
      ]
    })
  }

  /** What a suggestion shows of `ids`, in that order. */
  async suggestions(language: string, ids: readonly string[]): Promise<SuggestionAnswer[]> {
    if (ids.length === 0) return []
    const rows = (await this.db(LISTING_TABLE)
      .where('language', language)
      .whereIn('item', [...ids])
      .select('item', 'displayname', 'urlcomponent', 'thumbnail')) as Array<
      Pick<ListingRow, 'item' | 'displayname' | 'urlcomponent' | 'thumbnail'>
    >
    const byId = new Map(rows.map((row) => [row.item, row]))
    return ids.flatMap((id) => {
      const row = byId.get(id)
      return row
        ? [
            {
              id: row.item,
              displayname: row.displayname,
              urlcomponent: row.urlcomponent,
              storedisplaythumbnail: image(row.thumbnail),
            },
          ]
        : []
    })
  }
}
