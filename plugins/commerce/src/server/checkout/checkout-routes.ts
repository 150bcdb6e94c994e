/**
 * The checkout calls (README, "Calls"), for signed-in customers: the review, the shipping address
 * and method, and placing the order. Every change is POST with a schema-checked JSON body; placing
 * is rate limited per account and needs an idempotency key (a replay answers the first order).
 */
import { z } from 'zod'
import {
  createError,
  isValidId,
  readBody,
  type Entity,
  type QueryContext,
  type QueryRouter,
  type RateLimiterService,
  type RecordData,
} from '@shopwright/core'
import type { RecordsService } from '@shopwright/plugin-records'
import { addressBookOf, type CartPricing } from '../cart/cart-pricing.js'
import { entityKey, type CartStore } from '../cart/cart-store.js'
import type { Carts } from '../cart/carts.js'
import type { ShopContext, ShopContexts } from '../shop-context.js'
import type { Checkout } from './checkout.js'
import { isObject } from '../refs.js'

export const PLACE_LIMIT = 'commerce.place'

const IdBody = (name: string) => z.strictObject({ [name]: z.string().min(1).max(64) })
const Card = z.strictObject({
  number: z.string().min(12).max(32),
  expiry: z.string().min(6).max(8),
  name: z.string().max(200).optional(),
  paymentmethod: z.string().max(64).optional(),
})
const PlaceBody = z.strictObject({
  idempotencykey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, {
    error: 'idempotencykey must be 16 to 64 letters, digits, - or _',
  }),
  payment: z.union([
    z.strictObject({ saved: z.string().min(1).max(64) }),
    z.strictObject({ card: Card }),
    z.strictObject({ account: z.literal(true) }),
  ]),
})

async function customer(
  ctx: QueryContext,
  contexts: ShopContexts,
): Promise<ShopContext & { entity: Entity }> {
  const context = await contexts.of(ctx)
  if (!context.entity) throw createError('ERROR_NOT_SIGNED_IN')
  return context as ShopContext & { entity: Entity }
}

/** The saved cards a checkout may pay with: what the profile shows, never a token. */
function cardsOf(account: RecordData | null) {
  return (Array.isArray(account?.creditcards) ? account.creditcards : [])
    .filter(isObject)
    .map((card) => ({
      internalid: String(card.internalid ?? ''),
      ccname: String(card.ccname ?? ''),
      ccexpiredate: String(card.ccexpiredate ?? ''),
      paymentmethod: String(card.paymentmethod ?? card.brand ?? ''),
      last4: String(card.last4 ?? ''),
      ccdefault: card.ccdefault === true,
    }))
}

export interface CheckoutRouteServices {
  checkout: Checkout
  carts: Carts
  store: CartStore
  pricing: CartPricing
  contexts: ShopContexts
  records: Pick<RecordsService, 'find'>
  limiter: RateLimiterService
}

export function checkoutRoutes(router: QueryRouter, services: CheckoutRouteServices): void {
  const { checkout, carts, store, pricing, contexts, records, limiter } = services

  const review = async (ctx: QueryContext) => {
    const context = await customer(ctx, contexts)
    // Merges a cart filled before signing in, as every cart call does.
    await carts.caller(ctx)
    const account = await records.find(context.entity.type, context.entity.id)
    const { cart } = await checkout.review(context)
    return {
      cart,
      addresses: addressBookOf(account),
      cards: cardsOf(account),
      terms: account?.terms ?? null,
      creditlimit: typeof account?.creditlimit === 'number' ? account.creditlimit : null,
    }
  }

  router.get('/checkout/get', async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store')
    ctx.body = await review(ctx)
  })

  router.post('/checkout/shipping', async (ctx) => {
    const { address } = readBody(ctx, IdBody('address')) as { address: string }
    const context = await customer(ctx, contexts)
    const account = await records.find(context.entity.type, context.entity.id)
    if (!isValidId(address) || !addressBookOf(account).some((line) => line.id === address))
      throw createError('ERROR_ADDRESS_NOT_AVAILABLE', { reason: address })
    await store.setShipping(entityKey(context.entity), context.entity, { shipaddress: address })
    ctx.body = await review(ctx)
  })

  router.post('/checkout/shipmethod', async (ctx) => {
    const { id } = readBody(ctx, IdBody('id')) as { id: string }
    const context = await customer(ctx, contexts)
    const methods = await pricing.shipMethods(context, 0)
    if (!isValidId(id) || !methods.some((method) => method.id === id))
      throw createError('ERROR_SHIPMETHOD_NOT_USABLE', { reason: id })
    await store.setShipping(entityKey(context.entity), context.entity, { shipmethod: id })
    ctx.body = await review(ctx)
  })

  router.post('/checkout/place', async (ctx) => {
    const body = readBody(ctx, PlaceBody)
    const context = await customer(ctx, contexts)
    await carts.caller(ctx)
    await limiter.consume(PLACE_LIMIT, `${context.entity.type}|${context.entity.id}`)
    ctx.set('Cache-Control', 'private, no-store')
    ctx.body = await checkout.place(context, { key: body.idempotencykey, payment: body.payment })
  })
}
