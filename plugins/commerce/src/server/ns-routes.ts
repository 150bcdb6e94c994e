/**
 * The storefront's data calls (docs/api.md, "Storefront data"):
 *
 * - `GET /query/ns/data/get/{recordtype}?id=` or `?fragment=` (also `/ns/data/get/{recordtype}/{id}`)
 * - `GET /query/ns/data/list/{recordtype}?page=&pagesize=` answering `{ data, page, pages, pagesize }`;
 *   a category's items also take `sort`, `min`, `max`, `instock` and `option`, and answer `facets`
 *
 * for webpage, item, webcategory, salesorder and invoice. Items and categories are priced and
 * translated for the visitor; orders and invoices are the signed-in customer's own only.
 */
import {
  createError,
  type Entity,
  type QueryContext,
  type QueryRouter,
  type z,
} from '@shopwright/core'
import type { ListService, RecordsService } from '@shopwright/plugin-records'
import { LISTING_KEYS, readListing, type ListingChoice } from '../shared/listing.js'
import { CATEGORY_TYPE, ITEM_TYPE } from '../shared/types.js'
import { DEFAULT_ITEMS_PAGE, MAX_ITEMS_PAGE, type Catalogue } from './catalogue/catalogue.js'
import type { Documents } from './documents/documents.js'
import type { ShopContexts } from './shop-context.js'
import { NS_ROUTES, type NsType } from './route-schemas.js'

/** A list's query as its description reads it. */
type ListQuery = z.output<(typeof NS_ROUTES)['list']['query']>

/**
 * The sort and filters of an item list: their forms are the description's, the decimals of `min`
 * and `max` are the visitor's currency's (as displayed), and `min` must not be above `max`.
 */
function listingOf(query: ListQuery, places: number): ListingChoice {
  const read = readListing((name) => query[name as (typeof LISTING_KEYS)[number]], places)
  if (!read.ok) throw createError('ERROR_INVALID_INPUT', { reason: read.reason })
  return read.choice
}

async function signedIn(ctx: QueryContext): Promise<Entity> {
  const entity = await ctx.state.entity()
  if (!entity) throw createError('ERROR_NOT_SIGNED_IN')
  return entity
}

export interface NsServices {
  catalogue: Catalogue
  documents: Documents
  contexts: ShopContexts
  records: Pick<RecordsService, 'get'>
  lists: Pick<ListService, 'list'>
}

export function nsRoutes(router: QueryRouter, services: NsServices): void {
  const { catalogue, documents, contexts, records, lists } = services

  /** One record, by its id or its address (`fragment`). */
  const get = async (ctx: QueryContext, type: NsType, id?: string, fragment?: string) => {
    // Answers depend on the visitor (their level, currency, language): never shared by caches.
    ctx.set('Cache-Control', 'private, no-store')
    switch (type) {
      case 'webpage':
        ctx.body = await records.get(await ctx.state.entity(), 'webpage', (id ?? fragment)!)
        return
      case ITEM_TYPE:
        ctx.body = await catalogue.item(await contexts.of(ctx), { id, fragment })
        return
      case CATEGORY_TYPE: {
        const context = await contexts.of(ctx)
        ctx.body = await catalogue.category(context, (id ?? fragment)!, 1, DEFAULT_ITEMS_PAGE)
        return
      }
      default:
        ctx.body = await documents.get(await signedIn(ctx), type, (id ?? fragment)!)
    }
  }

  router.get('/ns/data/get/:recordtype', NS_ROUTES.get, (ctx) => {
    const { id, fragment } = ctx.input.query
    return get(ctx, ctx.input.params.recordtype, id, fragment)
  })
  router.get('/ns/data/get/:recordtype/:id', NS_ROUTES.getId, (ctx) =>
    get(ctx, ctx.input.params.recordtype, ctx.input.params.id, ctx.input.query.fragment),
  )

  router.get('/ns/data/list/:recordtype', NS_ROUTES.list, async (ctx) => {
    const type = ctx.input.params.recordtype
    const query = ctx.input.query
    // Only items take the sort and filters of a category page (docs/api.md).
    const filter = type === ITEM_TYPE ? undefined : LISTING_KEYS.find((key) => key in query)
    if (filter) throw createError('ERROR_INVALID_INPUT', { reason: `unknown option ${filter}` })
    // Web pages come up to MAX_WEBPAGE_PAGE a page; the others up to MAX_ITEMS_PAGE.
    const pagesize = query.pagesize ?? DEFAULT_ITEMS_PAGE
    if (type !== 'webpage' && pagesize > MAX_ITEMS_PAGE)
      throw createError('ERROR_INVALID_INTEGER', {
        reason: `pagesize must be from 1 to ${MAX_ITEMS_PAGE}`,
      })
    const page = query.page ?? 1
    ctx.set('Cache-Control', 'private, no-store')
    switch (type) {
      case ITEM_TYPE: {
        if (!query.category) throw createError('ERROR_PARAMETER_EXPECTED', { reason: 'category' })
        const context = await contexts.of(ctx)
        const choice = listingOf(query, context.currency.places)
        ctx.body = await catalogue.itemsOf(context, query.category, page, pagesize, choice)
        return
      }
      case CATEGORY_TYPE: {
        const data = await catalogue.categories(await contexts.of(ctx))
        ctx.body = { data, page: 1, pages: 1, pagesize: data.length, total: data.length }
        return
      }
      case 'webpage': {
        const text = await lists.list(await ctx.state.entity(), 'webpage', { page, pagesize })
        const answer = JSON.parse(text) as {
          list: unknown[]
          page: number
          pages: number
          pagesize: number
        }
        ctx.body = {
          data: answer.list,
          page: answer.page,
          pages: answer.pages,
          pagesize: answer.pagesize,
        }
        return
      }
      default:
        ctx.body = await documents.list(await signedIn(ctx), type, page, pagesize)
    }
  })
}
