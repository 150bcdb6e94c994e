/**
 * The cart calls (README, "Calls"): reads are GET; every change is POST with a JSON body checked
 * by its description's schema (route-schemas.ts), and counted by the `commerce.cart` rate limit per visitor.
 */
import {
  clientKey,
  type QueryContext,
  type QueryRouter,
  type RateLimiterService,
} from '@shopwright/core'
import type { CartCaller, Carts } from './carts.js'
import { CART_ROUTES } from '../route-schemas.js'

export const CART_LIMIT = 'commerce.cart'

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
    const body = ctx.input.body
    const caller = await carts.caller(ctx, true)
    await limiter.consume(CART_LIMIT, limitKey(caller, ctx))
    ctx.body = await carts.add(ctx, caller, body.item, body.quantity, body.key)
  })

  router.post('/cart/update/:line', CART_ROUTES.update, async (ctx) => {
    const caller = await carts.caller(ctx)
    await limiter.consume(CART_LIMIT, limitKey(caller, ctx))
    ctx.body = await carts.update(caller, ctx.input.params.line, ctx.input.body.quantity)
  })

  router.post('/cart/remove/:line', CART_ROUTES.remove, async (ctx) => {
    const caller = await carts.caller(ctx)
    await limiter.consume(CART_LIMIT, limitKey(caller, ctx))
    ctx.body = await carts.remove(caller, ctx.input.params.line)
  })
}
