/**
 * A category's page of items, sorted and filtered by the database (docs/api.md, "Sort and
 * filters"), and the facets its filters choose from: each facet is counted under the other
 * filters, so choosing Blue still shows how many items come in Red.
 */
import type { Knex } from 'knex'
import type { CategoryFacets, ListingChoice, OptionFacet } from '../../shared/listing.js'
import {
  CATALOGUE_TABLE,
  ITEMS_TABLE,
  LISTING_TABLE,
  OPTIONS_TABLE,
  PRICES_TABLE,
  STOCK_TABLE,
} from '../migrations.js'
import { inStockSql, optionsTakenSql, priceWithinSql } from './listing-sql.js'

/** Option values a facet lists at most. */
const FACET_VALUES = 200

/** Who the list is for: the visitor's language, price level and currency. */
export interface ListingViewer {
  language: string
  level: number
  currency: string
}

/** Which filters a statement applies: a facet leaves its own out. */
type Filter = 'price' | 'instock' | 'options'
const ALL: readonly Filter[] = ['price', 'instock', 'options']

/** One collator per site language (a viewer's language is one of them), made on its first use. */
const collators = new Map<string, Intl.Collator>()
function naturalOrder(language: string): Intl.Collator {
  let collator = collators.get(language)
  if (!collator) {
    collator = new Intl.Collator(language, { numeric: true, sensitivity: 'base' })
    collators.set(language, collator)
  }
  return collator
}

/** An option value's label in `language` from its row's `labels` (listing-rows.ts), if any. */
function labelIn(labels: string | null, language: string): string | undefined {
  if (!labels) return undefined
  try {
    const label = (JSON.parse(labels) as Record<string, unknown>)[language]
    return typeof label === 'string' && label ? label : undefined
  } catch {
    return undefined
  }
}

export class ListingQuery {
  constructor(private readonly db: Knex) {}

  /**
   * The ids of a page of the category's items in order, and how many items the filters let
   * through: counted apart, so that a page by name can stop at its last row.
   */
  async page(
    category: string,
    choice: ListingChoice,
    viewer: ListingViewer,
    offset: number,
    limit: number,
  ): Promise<{ items: string[]; total: number }> {
    const query = this.listed(category, choice, viewer, ALL).join(`${LISTING_TABLE} as l`, (on) =>
      on.on('l.item', '=', 'c.item').andOnVal('l.language', '=', viewer.language),
    )
    this.order(query, choice, viewer)
    const [rows, counted] = await Promise.all([
      query.select('c.item').offset(offset).limit(limit) as Promise<Array<{ item: string }>>,
      this.listed(category, choice, viewer, ALL).count({ total: '*' }) as Promise<
        Array<{ total: number | string }>
      >,
    ])
    return { items: rows.map((row) => row.item), total: Number(counted[0]?.total ?? 0) }
  }

  /** The price range, the items in stock and the option values, each under the other filters. */
  async facets(
    category: string,
    choice: ListingChoice,
    viewer: ListingViewer,
  ): Promise<CategoryFacets> {
    const [range] = (await this.listed(category, choice, viewer, ['instock', 'options'])
      .join(`${PRICES_TABLE} as fp`, (on) =>
        on
          .on('fp.item', '=', 'c.item')
          .andOnVal('fp.level', '=', viewer.level)
          .andOnVal('fp.currency', '=', viewer.currency),
      )
      .min({ low: 'fp.amount' })
      .max({ high: 'fp.amount' })) as Array<{
      low: number | string | null
      high: number | string | null
    }>
    const [stocked] = (await this.listed(category, choice, viewer, ['price', 'options'])
      .whereRaw(inStockSql('c.item'))
      .count({ count: '*' })) as Array<{ count: number | string }>
    const options = this.listed(category, choice, viewer, ['price', 'instock'])
      .join(`${OPTIONS_TABLE} as fo`, 'fo.item', 'c.item')
      .groupBy('fo.slug')
      .select(
        'fo.slug',
        this.db.raw('MIN(fo.value) AS value'),
        this.db.raw('MIN(fo.labels) AS labels'),
        this.db.raw('COUNT(DISTINCT fo.item) AS count'),
      )
    // With "in stock" chosen, an option value counts where an option taking it can be bought.
    if (choice.instock)
      options.whereExists(
        this.db(`${STOCK_TABLE} as fs`)
          .whereRaw('fs.item = fo.child')
          .andWhereRaw('fs.onhand > fs.reserved')
          .select(this.db.raw('1')),
      )
    const values = (await options) as Array<{
      slug: string
      value: string
      labels: string | null
      count: number | string
    }>
    const natural = naturalOrder(viewer.language)
    return {
      price:
        range?.low === null || range?.low === undefined
          ? null
          : { min: Number(range.low), max: Number(range.high), currency: viewer.currency },
      instock: Number(stocked?.count ?? 0),
      options: values
        .map((row): OptionFacet => ({
          key: row.slug,
          value: labelIn(row.labels, viewer.language) ?? row.value,
          count: Number(row.count),
        }))
        .sort((a, b) => natural.compare(a.value, b.value) || (a.key < b.key ? -1 : 1))
        .slice(0, FACET_VALUES),
    }
  }

  /**
   * The category's listed items with the chosen filters of `apply`. Every listed item has its
   * rows in every site language (listing-index.ts), so only a page joins its names.
   */
  private listed(
    category: string,
    choice: ListingChoice,
    viewer: ListingViewer,
    apply: readonly Filter[],
  ): Knex.QueryBuilder {
    const query = this.db(`${CATALOGUE_TABLE} as c`).where('c.category', category)
    if (apply.includes('price') && (choice.min !== null || choice.max !== null)) {
      const within = priceWithinSql('c.item', { ...viewer, min: choice.min, max: choice.max })
      query.whereRaw(within.sql, within.bindings)
    }
    if (apply.includes('instock') && choice.instock) query.whereRaw(inStockSql('c.item'))
    if (apply.includes('options') && choice.options.length > 0) {
      const taken = optionsTakenSql('c.item', choice.options, choice.instock)
      query.whereRaw(taken.sql, taken.bindings)
    }
    return query
  }

  /** The chosen order; ties by name in the viewer's language, then by id. */
  private order(query: Knex.QueryBuilder, choice: ListingChoice, viewer: ListingViewer): void {
    switch (choice.sort) {
      case 'featured':
        // What a shopper can buy now comes first.
        query.orderByRaw(`${inStockSql('c.item')} DESC`)
        break
      case 'price-asc':
      case 'price-desc':
        query.leftJoin(`${PRICES_TABLE} as sp`, (on) =>
          on
            .on('sp.item', '=', 'c.item')
            .andOnVal('sp.level', '=', viewer.level)
            .andOnVal('sp.currency', '=', viewer.currency),
        )
        // Items without a price at the visitor's level go last either way.
        query.orderByRaw('CASE WHEN sp.amount IS NULL THEN 1 ELSE 0 END')
        query.orderBy('sp.amount', choice.sort === 'price-asc' ? 'asc' : 'desc')
        break
      case 'newest':
        query.join(`${ITEMS_TABLE} as si`, 'si.item', 'c.item').orderBy('si.created_at', 'desc')
        break
      case 'name':
        break
    }
    query.orderBy([{ column: 'l.sortname' }, { column: 'c.item' }])
  }
}
