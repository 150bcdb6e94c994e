/**
 * Placing an order (README, "Checkout"): compensating steps, each undone when a later one fails.
 *
 * 1. Claim the idempotency key (a replay answers the first result) and hold the cart.
 * 2. Price the cart as the review showed it; refuse what cannot be bought.
 * 3. Hold the stock: every line or none.
 * 4. Take the payment: a card through the site's provider, or the account's credit terms.
 * 5. Write the order and its invoice in one transaction of the records service; the order's guard
 *    turns the hold into a sale, empties the cart and marks the checkout done in that same
 *    transaction, so an order exists exactly when its stock is sold.
 *
 * A refusal at 2-4 releases the hold and stores the refusal for replays; a failure at 5 refunds
 * the payment and releases the hold.
 */
import crypto from 'node:crypto'
import type { Knex } from 'knex'
import {
  SYSTEM_ACTOR,
  createError,
  reference,
  toAppError,
  type Entity,
  type Logger,
  type RecordData,
  type StorefrontData,
} from '@shopwright/core'
import type { Catalogue } from '../catalogue/catalogue.js'
import type { RecordChange, RecordGuard, RecordsService } from '@shopwright/plugin-records'
import { INVOICE_TYPE, ORDER_TYPE } from '../../shared/types.js'
import type { CartAnswer, ShipAddress } from '../../shared/answers.js'
import type { CartPricing } from '../cart/cart-pricing.js'
import { addressBookOf } from '../cart/cart-pricing.js'
import { entityKey, type CartStore } from '../cart/cart-store.js'
import { COUNTERS_TABLE } from '../migrations.js'
import { isObject, refId, textOf } from '../refs.js'
import type { ShopContext } from '../shop-context.js'
import type { Checkouts, PlacedOrder } from './idempotency.js'
import { retried, type StockHolds } from './stock.js'
import type { CardInput, PaymentProviders } from '../payment/providers.js'

export type Payment = { saved: string } | { card: CardInput } | { account: true }

export interface PlaceRequest {
  key: string
  payment: Payment
}

/** Card tokens of saved cards (the account plugin's `cardTokens` service). */
export interface SavedCardTokens {
  get(account: { type: string; id: string }, internalid: string): Promise<string | null>
}

/** What the order's guard does in its transaction, by order id (set just before the write). */
interface Sale {
  reservation: string
  items: readonly string[]
  cart: string
  key: string
  result: PlacedOrder
}

const decimal = (minor: number, places: number): number =>
  Number((minor / 10 ** places).toFixed(places))

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

export class Checkout {
  /** Sales waiting for their order's write, by order id. */
  private readonly sales = new Map<string, Sale>()

  constructor(
    private readonly db: Knex,
    private readonly records: Pick<
      RecordsService,
      'find' | 'findMany' | 'findFresh' | 'create' | 'createMany'
    >,
    private readonly carts: CartStore,
    private readonly pricing: CartPricing,
    private readonly holds: StockHolds,
    private readonly checkouts: Checkouts,
    private readonly providers: PaymentProviders,
    private readonly cardTokens: SavedCardTokens | undefined,
    private readonly cardProvider: string,
    private readonly logger: Pick<Logger, 'error'>,
    private readonly catalogue: Pick<Catalogue, 'available'>,
  ) {}

  /** The guard of orders that completes a sale inside the order's write. */
  readonly saleGuard: RecordGuard = {
    write: async (change: RecordChange, _actor, trx) => {
      if (change.kind !== 'created') return
      if (change.record.type === INVOICE_TYPE) {
        // An invoice of checkout's is written only beside, or after, its order.
        const order = refId(change.record.createdfrom)
        if (
          order &&
          this.sales.has(order) &&
          !(await this.records.findFresh(ORDER_TYPE, order, trx))
        )
          throw createError('ERROR_ORDER_NOT_AVAILABLE', { reason: order })
        return
      }
      if (change.record.type !== ORDER_TYPE) return
      const sale = this.sales.get(change.record.id)
      if (!sale) return
      if (!(await this.holds.sell(sale.reservation, trx)))
        // The hold ran out before the order was written (a very slow payment): refuse the order.
        throw createError('ERROR_CARTLINE_NOT_AVAILABLE', { reason: 'the stock hold expired' })
      await this.carts.empty(sale.cart, trx)
      await this.checkouts.done(sale.cart, sale.key, sale.result, trx)
    },
    // Pages show "out of stock" from the page cache: drop them when a sale takes an item to 0.
    afterCommit: async (change: RecordChange) => {
      const sale =
        change.kind === 'created' && change.record.type === ORDER_TYPE
          ? this.sales.get(change.record.id)
          : undefined
      if (!sale || !this.pages) return
      const left = await this.catalogue.available(sale.items)
      if ([...left.values()].some((units) => units === 0)) await this.pages.invalidatePages()
    },
  }

  /** The storefront's page cache, dropped when stock runs out; set in bootstrap. */
  pages: Pick<StorefrontData, 'invalidatePages'> | null = null

  /** The cart priced for checkout, with a fingerprint of what the shopper is buying. */
  async review(
    context: ShopContext & { entity: Entity },
  ): Promise<{ cart: CartAnswer; key: string }> {
    const key = entityKey(context.entity)
    const [row, lines] = await Promise.all([this.carts.cart(key), this.carts.lines(key)])
    const cart = await this.pricing.price(context, lines, {
      shipmethod: row?.shipmethod ?? null,
      shipaddress: row?.shipaddress ?? null,
    })
    return { cart, key }
  }

  async place(
    context: ShopContext & { entity: Entity },
    request: PlaceRequest,
  ): Promise<PlacedOrder> {
    const cartKey = entityKey(context.entity)
    // The request as a fingerprint, never the card number: its last four digits and expiry.
    const payment = request.payment
    const described =
      'card' in payment
        ? { card: [payment.card.number.replace(/\D/g, '').slice(-4), payment.card.expiry.trim()] }
        : payment
    const fingerprint = crypto.createHash('sha256').update(JSON.stringify(described)).digest('hex')
    await this.carts.ensure(cartKey, context.entity)
    // First the key: a replay answers what the first request ended with, whatever the cart holds now.
    const claim = await this.checkouts.claim(cartKey, request.key, fingerprint)
    if (!claim.claimed) return claim.replay
    let cart: CartAnswer
    try {
      cart = (await this.review(context)).cart
      if (cart.lines.length === 0) throw createError('ERROR_CART_EMPTY')
    } catch (error) {
      await this.checkouts.failed(cartKey, request.key, toAppError(error))
      throw error
    }
    let reservation: string | null = null
    let charge: { provider: string; id: string } | null = null
    try {
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
      reservation = (await this.holds.hold(cart.lines)).reservation
      const account = await this.records.find(context.entity.type, context.entity.id)
      const paid = await this.pay(context, account, cart, request)
      charge = paid.charge
      const result = await this.writeDocuments(
        context,
        account,
        cart,
        paid,
        reservation,
        cartKey,
        request.key,
      )
      return result
    } catch (error) {
      const failure = toAppError(error)
      if (charge)
        await this.providers
          .get(charge.provider)
          .refund(charge.id)
          .catch(() => undefined)
      if (reservation) await this.holds.release(reservation)
      // A lost database is nobody's refusal: the shopper may try again with the same key.
      if (failure.code === 'ERROR_DATA_CONNECTION')
        await this.checkouts.forget(cartKey, request.key).catch(() => undefined)
      else await this.checkouts.failed(cartKey, request.key, failure)
      throw error
    }
  }

  /** Takes the payment: answers how the documents describe it, and the charge to refund on failure. */
  private async pay(
    context: ShopContext & { entity: Entity },
    account: RecordData | null,
    cart: CartAnswer,
    request: PlaceRequest,
  ): Promise<{
    charge: { provider: string; id: string } | null
    ccnumber: string
    method: string
    onAccount: { days: number } | null
  }> {
    const payment = request.payment
    if ('account' in payment) {
      const terms = textOf(isObject(account?.terms) ? account.terms.id : account?.terms)
      const limit = Number(account?.creditlimit)
      const list = await this.records.find('listtype', 'terms')
      const value = (Array.isArray(list?.values) ? list.values : [])
        .filter(isObject)
        .find((each) => each.id === terms)
      const days = Number(value?.days)
      if (!terms || !Number.isFinite(days) || !Number.isFinite(limit))
        throw createError('ERROR_PAYMENT_DECLINED', { reason: 'the account has no credit terms' })
      const owed = await this.openBalance(context.entity, cart.currency.places)
      if (owed + cart.total > Math.round(limit * 10 ** cart.currency.places))
        throw createError('ERROR_CREDIT_LIMIT_EXCEEDED')
      return {
        charge: null,
        ccnumber: '',
        method: `On account (${textOf(value?.name) || terms})`,
        onAccount: { days },
      }
    }
    const provider = this.providers.get(this.cardProvider)
    let token: string
    let last4: string
    let brand: string
    if ('saved' in payment) {
      const line = (Array.isArray(account?.creditcards) ? account.creditcards : [])
        .filter(isObject)
        .find((card) => card.internalid === payment.saved)
      const saved = line ? await this.cardTokens?.get(context.entity, payment.saved) : null
      if (!line || !saved)
        throw createError('ERROR_CREDITCARD_NOT_AVAILABLE', { reason: payment.saved })
      token = saved
      last4 = textOf(line.last4)
      brand = textOf(line.brand) || textOf(line.paymentmethod)
    } else {
      const tokenised = await provider.tokenize(payment.card)
      ;({ token, last4, brand } = tokenised)
    }
    const id = await provider.charge({
      token,
      amount: cart.total,
      currency: cart.currency.id,
      key: request.key,
    })
    return {
      charge: { provider: provider.id, id },
      ccnumber: `************${last4}`,
      method: brand || 'card',
      onAccount: null,
    }
  }

  /** What the customer owes on open invoices, in minor units. */
  private async openBalance(entity: Entity, places: number): Promise<number> {
    const rows = (await this.db('commerce_documents')
      .where({ entity_type: entity.type, entity_id: entity.id, type: INVOICE_TYPE })
      .select('id')) as Array<{ id: string }>
    let owed = 0
    for (let start = 0; start < rows.length; start += 200) {
      const invoices = await this.records.findMany(
        rows.slice(start, start + 200).map(({ id }) => ({ type: INVOICE_TYPE, id })),
      )
      for (const invoice of invoices)
        owed += Math.round(Number(invoice.amountremaining ?? 0) * 10 ** places)
    }
    return owed
  }

  /** The next document number of a kind (SO10001, INV10001): one atomic statement. */
  private async nextNumber(name: 'salesorder' | 'invoice'): Promise<number> {
    return retried(this.db, async (trx) => {
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
    context: ShopContext & { entity: Entity },
    account: RecordData | null,
    cart: CartAnswer,
    paid: Awaited<ReturnType<Checkout['pay']>>,
    reservation: string,
    cartKey: string,
    key: string,
  ): Promise<PlacedOrder> {
    const places = cart.currency.places
    const now = new Date()
    const [orderNumber, invoiceNumber] = [
      await this.nextNumber('salesorder'),
      await this.nextNumber('invoice'),
    ]
    const tranid = `SO${orderNumber}`
    const invoiceId = `INV${invoiceNumber}`
    const book = addressBookOf(account)
    const billing = (Array.isArray(account?.addressbook) ? account.addressbook : [])
      .filter(isObject)
      .find((line) => line.defaultbilling === true)
    const billaddress =
      book.find((address) => address.id === textOf(billing?.id)) ?? cart.shipaddress
    const lines = cart.lines.map((line) => ({
      item: reference('item', line.item),
      itemid: line.itemid,
      displayname: line.displayname,
      quantity: line.quantity,
      rate: decimal(line.rate, places),
      amount: decimal(line.amount, places),
      tax: decimal(line.tax, places),
      grossamt: decimal(line.amount + line.tax, places),
      taxcode: line.taxcode,
      units: 'Each',
    }))
    const common = {
      trandate: now.toISOString(),
      entity: reference(context.entity.type, context.entity.id),
      currency: reference('currency', cart.currency.id),
      subtotal: decimal(cart.subtotal, places),
      taxtotal: decimal(cart.taxtotal, places),
      shipping_rate: decimal(cart.shipping, places),
      total: decimal(cart.total, places),
      shipmethod: reference('shipmethod', cart.shipmethod!.id),
      shipaddress: addressText(cart.shipaddress),
      billaddress: addressText(billaddress),
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
      amountremaining: paid.onAccount ? decimal(cart.total, places) : 0,
      createdfrom: reference(ORDER_TYPE, tranid),
    }
    const result: PlacedOrder = {
      order: { id: tranid, tranid },
      invoice: { id: invoiceId, tranid: invoiceId },
      total: cart.total,
      currency: cart.currency.id,
    }
    this.sales.set(tranid, {
      reservation,
      items: cart.lines.map((line) => line.item),
      cart: cartKey,
      key,
      result,
    })
    try {
      // One transaction for both; should the records service fall back to writing them one by
      // one, the order's guard still sells with the order and the invoice's waits for the order.
      const [placed, invoiced] = await this.records.createMany(SYSTEM_ACTOR, [order, invoice])
      if (!placed!.ok) throw placed!.error
      if (!invoiced!.ok) {
        // The order is placed and paid: never refund it for its invoice. Try the invoice again.
        this.logger.error(
          { err: invoiced!.error, order: tranid },
          'invoice of a placed order refused; writing it again',
        )
        await this.records
          .create(SYSTEM_ACTOR, invoice)
          .catch((error: unknown) =>
            this.logger.error(
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
