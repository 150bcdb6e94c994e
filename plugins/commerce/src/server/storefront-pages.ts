/**
 * What commerce adds to the storefront's pages (docs/plugins.md, "Storefront page data and
 * sitemap"): the category page's first items and the item page's children, breaks and stock,
 * rendered on the server with the page (SEO, first paint) and priced in the visitor's currency;
 * and the sitemap's items and categories.
 */
import type { Knex } from 'knex'
import { createError, type PageDataProvider, type SitemapSource } from '@shopwright/core'
import {
  PAGE_EXTRA,
  type CategoryDisplay,
  type CategoryPageExtra,
  type ItemPageExtra,
} from '../shared/answers.js'
import { CATEGORY_TYPE, ITEM_TYPE } from '../shared/types.js'
import type { RecordsService } from '@shopwright/plugin-records'
import type { Catalogue } from './catalogue/catalogue.js'
import { CATALOGUE_TABLE, ITEMS_TABLE } from './migrations.js'
import type { ShopContexts } from './shop-context.js'

export function categoryPageData(catalogue: Catalogue, contexts: ShopContexts): PageDataProvider {
  return {
    id: PAGE_EXTRA,
    routes: ['CategoryView', 'ItemView'],
    queryKeys: ['page', 'display'],
    recordTypes: [ITEM_TYPE, CATEGORY_TYPE],
    async load(input) {
      const id = input.params.id ?? ''
      // The page's own language and currency, as the engine worked them out for its record.
      const context = await contexts.resolve(input.entity, {
        country: input.locale?.country ?? '',
        currency: input.currency ?? '',
        language: input.language,
      })
      if (input.route.component === 'ItemView')
        return { item: await catalogue.item(context, { id }) } satisfies ItemPageExtra
      // Values a link of the theme never makes are not found: such addresses never fill the
      // page cache (a repeated key is refused by the engine).
      const shown = input.query.get('display')
      if (shown !== null && shown !== 'grid' && shown !== 'list')
        throw createError('ERROR_CATEGORY_NOT_AVAILABLE', { reason: `display ${shown}` })
      const display: CategoryDisplay = shown === 'list' ? 'list' : 'grid'
      const text = input.query.get('page')
      const page = text === null ? 1 : /^[1-9]\d{0,5}$/.test(text) ? Number(text) : Number.NaN
      if (!Number.isSafeInteger(page))
        throw createError('ERROR_CATEGORY_NOT_AVAILABLE', { reason: `page ${text}` })
      const { pagesizes } = await contexts.settings()
      const pagesize = display === 'list' ? pagesizes.weblist : pagesizes.webgrid
      const category = await catalogue.category(context, id, page, pagesize)
      if (page > category.pages)
        throw createError('ERROR_CATEGORY_NOT_AVAILABLE', { reason: `page ${page}` })
      return { category, display } satisfies CategoryPageExtra
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
