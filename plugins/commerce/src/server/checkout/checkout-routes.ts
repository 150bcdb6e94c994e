/**
 * The checkout calls (README, "Calls"), for signed-in customers: the review, the shipping address
 * and method, and placing the order. Every change is POST with a schema-checked JSON body; placing
 * is rate limited per account and needs an idempotency key (a replay answers the first order);
 * choosing the address and method counts against the cart's write limit.
 */
import {
  createError,
  isValidId,
  readBody,
  type QueryContext,
  type QueryRouter,
  type RateLimiterService,
  z,
} from '@shopwright/core'
import type { CheckoutAnswer } from '../../shared/answers.js'
import { addressBookOf, type CartPricing } from '../cart/cart-pricing.js'
import { CART_LIMIT } from '../cart/cart-routes.js'
import { entityKey, type CartStore } from '../cart/cart-store.js'
import type { Carts } from '../cart/carts.js'
import type { Checkout, CustomerContext } from './checkout.js'
import { CHECKOUT_ROUTES } from '../route-schemas.js'

export const PLACE_LIMIT = 'commerce.place'

const IdBody = (name: string) => z.strictObject({ [name]: z.string().min(1).max(64) })
const Card = z.strictObject({
  number: z.string().min(12).max(32),
  expiry: z.string().min(6).max(8),
  name: z.string().max(200).optional(),
  /** The brand the shopper chose, as the account's card form asks (spec 000 section 5). */
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

export interface CheckoutRouteServices {
  checkout: Checkout
  carts: Carts
  store: CartStore
  pricing: CartPricing
  limiter: RateLimiterService
}

export function checkoutRoutes(router: QueryRouter, services: CheckoutRouteServices): void {
  const { checkout, carts, store, pricing, limiter } = services

  /** The signed-in caller, after merging a cart filled before signing in (as every cart call). */
  const customer = async (ctx: QueryContext): Promise<CustomerContext> => {
    const { context } = await carts.caller(ctx)
    if (!context.entity) throw createError('ERROR_NOT_SIGNED_IN')
    return context as CustomerContext
  }

  /** Changes of the checkout count against the cart's write limit, per account. */
  const consume = (context: CustomerContext) =>
    limiter.consume(CART_LIMIT, `${context.entity.type}|${context.entity.id}`)

  const review = async (context: CustomerContext): Promise<CheckoutAnswer> => {
    const profile = context.profile
    return {
      cart: await checkout.review(context),
      addresses: addressBookOf(profile),
      // What the profile shows of a saved card: never its token.
      cards: (profile?.creditcards ?? []).map((card) => ({
        internalid: card.internalid,
        ccname: card.ccname,
        ccexpiredate: card.ccexpiredate,
        paymentmethod: card.paymentmethod || card.brand,
        last4: card.last4,
        ccdefault: card.ccdefault,
      })),
      terms: await checkout.terms(profile?.terms ?? ''),
      creditlimit: profile?.creditlimit ?? null,
    }
  }

  router.get('/checkout/get', CHECKOUT_ROUTES.get, async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store')
    ctx.body = await review(await customer(ctx))
  })

  router.post('/checkout/shipping', CHECKOUT_ROUTES.shipping, async (ctx) => {
    const { address } = readBody(ctx, IdBody('address')) as { address: string }
    const context = await customer(ctx)
    await consume(context)
    if (!isValidId(address) || !addressBookOf(context.profile).some((line) => line.id === address))
      throw createError('ERROR_ADDRESS_NOT_AVAILABLE', { reason: address })
    await store.setShipping(entityKey(context.entity), context.entity, { shipaddress: address })
    ctx.body = await review(context)
  })

  router.post('/checkout/shipmethod', CHECKOUT_ROUTES.shipmethod, async (ctx) => {
    const { id } = readBody(ctx, IdBody('id')) as { id: string }
    const context = await customer(ctx)
    await consume(context)
    const methods = await pricing.shipMethods(context, 0)
    if (!isValidId(id) || !methods.some((method) => method.id === id))
      throw createError('ERROR_SHIPMETHOD_NOT_USABLE', { reason: id })
    await store.setShipping(entityKey(context.entity), context.entity, { shipmethod: id })
    ctx.body = await review(context)
  })

  router.post('/checkout/place', CHECKOUT_ROUTES.place, async (ctx) => {
    const body = readBody(ctx, PlaceBody)
    const context = await customer(ctx)
    await limiter.consume(PLACE_LIMIT, `${context.entity.type}|${context.entity.id}`)
    ctx.set('Cache-Control', 'private, no-store')
    ctx.body = await checkout.place(context, { key: body.idempotencykey, payment: body.payment })
  })
}
