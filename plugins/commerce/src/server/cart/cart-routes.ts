/**
 * The cart calls (README, "Calls"): reads are GET; every change is POST with a JSON body checked
 * by its schema, and counted by the `commerce.cart` rate limit per visitor.
 */
import {
  clientKey,
  createError,
  isValidId,
  readBody,
  type QueryContext,
  type QueryRouter,
  type RateLimiterService,
  z,
} from '@shopwright/core'
import { MAX_LINE_QUANTITY } from '../../shared/types.js'
import type { CartCaller, Carts } from './carts.js'
import { CART_ROUTES } from '../route-schemas.js'

export const CART_LIMIT = 'commerce.cart'

const quantity = z.number().int().min(1).max(MAX_LINE_QUANTITY)
/** The add's own key (as checkout's): a retry with it answers the cart, never adds twice. */
export const ADD_KEY = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, {
  error: 'key must be 16 to 64 letters, digits, - or _',
})
const AddBody = z.strictObject({
  item: z.string().min(1).max(191),
  quantity,
  key: ADD_KEY.optional(),
})
const UpdateBody = z.strictObject({ quantity })

function lineParam(ctx: QueryContext): string {
  const line = ctx.params.line ?? ''
  if (!isValidId(line)) throw createError('ERROR_INVALID_ID', { reason: 'line' })
  return line
}

/**
 * The limit's key: the account, else the client address (an IPv6 client by its /64, which it can
 * pick any address of), so minting carts without a cookie does not escape the limit.
 */
function limitKey(caller: CartCaller, ctx: QueryContext): string {
  return caller.context.entity
    ? `${caller.context.entity.type}|${caller.context.entity.id}`
    : `ip|${clientKey(ctx.ip)}`
}

export function cartRoutes(router: QueryRouter, carts: Carts, limiter: RateLimiterService): void {
  router.get('/cart/get', CART_ROUTES.get, async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store')
    ctx.body = await carts.get(await carts.caller(ctx))
  })

  router.get('/cart/count', CART_ROUTES.count, async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store')
    ctx.body = { count: await carts.count(await carts.caller(ctx)) }
  })

  router.post('/cart/add', CART_ROUTES.add, async (ctx) => {
    const body = readBody(ctx, AddBody)
    if (!isValidId(body.item)) throw createError('ERROR_INVALID_ID', { reason: 'item' })
    const caller = await carts.caller(ctx, true)
    await limiter.consume(CART_LIMIT, limitKey(caller, ctx))
    ctx.body = await carts.add(ctx, caller, body.item, body.quantity, body.key)
  })

  router.post('/cart/update/:line', CART_ROUTES.update, async (ctx) => {
    const line = lineParam(ctx)
    const body = readBody(ctx, UpdateBody)
    const caller = await carts.caller(ctx)
    await limiter.consume(CART_LIMIT, limitKey(caller, ctx))
    ctx.body = await carts.update(caller, line, body.quantity)
  })

  router.post('/cart/remove/:line', CART_ROUTES.remove, async (ctx) => {
    const line = lineParam(ctx)
    const caller = await carts.caller(ctx)
    await limiter.consume(CART_LIMIT, limitKey(caller, ctx))
    ctx.body = await carts.remove(caller, line)
  })
}
