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
import { MAX_QUERY_LENGTH } from '../../shared/listing.js'
import { DEFAULT_ITEMS_PAGE, MAX_ITEMS_PAGE } from '../catalogue/catalogue.js'
import { integerOption, onlyOptions, textOption } from '../route-options.js'
import { SEARCH_ROUTES } from '../route-schemas.js'
import type { ShopContexts } from '../shop-context.js'
import type { Search } from './search-service.js'

const SEARCH_OPTIONS = new Set(['q', 'page', 'pagesize'])
const SUGGEST_OPTIONS = new Set(['q'])

/** The deepest page a search answers: past it, a shopper would rather search again. */
export const MAX_SEARCH_PAGE = 1_000

export function searchRoutes(router: QueryRouter, search: Search, contexts: ShopContexts): void {
  router.get('/ns/search', SEARCH_ROUTES.search, async (ctx) => {
    onlyOptions(ctx, SEARCH_OPTIONS)
    const q = textOption(ctx, 'q', MAX_QUERY_LENGTH)
    const page = integerOption(ctx, 'page', 1, MAX_SEARCH_PAGE)
    const pagesize = integerOption(ctx, 'pagesize', DEFAULT_ITEMS_PAGE, MAX_ITEMS_PAGE)
    ctx.set('Cache-Control', 'private, no-store')
    ctx.body = await search.page(await contexts.of(ctx), q, page, pagesize)
  })

  router.get('/ns/search/suggest', SEARCH_ROUTES.suggest, async (ctx) => {
    onlyOptions(ctx, SUGGEST_OPTIONS)
    const q = textOption(ctx, 'q', MAX_QUERY_LENGTH)
    ctx.set('Cache-Control', 'private, no-store')
    const { language } = await contexts.of(ctx)
    ctx.body = { data: await search.suggest(language, q) }
  })
}
