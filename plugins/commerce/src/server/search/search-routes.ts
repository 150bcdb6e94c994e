/**
 * The search calls (docs/api.md, "Search"):
 *
 * - `GET /query/ns/search?q=&page=&pagesize=`: a page of the listed items the text finds, as a
 *   category lists them: `{ data, page, pages, pagesize, total }`;
 * - `GET /query/ns/search/suggest?q=`: up to 8 items whose names the text starts words of, as the
 *   shopper types, `{ data }`; empty before 2 letters or digits.
 *
 * Anyone may search; answers depend on the visitor's language, level and currency.
 */
import type { QueryRouter } from '@shopwright/core'
import { DEFAULT_ITEMS_PAGE } from '../catalogue/catalogue.js'
import { SEARCH_ROUTES } from '../route-schemas.js'
import type { ShopContexts } from '../shop-context.js'
import type { Search } from './search-service.js'

export function searchRoutes(router: QueryRouter, search: Search, contexts: ShopContexts): void {
  router.get('/ns/search', SEARCH_ROUTES.search, async (ctx) => {
    const { q = '', page = 1, pagesize = DEFAULT_ITEMS_PAGE } = ctx.input.query
    ctx.set('Cache-Control', 'private, no-store')
    ctx.body = await search.page(await contexts.of(ctx), q, page, pagesize)
  })

  router.get('/ns/search/suggest', SEARCH_ROUTES.suggest, async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store')
    const { language } = await contexts.of(ctx)
    ctx.body = { data: await search.suggest(language, ctx.input.query.q ?? '') }
  })
}
