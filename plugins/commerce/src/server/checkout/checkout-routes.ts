/**
 * The checkout calls (README, "Calls"): the review, the shipping address and method, and placing
 * the order, for signed-in customers and for guests (an anonymous cart with an e-mail and address:
 * README, "Guest checkout"). Every change is POST with a JSON body its description checks
 * (route-schemas.ts);
 * placing is rate limited per account (per address for guests) and needs an idempotency key (a
 * replay answers the first order); the other changes count against the cart's write limit.
 */
import {
  createError,
  isAppError,
  isValidId,
  type QueryContext,
  type QueryRouter,
  type RateLimiterService,
} from '@shopwright/core'
import type { RecordsService } from '@shopwright/plugin-records'
import type { CheckoutAnswer } from '../../shared/answers.js'
import { addressBookOf, type CartPricing } from '../cart/cart-pricing.js'
import { CART_LIMIT } from '../cart/cart-routes.js'
import { entityKey, type CartStore } from '../cart/cart-store.js'
import type { Carts } from '../cart/carts.js'
import type { Checkout, CustomerContext, Shopper } from './checkout.js'
import { checkGuest, guestOf } from './guests.js'
import { CHECKOUT_ROUTES } from '../route-schemas.js'

export const PLACE_LIMIT = 'commerce.place'

export interface CheckoutRouteServices {
  checkout: Checkout
  carts: Carts
  store: CartStore
  pricing: CartPricing
  limiter: RateLimiterService
  records: Pick<RecordsService, 'find'>
}

export function checkoutRoutes(router: QueryRouter, services: CheckoutRouteServices): void {
  const { checkout, carts, store, pricing, limiter, records } = services
  const countryExists = async (id: string) => (await records.find('country', id)) !== null

  /** The signed-in caller, after merging a cart filled before signing in (as every cart call). */
  const customer = async (ctx: QueryContext): Promise<CustomerContext> => {
    const { context } = await carts.caller(ctx)
    if (!context.entity) throw createError('ERROR_NOT_SIGNED_IN')
    return context as CustomerContext
  }

  /**
   * Whose checkout this is: a signed-in account's, or a guest's anonymous cart (null key when the
   * visitor has no cart yet) with the details it keeps.
   */
  const shopperOf = async (ctx: QueryContext) => {
    const { context, key } = await carts.caller(ctx)
    if (context.entity)
      return { context, cart: entityKey(context.entity), guest: null, account: true as const }
    const row = key ? await store.cart(key) : null
    return { context, cart: row ? key : null, guest: guestOf(row?.guest), account: false as const }
  }

  /** Changes of the checkout count against the cart's write limit, per account or cart. */
  const consume = (who: {
    context: { entity: { type: string; id: string } | null }
    cart: string
  }) =>
    limiter.consume(
      CART_LIMIT,
      who.context.entity ? `${who.context.entity.type}|${who.context.entity.id}` : who.cart,
    )

  const review = async (
    shopper: Awaited<ReturnType<typeof shopperOf>>,
  ): Promise<CheckoutAnswer> => {
    const { context } = shopper
    const profile = context.profile
    const cart = shopper.cart
      ? await checkout.review(context, shopper.cart)
      : await carts.get({ key: null, context })
    return {
      cart,
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
      // Only in the limit's own currency: an order in another cannot pay on account (credit.ts).
      creditlimit: await checkout.creditLimitIn(context, cart.currency.id),
      guest: shopper.guest,
    }
  }

  router.get('/checkout/get', CHECKOUT_ROUTES.get, async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store')
    ctx.body = await review(await shopperOf(ctx))
  })

  // A guest's e-mail and shipping address, kept on their cart until the order is placed.
  router.post('/checkout/guest', CHECKOUT_ROUTES.guest, async (ctx) => {
    const guest = checkGuest(ctx.input.body)
    const shopper = await shopperOf(ctx)
    // An account ships to its address book: the guest form is for visitors without one.
    if (shopper.account) throw createError('ERROR_INVALID_INPUT', { reason: 'signed in' })
    if (!shopper.cart) throw createError('ERROR_CART_EMPTY')
    await consume({ context: shopper.context, cart: shopper.cart })
    if (!(await countryExists(guest.address.country)))
      throw createError('ERROR_SELECT_VALUE_REQUIRED', { reason: 'country' })
    await store.setShipping(shopper.cart, null, { guest: JSON.stringify(guest) })
    ctx.set('Cache-Control', 'private, no-store')
    ctx.body = await review({ ...shopper, guest })
  })

  router.post('/checkout/shipping', CHECKOUT_ROUTES.shipping, async (ctx) => {
    const { address } = ctx.input.body
    const context = await customer(ctx)
    const cart = entityKey(context.entity)
    await consume({ context, cart })
    if (!isValidId(address) || !addressBookOf(context.profile).some((line) => line.id === address))
      throw createError('ERROR_ADDRESS_NOT_AVAILABLE', { reason: address })
    await store.setShipping(cart, context.entity, { shipaddress: address })
    ctx.body = await review({ context, cart, guest: null, account: true })
  })

  router.post('/checkout/shipmethod', CHECKOUT_ROUTES.shipmethod, async (ctx) => {
    const { id } = ctx.input.body
    const shopper = await shopperOf(ctx)
    const cart = shopper.cart
    if (!cart) throw createError('ERROR_CART_EMPTY')
    await consume({ context: shopper.context, cart })
    const methods = await pricing.shipMethods(shopper.context, 0)
    if (!isValidId(id) || !methods.some((method) => method.id === id))
      throw createError('ERROR_SHIPMETHOD_NOT_USABLE', { reason: id })
    await store.setShipping(cart, shopper.context.entity, { shipmethod: id })
    ctx.set('Cache-Control', 'private, no-store')
    ctx.body = await review(shopper)
  })

  router.post('/checkout/place', CHECKOUT_ROUTES.place, async (ctx) => {
    const body = ctx.input.body
    const found = await shopperOf(ctx)
    const { context, cart } = found
    ctx.set('Cache-Control', 'private, no-store')
    let shopper: Shopper
    if (found.account) {
      const entity = found.context.entity!
      await limiter.consume(PLACE_LIMIT, `${entity.type}|${entity.id}`)
      shopper = { context: context as CustomerContext, cart: found.cart }
    } else {
      // Guests are counted per address: a new cart is free to make.
      await limiter.consume(PLACE_LIMIT, `ip|${ctx.ip}`)
      if (!cart) throw createError('ERROR_CART_EMPTY')
      if (!found.guest) throw createError('ERROR_GUEST_CHECKOUT_DETAILS')
      if (!('card' in body.payment))
        throw createError('ERROR_CREDITCARD_NOT_AVAILABLE', { reason: 'a guest pays by card' })
      shopper = { context, cart, guest: found.guest }
    }
    try {
      ctx.body = await checkout.place(shopper, {
        key: body.idempotencykey,
        payment: body.payment,
        ...(body.total === undefined ? {} : { total: body.total }),
      })
    } catch (error) {
      // What the shopper saw is what they pay: a changed total answers the review as it is now.
      if (!isAppError(error) || error.code !== 'ERROR_CHECKOUT_TOTAL_CHANGED') throw error
      ctx.status = error.status
      ctx.body = {
        ok: false,
        message: error.code,
        reason: error.reason,
        review: await review(found),
      }
    }
  })
}
