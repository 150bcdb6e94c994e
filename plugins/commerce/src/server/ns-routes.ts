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
  isValidId,
  queryOption,
  type Entity,
  type QueryContext,
  type QueryRouter,
} from '@shopwright/core'
import type { ListService, RecordsService } from '@shopwright/plugin-records'
import { LISTING_KEYS, readListing, type ListingChoice } from '../shared/listing.js'
import { CATEGORY_TYPE, INVOICE_TYPE, ITEM_TYPE, ORDER_TYPE } from '../shared/types.js'
import { DEFAULT_ITEMS_PAGE, MAX_ITEMS_PAGE, type Catalogue } from './catalogue/catalogue.js'
import type { Documents } from './documents/documents.js'
import type { ShopContexts } from './shop-context.js'
import { NS_ROUTES } from './route-schemas.js'
import { idOption, integerOption, onlyOptions } from './route-options.js'

const TYPES = ['webpage', ITEM_TYPE, CATEGORY_TYPE, ORDER_TYPE, INVOICE_TYPE] as const
type NsType = (typeof TYPES)[number]

/** The options each call takes; any other is refused (a typo should not pass silently). */
const GET_OPTIONS = new Set(['id', 'fragment'])
const LIST_OPTIONS = new Set(['page', 'pagesize', 'category'])
/** An item list also takes the sort and filters of a category page (docs/api.md). */
const ITEM_LIST_OPTIONS = new Set([...LIST_OPTIONS, ...LISTING_KEYS])

/** The sort and filters of an item list; amounts in the visitor's currency, as displayed. */
function listingOption(ctx: QueryContext, places: number): ListingChoice {
  const read = readListing((name) => queryOption(ctx, name), places)
  if (!read.ok) throw createError('ERROR_INVALID_INPUT', { reason: read.reason })
  return read.choice
}

function typeParam(ctx: QueryContext): NsType {
  const type = ctx.params.recordtype ?? ''
  if (!(TYPES as readonly string[]).includes(type))
    throw createError('ERROR_RECORDTYPE_REQUIRED', { reason: `one of ${TYPES.join(', ')}` })
  return type as NsType
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

  const get = async (ctx: QueryContext, pathId?: string) => {
    const type = typeParam(ctx)
    onlyOptions(ctx, GET_OPTIONS)
    const id = pathId ?? idOption(ctx, 'id')
    const fragment = idOption(ctx, 'fragment')
    if (!id && !fragment) throw createError('ERROR_FRAGMENT_ID_EXPECTED')
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

  router.get('/ns/data/get/:recordtype', NS_ROUTES.get, (ctx) => get(ctx))
  router.get('/ns/data/get/:recordtype/:id', NS_ROUTES.getId, async (ctx) => {
    const id = ctx.params.id ?? ''
    if (!isValidId(id)) throw createError('ERROR_INVALID_ID', { reason: id })
    await get(ctx, id)
  })

  router.get('/ns/data/list/:recordtype', NS_ROUTES.list, async (ctx) => {
    const type = typeParam(ctx)
    onlyOptions(ctx, type === ITEM_TYPE ? ITEM_LIST_OPTIONS : LIST_OPTIONS)
    const page = integerOption(ctx, 'page', 1, 1_000_000)
    ctx.set('Cache-Control', 'private, no-store')
    switch (type) {
      case ITEM_TYPE: {
        const category = idOption(ctx, 'category')
        if (!category) throw createError('ERROR_PARAMETER_EXPECTED', { reason: 'category' })
        const pagesize = integerOption(ctx, 'pagesize', DEFAULT_ITEMS_PAGE, MAX_ITEMS_PAGE)
        const context = await contexts.of(ctx)
        const choice = listingOption(ctx, context.currency.places)
        ctx.body = await catalogue.itemsOf(context, category, page, pagesize, choice)
        return
      }
      case CATEGORY_TYPE: {
        const data = await catalogue.categories(await contexts.of(ctx))
        ctx.body = { data, page: 1, pages: 1, pagesize: data.length, total: data.length }
        return
      }
      case 'webpage': {
        const pagesize = integerOption(ctx, 'pagesize', DEFAULT_ITEMS_PAGE, 1000)
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
      default: {
        const pagesize = integerOption(ctx, 'pagesize', DEFAULT_ITEMS_PAGE, MAX_ITEMS_PAGE)
        ctx.body = await documents.list(await signedIn(ctx), type, page, pagesize)
      }
    }
  })
}
