/**
 * Placing an order (README, "Checkout"). A run of the idempotency key moves through states a
 * resolver can always decide from (attempts.ts): claimed, held, paying, paid, then done, failed
 * or released.
 *
 * 1. Claim the key (a replay answers the first run's order or refusal; a run a failure left is
 *    resolved first) and hold the cart (run-ownership.ts).
 * 2. Price the cart as the review showed it; refuse what cannot be bought (place-request.ts).
 * 3. Hold the stock (every line or none), as the run moves to held.
 * 4. Take the payment: the account's credit terms, or a card charge recorded in the ledger before
 *    the gateway is asked and after it answered (take-payment.ts, payments.ts).
 * 5. Write the order and its invoice in one transaction of the records service; the order's guard
 *    turns the hold into a sale, takes the bought lines out of the cart, marks the charge paid and
 *    the run done, all conditional on the run still being this request's (order-writer.ts).
 *
 * Whatever fails, the request's own failure path resolves its run like anyone else would
 * (resolver.ts): an order the database holds is the answer; otherwise the stock goes back, the
 * money is refunded through the ledger, and the key fails with the shopper's refusal or is
 * released. When the database cannot say, nothing is done: the run's lease lapses and a replay,
 * the next checkout of the cart or the sweep resolves it.
 */
import type { Knex } from 'knex'
import type { Logger } from '@shopwright/core'
import { type StorefrontService } from '@shopwright/storefront'
import type { RecordGuard, RecordsService } from '@shopwright/plugin-records'
import type { CartAnswer } from '../../shared/answers.js'
import type { Catalogue } from '../catalogue/catalogue.js'
import type { CartStore } from '../cart/cart-store.js'
import type { Carts } from '../cart/carts.js'
import type { Documents } from '../documents/documents.js'
import type { OrderMails } from '../mail/order-mails.js'
import type { PaymentProviders } from '../payment/providers.js'
import type { ShopContext, ShopContexts } from '../shop-context.js'
import type { Attempts, PlacedOrder, Run } from './attempts.js'
import { creditCurrencyOf } from './credit.js'
import type { Guests } from './guests.js'
import { orderDocuments } from './order-documents.js'
import type { OrderLinks } from './order-links.js'
import { OrderWriter } from './order-writer.js'
import type { Payments } from './payments.js'
import {
  checkPlaceable,
  contactOf,
  fingerprintOf,
  type PlaceRequest,
  type Shopper,
} from './place-request.js'
import type { Resolver } from './resolver.js'
import { claimRun, recoverRun } from './run-ownership.js'
import type { StockHolds } from './stock.js'
import { paymentTerms, takePayment } from './take-payment.js'

export type { CustomerContext, Payment, PlaceRequest, Shopper } from './place-request.js'

/** Card tokens of saved cards (the account plugin's `cardTokens` service). */
export interface SavedCardTokens {
  get(account: { type: string; id: string }, internalid: string): Promise<string | null>
}

/** What checkout works with. */
export interface CheckoutParts {
  db: Knex
  records: Pick<RecordsService, 'find' | 'findFresh' | 'create' | 'createMany'>
  carts: Carts
  store: CartStore
  holds: StockHolds
  attempts: Attempts
  payments: Payments
  resolver: Resolver
  documents: Pick<Documents, 'openInvoices'>
  /** The site's default currency, a credit limit's unless the customer names one (credit.ts). */
  contexts: Pick<ShopContexts, 'defaultCurrency'>
  providers: PaymentProviders
  cardTokens: SavedCardTokens
  cardProvider: string
  catalogue: Pick<Catalogue, 'available'>
  /** The storefront's page cache, dropped when a sale takes an item's stock to 0. */
  pages: Pick<StorefrontService, 'invalidatePages'>
  logger: Pick<Logger, 'error'>
  guests: Pick<Guests, 'ensure'>
  links: Pick<OrderLinks, 'path'>
  /** The order's confirmation, queued in its transaction (mail/order-mails.ts). */
  mails: Pick<OrderMails, 'prepare' | 'placed' | 'wake'>
}

/** The points of a run where the fault tests fail the database or kill the node (README, "Checkout"). */
export type CheckoutStep = 'claimed' | 'held' | 'charged' | 'written' | 'committed'

/** Called at each step of a run; `written` inside the order's transaction. */
export type CheckoutProbe = (step: CheckoutStep, run: Run) => void | Promise<void>

export class Checkout {
  /** The fault tests' probe (plugins/commerce/test/faults): nothing in a running shop. */
  probe: CheckoutProbe | undefined
  private readonly orders: OrderWriter
  /** The guard of orders and invoices that completes a sale inside the order's write. */
  readonly saleGuard: RecordGuard

  constructor(private readonly parts: CheckoutParts) {
    this.orders = new OrderWriter(parts, (run) => this.step('written', run))
    this.saleGuard = this.orders.guard
  }

  /** The cart priced for checkout. */
  review(context: ShopContext, cart: string): Promise<CartAnswer> {
    return this.parts.carts.get({ key: cart, context })
  }

  /** A payment term (the `terms` list type's line): its id, name and days, or null. */
  terms(terms: string): Promise<{ id: string; name: string; days: number } | null> {
    return paymentTerms(this.parts.records, terms)
  }

  /**
   * The customer's credit limit when it is kept in `currency`, else null: an order in another
   * currency cannot be counted against it (credit.ts), so the review offers no payment on account.
   */
  async creditLimitIn(context: ShopContext, currency: string): Promise<number | null> {
    const amount = context.profile?.creditlimit ?? null
    if (amount === null || !context.entity) return null
    return (await creditCurrencyOf(this.parts, context.entity)) === currency ? amount : null
  }

  /** Places the shopper's cart; the answer carries the order's link (order-links.ts). */
  async place(shopper: Shopper, request: PlaceRequest): Promise<PlacedOrder> {
    const placed = await this.placeOnce(shopper, request)
    // The order is stored: a link that cannot be stored now is left out, never answered as a
    // failure; the confirmation e-mail carries one, and a replay of the key asks again.
    const link = await this.parts.links.path(placed.order.id).catch((error: unknown) => {
      this.parts.logger.error({ err: error, order: placed.order.id }, 'order link not made')
      return undefined
    })
    return link === undefined ? placed : { ...placed, link }
  }

  private async placeOnce(shopper: Shopper, request: PlaceRequest): Promise<PlacedOrder> {
    const cartKey = shopper.cart
    // A guest's cart row exists: its details are kept on it.
    if (!shopper.guest) await this.parts.store.ensure(cartKey, shopper.context.entity)
    const claimed = await claimRun(this.parts, cartKey, request.key, fingerprintOf(request.payment))
    if ('replay' in claimed) return claimed.replay
    const { run } = claimed
    try {
      return await this.run(shopper, request, run)
    } catch (error) {
      return await recoverRun(this.parts, run, error)
    } finally {
      this.parts.attempts.untrack(run)
    }
  }

  private async run(shopper: Shopper, request: PlaceRequest, run: Run): Promise<PlacedOrder> {
    const { context } = shopper
    await this.step('claimed', run)
    const cart = await this.review(context, shopper.cart)
    checkPlaceable(cart, request)
    await this.parts.holds.hold(cart.lines, run.attempt, (trx) =>
      this.parts.attempts.advance(run, ['claimed'], 'held', trx),
    )
    await this.step('held', run)
    const paid = await takePayment(this.parts, shopper, cart, request.payment, run, () =>
      this.step('charged', run),
    )
    // A guest's record is made once they have paid (a declined card makes none); the order names it.
    const entity = shopper.guest
      ? await this.parts.guests.ensure(shopper.guest, context.language)
      : shopper.context.entity
    const documents = await orderDocuments(this.parts, entity, context, cart, paid)
    const placed = await this.orders.write({
      run,
      cart,
      documents,
      chargeKey: paid.chargeKey,
      contact: contactOf(shopper),
    })
    await this.step('committed', run)
    return placed
  }

  private async step(step: CheckoutStep, run: Run): Promise<void> {
    if (this.probe) await this.probe(step, run)
  }
}
