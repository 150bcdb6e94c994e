/**
 * `POST /query/stock/alert`: a shopper's ask to be e-mailed when an item is back in stock (README,
 * "Back-in-stock e-mails"). Anyone may ask, for an item the shop sells (the cart's rules) that has
 * no units now. Counted per address and per e-mail across nodes, with a cap on the alerts one
 * e-mail may have waiting, so the call cannot be turned on someone's inbox.
 */
import { emailError, normalizeEmail } from '@shopwright/client'
import { clientKey, createError, type QueryRouter, type RateLimiterService } from '@shopwright/core'
import type { CartPricing } from '../cart/cart-pricing.js'
import type { Carts } from '../cart/carts.js'
import { STOCK_ALERT_ROUTES } from '../route-schemas.js'
import type { StockAlerts } from './stock-alerts.js'

/** Asks one address may make per minute. */
export const STOCK_ALERT_LIMIT = 'commerce.stock-alert'
/** Asks for one e-mail per day, whoever makes them. */
export const STOCK_ALERT_EMAIL_LIMIT = 'commerce.stock-alert-email'

export function defineStockAlertLimits(limiter: RateLimiterService): void {
  limiter.define(STOCK_ALERT_LIMIT, { points: 10, duration: 60 })
  limiter.define(STOCK_ALERT_EMAIL_LIMIT, { points: 20, duration: 86_400 })
}

export interface StockAlertServices {
  alerts: Pick<StockAlerts, 'add'>
  carts: Pick<Carts, 'caller'>
  pricing: Pick<CartPricing, 'check'>
  limiter: RateLimiterService
}

export function stockAlertRoutes(router: QueryRouter, services: StockAlertServices): void {
  const { alerts, carts, pricing, limiter } = services
  router.post('/stock/alert', STOCK_ALERT_ROUTES.add, async (ctx) => {
    const body = ctx.input.body
    await limiter.consume(STOCK_ALERT_LIMIT, `ip|${clientKey(ctx.ip)}`)
    const { context } = await carts.caller(ctx)
    // A signed-in customer is told at their own address unless they give another.
    const email = normalizeEmail(body.email ?? context.profile?.email ?? '')
    const problem = emailError(email)
    if (problem) throw createError(problem, { reason: 'email' })
    // The cart's rules: an item that exists, is online, has a price here and no children.
    await pricing.check(context, body.item, 1)
    await limiter.consume(STOCK_ALERT_EMAIL_LIMIT, email)
    await alerts.add(body.item, email, context.language)
    ctx.set('Cache-Control', 'private, no-store')
    ctx.body = { ok: true }
  })
}
