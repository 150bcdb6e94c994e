/**
 * What commerce adds to the storefront's pages (docs/plugins.md, "Storefront page data and
 * sitemap"): the category page's items, sorted and filtered as its address says, and the item
 * page's children, breaks and stock, rendered on the server with the page (SEO, first paint) and
 * priced in the visitor's currency; a search page's results; and the sitemap's items and
 * categories.
 */
import type { Knex } from 'knex'
import { createError } from '@shopwright/core'
import {
  type PageDataInput,
  type PageDataProvider,
  type SitemapSource,
} from '@shopwright/storefront'
import {
  PAGE_EXTRA,
  SEARCH_EXTRA,
  type CategoryDisplay,
  type CategoryPageExtra,
  type ItemPageExtra,
  type SearchPageExtra,
} from '../shared/answers.js'
import { LISTING_KEYS, MAX_QUERY_LENGTH, readListing, writeListing } from '../shared/listing.js'
import { CATEGORY_TYPE, ITEM_TYPE } from '../shared/types.js'
import type { RecordsService } from '@shopwright/plugin-records'
import type { Catalogue } from './catalogue/catalogue.js'
import { CATALOGUE_TABLE, ITEMS_TABLE } from './migrations.js'
import type { Search } from './search/search-service.js'
import type { ShopContext, ShopContexts } from './shop-context.js'

/**
 * The category page's parameters kept in the page cache: few values each. Prices and options
 * (`min`, `max`, `option`) are rendered for every request instead: their values are unbounded,
 * and made-up ones must not fill the cache.
 */
const CACHED_KEYS = ['page', 'display', 'sort', 'instock']

/** The page number of an address: absent is 1; written otherwise than `2` is not found. */
function pageOf(
  input: PageDataInput,
  notFound: 'ERROR_CATEGORY_NOT_AVAILABLE' | 'ERROR_ITEMS_NOT_AVAILABLE',
): number {
  const text = input.query.get('page')
  const page = text === null ? 1 : /^[1-9]\d{0,5}$/.test(text) ? Number(text) : Number.NaN
  if (!Number.isSafeInteger(page)) throw createError(notFound, { reason: `page ${text}` })
  return page
}

/** The shopping context of a page: its own language and currency, as the engine worked them out. */
function contextOf(contexts: ShopContexts, input: PageDataInput): Promise<ShopContext> {
  return contexts.resolve(input.entity, {
    country: input.locale?.country ?? '',
    currency: input.currency ?? '',
    language: input.language,
  })
}

export function categoryPageData(catalogue: Catalogue, contexts: ShopContexts): PageDataProvider {
  return {
    id: PAGE_EXTRA,
    routes: ['CategoryView', 'ItemView'],
    queryKeys: CACHED_KEYS,
    recordTypes: [ITEM_TYPE, CATEGORY_TYPE],
    async load(input) {
      const id = input.params.id ?? ''
      const context = await contextOf(contexts, input)
      // A draft's preview shows the record with the draft's fields, not the live one.
      const shown = input.preview ? input.record : null
      if (input.route.component === 'ItemView')
        return { item: await catalogue.item(context, { id }, shown) } satisfies ItemPageExtra
      // Values a link of the theme never makes are not found: such addresses never fill the
      // page cache (a repeated key is refused by the engine).
      const asked = input.query.get('display')
      if (asked !== null && asked !== 'grid' && asked !== 'list')
        throw createError('ERROR_CATEGORY_NOT_AVAILABLE', { reason: `display ${asked}` })
      const display: CategoryDisplay = asked === 'list' ? 'list' : 'grid'
      const page = pageOf(input, 'ERROR_CATEGORY_NOT_AVAILABLE')
      const { places } = context.currency
      const read = readListing((key) => input.query.get(key) ?? undefined, places)
      if (!read.ok) throw createError('ERROR_CATEGORY_NOT_AVAILABLE', { reason: read.reason })
      // One spelling per page (writeListing's: `min=10`, never `min=10.00`).
      const written = new Map(writeListing(read.choice, places))
      const misspelt = LISTING_KEYS.find(
        (key) => (input.query.get(key) ?? undefined) !== written.get(key),
      )
      if (misspelt)
        throw createError('ERROR_CATEGORY_NOT_AVAILABLE', {
          reason: `${misspelt} is not written as writeListing writes it`,
        })
      const { pagesizes } = await contexts.settings()
      const pagesize = display === 'list' ? pagesizes.weblist : pagesizes.webgrid
      const category = await catalogue.category(context, id, page, pagesize, read.choice, shown)
      if (page > category.pages)
        throw createError('ERROR_CATEGORY_NOT_AVAILABLE', { reason: `page ${page}` })
      return { category, display } satisfies CategoryPageExtra
    },
  }
}

/**
 * A search page (`/search?q=`): the results of `q` (trimmed) rendered with the page, a grid's
 * worth. Only `page` is declared: a page with a search text is rendered for each request and
 * never kept, as texts are endless.
 */
export function searchPageData(search: Search, contexts: ShopContexts): PageDataProvider {
  return {
    id: SEARCH_EXTRA,
    routes: ['SearchView'],
    queryKeys: ['page'],
    recordTypes: [ITEM_TYPE, CATEGORY_TYPE],
    async load(input) {
      const q = (input.query.get('q') ?? '').trim()
      if (q.length > MAX_QUERY_LENGTH)
        throw createError('ERROR_ITEMS_NOT_AVAILABLE', { reason: 'q is too long' })
      const page = pageOf(input, 'ERROR_ITEMS_NOT_AVAILABLE')
      const context = await contextOf(contexts, input)
      const { pagesizes } = await contexts.settings()
      const found = await search.page(context, q, page, pagesizes.webgrid)
      if (page > found.pages)
        throw createError('ERROR_ITEMS_NOT_AVAILABLE', { reason: `page ${page}` })
      return { q, search: found } satisfies SearchPageExtra
    },
  }
}

/** Online items without a parent, and the online categories listing them, as sitemap addresses. */
export function catalogueSitemap(
  db: Knex,
  records: Pick<RecordsService, 'findMany'>,
): SitemapSource {
  return {
    id: 'commerce',
    async urls() {
      const listed = (await db(CATALOGUE_TABLE)
        .distinct('category')
        .orderBy('category')
        .limit(5_000)) as Array<{ category: string }>
      const found = await records.findMany(
        listed.map(({ category }) => ({ type: CATEGORY_TYPE, id: category })),
      )
      const categories = found
        .filter((record) => record.online !== false)
        .map((record) => ({ category: record.id }))
      const items = (await db(ITEMS_TABLE)
        .where({ parent: '', online: true })
        .orderBy('item')
        .limit(45_000)
        .select('item')) as Array<{ item: string }>
      return [
        ...categories.map(({ category }) => ({
          path: `/category/${encodeURIComponent(category)}`,
        })),
        ...items.map(({ item }) => ({ path: `/item/${encodeURIComponent(item)}` })),
      ]
    },
  }
}
