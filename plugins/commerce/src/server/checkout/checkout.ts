/**
 * Placing an order (README, "Checkout"): compensating steps, each undone when a later one fails.
 *
 * 1. Claim the idempotency key (a replay answers the first result) and hold the cart.
 * 2. Price the cart as the review showed it; refuse what cannot be bought.
 * 3. Hold the stock: every line or none.
 * 4. Take the payment: a card through the site's provider, or the account's credit terms. A
 *    charge is noted on the attempt before anything else is written, so a node that dies after
 *    it leaves a charge the sweep can refund.
 * 5. Write the order and its invoice in one transaction of the records service; the order's guard
 *    turns the hold into a sale, takes the bought lines out of the cart and marks the attempt
 *    done in that same transaction, so an order exists exactly when its stock is sold.
 *
 * A refusal at 2-4 releases the hold and stores the refusal for replays; a failure at 5 refunds
 * the payment and releases the hold, unless the order was stored after all (a connection lost
 * while the commit answered), which is then the answer.
 */
import crypto from 'node:crypto'
import type { Knex } from 'knex'
import {
  SYSTEM_ACTOR,
  createError,
  fromMinor,
  reference,
  retryTransaction,
  toAppError,
  type Entity,
  type Logger,
  type RecordData,
  type StorefrontData,
} from '@shopwright/core'
import type { RecordChange, RecordGuard, RecordsService } from '@shopwright/plugin-records'
import type { CartAnswer, ShipAddress } from '../../shared/answers.js'
import { INVOICE_TYPE, ORDER_TYPE } from '../../shared/types.js'
import type { Catalogue } from '../catalogue/catalogue.js'
import { billingAddress } from '../cart/cart-pricing.js'
import { entityKey, type CartStore } from '../cart/cart-store.js'
import type { Carts } from '../cart/carts.js'
import type { Documents } from '../documents/documents.js'
import { COUNTERS_TABLE } from '../migrations.js'
import type { CardInput, PaymentProviders } from '../payment/providers.js'
import { isObject, refId, textOf } from '../refs.js'
import type { ShopContext } from '../shop-context.js'
import type { Charge, Checkouts, PlacedOrder } from './idempotency.js'
import type { StockHolds } from './stock.js'

export type Payment = { saved: string } | { card: CardInput } | { account: true }

export interface PlaceRequest {
  key: string
  payment: Payment
}

/** Card tokens of saved cards (the account plugin's `cardTokens` service). */
export interface SavedCardTokens {
  get(account: { type: string; id: string }, internalid: string): Promise<string | null>
}

/** A signed-in shopper's context. */
export type CustomerContext = ShopContext & { entity: Entity }

/** What checkout works with. */
export interface CheckoutParts {
  db: Knex
  records: Pick<RecordsService, 'find' | 'findFresh' | 'create' | 'createMany'>
  carts: Carts
  store: CartStore
  holds: StockHolds
  checkouts: Checkouts
  documents: Pick<Documents, 'openBalance'>
  providers: PaymentProviders
  cardTokens: SavedCardTokens
  cardProvider: string
  catalogue: Pick<Catalogue, 'available'>
  /** The storefront's page cache, dropped when a sale takes an item's stock to 0. */
  pages: Pick<StorefrontData, 'invalidatePages'>
  logger: Pick<Logger, 'error'>
}

/** How the payment was taken, for the documents. */
interface Paid {
  charge: Charge | null
  ccnumber: string
  method: string
  onAccount: { days: number } | null
}

/** What the order's guard does in its transaction, by order id (set just before the write). */
interface Sale {
  reservation: string
  lines: readonly string[]
  items: readonly string[]
  cart: string
  key: string
  result: PlacedOrder
}

function addressText(address: ShipAddress | null): string {
  if (!address) return ''
  return [
    address.addressee,
    address.addr1,
    address.addr2,
    [address.city, address.state, address.zip].filter(Boolean).join(' '),
    address.country.toUpperCase(),
    address.addrphone,
  ]
    .filter((line) => line && line.trim())
    .join('\n')
}

/** The payment fingerprint of a request: never the card number, only its last four and expiry. */
function fingerprintOf(payment: Payment): string {
  const described =
    'card' in payment
      ? { card: [payment.card.number.replace(/\D/g, '').slice(-4), payment.card.expiry.trim()] }
      : payment
  return crypto.createHash('sha256').update(JSON.stringify(described)).digest('hex')
}

export class Checkout {
  /** Sales waiting for their order's write, by order id. */
  private readonly sales = new Map<string, Sale>()

  constructor(private readonly parts: CheckoutParts) {}

  /** The guard of orders and invoices that completes a sale inside the order's write. */
  readonly saleGuard: RecordGuard = {
    write: async (change: RecordChange, _actor, trx) => {
      if (change.kind !== 'created') return
      if (change.record.type === INVOICE_TYPE) {
        // An invoice of checkout's is written only beside, or after, its order.
        const order = refId(change.record.createdfrom)
        if (
          order &&
          this.sales.has(order) &&
          !(await this.parts.records.findFresh(ORDER_TYPE, order, trx))
        )
          throw createError('ERROR_ORDER_NOT_AVAILABLE', { reason: order })
        return
      }
      if (change.record.type !== ORDER_TYPE) return
      const sale = this.sales.get(change.record.id)
      if (!sale) return
      if (!(await this.parts.holds.sell(sale.reservation, trx)))
        // The hold ran out before the order was written (a very slow payment): refuse the order.
        throw createError('ERROR_CARTLINE_NOT_AVAILABLE', { reason: 'the stock hold expired' })
      await this.parts.store.removeBought(sale.cart, sale.lines, trx)
      await this.parts.checkouts.done(sale.cart, sale.key, sale.result, trx)
    },
    // Pages show "out of stock" from the page cache: drop them when a sale takes an item to 0.
    afterCommit: async (change: RecordChange) => {
      const sale =
        change.kind === 'created' && change.record.type === ORDER_TYPE
          ? this.sales.get(change.record.id)
          : undefined
      if (!sale) return
      const left = await this.parts.catalogue.available(sale.items)
      if ([...left.values()].some((units) => units === 0)) await this.parts.pages.invalidatePages()
    },
  }

  /** The cart priced for checkout. */
  review(context: CustomerContext): Promise<CartAnswer> {
    return this.parts.carts.get({ key: entityKey(context.entity), context })
  }

  async place(context: CustomerContext, request: PlaceRequest): Promise<PlacedOrder> {
    const { checkouts, holds, store } = this.parts
    const cartKey = entityKey(context.entity)
    await store.ensure(cartKey, context.entity)
    // First the key: a replay answers what the first request ended with, whatever the cart holds now.
    const claim = await checkouts.claim(cartKey, request.key, fingerprintOf(request.payment))
    if (!claim.claimed) return claim.replay
    let reservation: string | null = null
    let charge: Charge | null = null
    let tranid: string | null = null
    try {
      const cart = await this.review(context)
      if (cart.lines.length === 0) throw createError('ERROR_CART_EMPTY')
      const problem = cart.lines.find((line) => !line.purchasable)
      if (problem)
        throw createError('ERROR_CARTLINE_NOT_AVAILABLE', {
          reason: `${problem.problem}.${problem.item}`,
        })
      if (!cart.shipaddress)
        throw createError('ERROR_INPUT_VALUE_REQUIRED', { reason: 'shipaddress' })
      if (!cart.shipmethod)
        throw createError('ERROR_SHIPMETHOD_NOT_USABLE', {
          reason: 'no shipping method in this currency',
        })
      reservation = (await holds.hold(cart.lines)).reservation
      // The gateway's key names this account's attempt: two accounts' equal keys are two charges.
      const chargeKey = crypto
        .createHash('sha256')
        .update(`${cartKey}|${request.key}`)
        .digest('hex')
      const paid = await this.pay(context, cart, request.payment, chargeKey)
      charge = paid.charge
      if (charge) await checkouts.charged(cartKey, request.key, charge)
      tranid = `SO${await this.nextNumber('salesorder')}`
      return await this.writeDocuments(context, cart, paid, {
        tranid,
        reservation,
        cart: cartKey,
        key: request.key,
      })
    } catch (error) {
      // A commit whose answer was lost may still have stored the order: then it is the answer.
      const stored = tranid ? await checkouts.result(cartKey, request.key).catch(() => null) : null
      if (stored) return stored
      if (charge) {
        const refunded = await this.parts.providers
          .get(charge.provider)
          .refund(charge.id)
          .then(() => true)
          .catch((refusal: unknown) => {
            // Kept on the attempt: the sweep tries the refund again.
            this.parts.logger.error({ err: refusal, charge }, 'refund of a failed checkout refused')
            return false
          })
        if (!refunded) throw error
      }
      if (reservation) await holds.release(reservation)
      const failure = toAppError(error)
      // A lost database is nobody's refusal: the shopper may try again with the same key.
      if (failure.code === 'ERROR_DATA_CONNECTION')
        await checkouts.forget(cartKey, request.key).catch(() => undefined)
      else await checkouts.failed(cartKey, request.key, failure)
      throw error
    }
  }

  /** Takes the payment: answers how the documents describe it, and the charge to refund on failure. */
  private async pay(
    context: CustomerContext,
    cart: CartAnswer,
    payment: Payment,
    chargeKey: string,
  ): Promise<Paid> {
    const profile = context.profile
    if ('account' in payment) {
      const terms = profile?.terms ?? ''
      const limit = profile?.creditlimit ?? null
      const days = await this.terms(terms)
      if (!days || limit === null)
        throw createError('ERROR_PAYMENT_DECLINED', { reason: 'the account has no credit terms' })
      const owed = await this.parts.documents.openBalance(context.entity, cart.currency)
      const limitMinor = Math.round(limit * 10 ** cart.currency.places)
      if (owed + cart.total > limitMinor) throw createError('ERROR_CREDIT_LIMIT_EXCEEDED')
      return { charge: null, ccnumber: '', method: `On account (${days.name})`, onAccount: days }
    }
    const provider = this.parts.providers.get(this.parts.cardProvider)
    let token: string
    let last4: string
    let brand: string
    if ('saved' in payment) {
      const card = profile?.creditcards.find((each) => each.internalid === payment.saved)
      const saved = card ? await this.parts.cardTokens.get(context.entity, payment.saved) : null
      if (!card || !saved)
        throw createError('ERROR_CREDITCARD_NOT_AVAILABLE', { reason: payment.saved })
      token = saved
      last4 = card.last4
      brand = card.brand || card.paymentmethod
    } else {
      ;({ token, last4, brand } = await provider.tokenize(payment.card))
    }
    const id = await provider.charge({
      token,
      amount: cart.total,
      currency: cart.currency.id,
      key: chargeKey,
    })
    return {
      charge: { provider: provider.id, id },
      ccnumber: `************${last4}`,
      method: brand || 'card',
      onAccount: null,
    }
  }

  /** A payment term (the `terms` list type's line): its id, name and days, or null. */
  async terms(terms: string): Promise<{ id: string; name: string; days: number } | null> {
    if (!terms) return null
    const list = await this.parts.records.find('listtype', 'terms')
    const value = (Array.isArray(list?.values) ? list.values : [])
      .filter(isObject)
      .find((each) => each.id === terms)
    const days = Number(value?.days)
    return Number.isSafeInteger(days) && days >= 0
      ? { id: terms, name: textOf(value?.name) || terms, days }
      : null
  }

  /** The next document number of a kind (SO10001, INV10001): one atomic statement. */
  private async nextNumber(name: 'salesorder' | 'invoice'): Promise<number> {
    return retryTransaction(this.parts.db, async (trx) => {
      const updated = await trx(COUNTERS_TABLE)
        .where({ name })
        .update({ value: trx.raw('?? + 1', ['value']) })
      if (Number(updated) === 0) await trx(COUNTERS_TABLE).insert({ name, value: 10001 })
      const row = (await trx(COUNTERS_TABLE).where({ name }).first('value')) as {
        value: number | string
      }
      return Number(row.value)
    })
  }

  private async writeDocuments(
    context: CustomerContext,
    cart: CartAnswer,
    paid: Paid,
    sale: { tranid: string; reservation: string; cart: string; key: string },
  ): Promise<PlacedOrder> {
    const places = cart.currency.places
    const money = (minor: number) => fromMinor(minor, places)
    const now = new Date()
    const { tranid } = sale
    const invoiceId = `INV${await this.nextNumber('invoice')}`
    const lines = cart.lines.map((line) => ({
      item: reference('item', line.item),
      itemid: line.itemid,
      displayname: line.displayname,
      quantity: line.quantity,
      rate: money(line.rate),
      amount: money(line.amount),
      tax: money(line.tax),
      grossamt: money(line.amount + line.tax),
      taxcode: line.taxcode,
      units: 'Each',
    }))
    const common = {
      trandate: now.toISOString(),
      entity: reference(context.entity.type, context.entity.id),
      currency: reference('currency', cart.currency.id),
      subtotal: money(cart.subtotal),
      taxtotal: money(cart.taxtotal),
      shipping_rate: money(cart.shipping),
      total: money(cart.total),
      shipmethod: reference('shipmethod', cart.shipmethod!.id),
      shipaddress: addressText(cart.shipaddress),
      billaddress: addressText(billingAddress(context.profile) ?? cart.shipaddress),
      ccnumber: paid.ccnumber,
      paymentmethod: paid.method,
      item: { lines },
    }
    const due = paid.onAccount ? new Date(now.getTime() + paid.onAccount.days * 86_400_000) : now
    const order: RecordData = {
      type: ORDER_TYPE,
      id: tranid,
      tranid,
      status: 'pendingFulfillment',
      ...common,
    }
    const invoice: RecordData = {
      type: INVOICE_TYPE,
      id: invoiceId,
      tranid: invoiceId,
      status: paid.onAccount ? 'open' : 'paidInFull',
      ...common,
      duedate: due.toISOString(),
      amountremaining: paid.onAccount ? money(cart.total) : 0,
      createdfrom: reference(ORDER_TYPE, tranid),
    }
    const result: PlacedOrder = {
      order: { id: tranid, tranid },
      invoice: { id: invoiceId, tranid: invoiceId },
      total: cart.total,
      currency: cart.currency.id,
    }
    this.sales.set(tranid, {
      reservation: sale.reservation,
      lines: cart.lines.map((line) => line.id),
      items: cart.lines.map((line) => line.item),
      cart: sale.cart,
      key: sale.key,
      result,
    })
    try {
      // One transaction for both; should the records service fall back to writing them one by
      // one, the order's guard still sells with the order and the invoice's waits for the order.
      const [placed, invoiced] = await this.parts.records.createMany(SYSTEM_ACTOR, [order, invoice])
      if (!placed!.ok) throw placed!.error
      if (!invoiced!.ok) {
        // The order is placed and paid: never refund it for its invoice. Try the invoice again.
        this.parts.logger.error(
          { err: invoiced!.error, order: tranid },
          'invoice of a placed order refused; writing it again',
        )
        await this.parts.records
          .create(SYSTEM_ACTOR, invoice)
          .catch((error: unknown) =>
            this.parts.logger.error(
              { err: error, order: tranid },
              'invoice of a placed order not written',
            ),
          )
      }
    } finally {
      this.sales.delete(tranid)
    }
    return result
  }
}
