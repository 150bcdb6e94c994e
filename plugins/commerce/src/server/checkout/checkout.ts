/**
 * Placing an order (README, "Checkout"). A run of the idempotency key moves through states a
 * resolver can always decide from (attempts.ts): claimed, held, paying, paid, then done, failed
 * or released.
 *
 * 1. Claim the key (a replay answers the first run's order or refusal; a run a failure left is
 *    resolved first) and hold the cart.
 * 2. Price the cart as the review showed it; refuse what cannot be bought.
 * 3. Hold the stock (every line or none), as the run moves to held.
 * 4. Take the payment: the account's credit terms, or a card charge recorded in the ledger before
 *    the gateway is asked and after it answered (payments.ts).
 * 5. Write the order and its invoice in one transaction of the records service; the order's guard
 *    turns the hold into a sale, takes the bought lines out of the cart, marks the charge paid and
 *    the run done, all conditional on the run still being this request's.
 *
 * Whatever fails, the request's own failure path resolves its run like anyone else would
 * (resolver.ts): an order the database holds is the answer; otherwise the stock goes back, the
 * money is refunded through the ledger, and the key fails with the shopper's refusal or is
 * released. When the database cannot say, nothing is done: the run's lease lapses and a replay,
 * the next checkout of the cart or the sweep resolves it.
 */
import crypto from 'node:crypto'
import type { Knex } from 'knex'
import {
  AppError,
  SYSTEM_ACTOR,
  createError,
  fromMinor,
  reference,
  retryTransaction,
  type Entity,
  type Logger,
  type RecordData,
  type StorefrontData,
} from '@shopwright/core'
import type { RecordChange, RecordGuard, RecordsService } from '@shopwright/plugin-records'
import type { CartAnswer } from '../../shared/answers.js'
import { INVOICE_TYPE, ORDER_TYPE } from '../../shared/types.js'
import type { Catalogue } from '../catalogue/catalogue.js'
import { billingAddress } from '../cart/cart-pricing.js'
import type { CartStore } from '../cart/cart-store.js'
import type { Carts } from '../cart/carts.js'
import type { Documents } from '../documents/documents.js'
import { COUNTERS_TABLE } from '../migrations.js'
import type { CardInput, PaymentProviders } from '../payment/providers.js'
import { isObject, refId, textOf } from '../refs.js'
import type { ShopContext } from '../shop-context.js'
import {
  inProgress,
  RunLost,
  UNDER_WAY,
  type Attempts,
  type PlacedOrder,
  type Run,
} from './attempts.js'
import type { GuestDetails, Guests } from './guests.js'
import type { OrderLinks } from './order-links.js'
import { addressText } from './address-text.js'
import type { QueuedMail } from '@shopwright/plugin-account'
import type { OrderContact, OrderMails } from '../mail/order-mails.js'
import type { Payments } from './payments.js'
import type { Resolver } from './resolver.js'
import type { StockHolds } from './stock.js'

export type Payment = { saved: string } | { card: CardInput } | { account: true }

export interface PlaceRequest {
  key: string
  payment: Payment
  /**
   * The total of the review the shopper saw, in minor units: a run that prices the cart otherwise
   * is refused with ERROR_CHECKOUT_TOTAL_CHANGED before anything is held or charged.
   */
  total?: number
}

/** Whose cart is placed: a signed-in account's, or an anonymous cart with a guest's details. */
export type Shopper =
  | { context: CustomerContext; cart: string; guest?: undefined }
  | { context: ShopContext; cart: string; guest: GuestDetails }

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
  attempts: Attempts
  payments: Payments
  resolver: Resolver
  documents: Pick<Documents, 'openBalance'>
  providers: PaymentProviders
  cardTokens: SavedCardTokens
  cardProvider: string
  catalogue: Pick<Catalogue, 'available'>
  /** The storefront's page cache, dropped when a sale takes an item's stock to 0. */
  pages: Pick<StorefrontData, 'invalidatePages'>
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

/** How the payment was taken, for the documents. */
interface Paid {
  /** The ledger's key of the card charge, none on account. */
  chargeKey: string | null
  ccnumber: string
  method: string
  onAccount: { days: number } | null
}

/** What the order's guard does in its transaction, by order id (set just before the write). */
interface Sale {
  run: Run
  chargeKey: string | null
  lines: readonly string[]
  items: readonly string[]
  result: PlacedOrder
  /** Where the order's e-mails go, when anywhere, and its confirmation made before the write. */
  contact: OrderContact | null
  confirmation: QueuedMail | null
  /** The confirmation's queued ids, woken once the order is committed. */
  mail: string[]
}

function isInProgress(error: unknown): boolean {
  return error instanceof AppError && error.code === 'ERROR_CHECKOUT_IN_PROGRESS'
}

/** Refusals that are not the shopper's: the same request may succeed when sent again. */
const NOT_REFUSALS = new Set(['ERROR_WRITE_CONFLICT', 'ERROR_CHECKOUT_IN_PROGRESS'])

/** True when a run ended on the shopper's refusal (a replay answers it), not on a failure. */
function refusalOf(error: unknown): AppError | undefined {
  return error instanceof AppError &&
    error.status >= 400 &&
    error.status < 500 &&
    !NOT_REFUSALS.has(error.code)
    ? error
    : undefined
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
  /** The fault tests' probe (plugins/commerce/test/faults): nothing in a running shop. */
  probe: CheckoutProbe | undefined

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
      // First, conditional on the run still being this request's: one taken over rolls the
      // order back, before it can touch the stock.
      await this.parts.attempts.finish(sale.run, sale.result, trx)
      if (!(await this.parts.holds.sell(sale.run.attempt, trx)))
        // The hold ran out before the order was written (a very slow payment): refuse the order.
        throw createError('ERROR_CARTLINE_NOT_AVAILABLE', { reason: 'the stock hold expired' })
      await this.parts.store.removeBought(sale.run.cart, sale.lines, trx)
      if (sale.chargeKey)
        await this.parts.payments.paid(sale.run, sale.chargeKey, change.record.id, trx)
      if (sale.contact)
        sale.mail = await this.parts.mails.placed(
          change.record.id,
          sale.contact,
          sale.confirmation,
          trx,
        )
      await this.step('written', sale.run)
    },
    // Pages show "out of stock" from the page cache: drop them when a sale takes an item to 0.
    afterCommit: async (change: RecordChange) => {
      const sale =
        change.kind === 'created' && change.record.type === ORDER_TYPE
          ? this.sales.get(change.record.id)
          : undefined
      if (!sale) return
      await this.parts.mails.wake(sale.mail)
      const left = await this.parts.catalogue.available(sale.items)
      if ([...left.values()].some((units) => units === 0)) await this.parts.pages.invalidatePages()
    },
  }

  /** The cart priced for checkout. */
  review(context: ShopContext, cart: string): Promise<CartAnswer> {
    return this.parts.carts.get({ key: cart, context })
  }

  /** Places the shopper's cart; the answer carries the order's link (order-links.ts). */
  async place(shopper: Shopper, request: PlaceRequest): Promise<PlacedOrder> {
    const placed = await this.placeOnce(shopper, request)
    // The order is stored: a link that cannot be made now (its secret unread) is left out, never
    // answered as a failure; the confirmation e-mail and a replay of the key carry it.
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
    const claimed = await this.claim(cartKey, request.key, fingerprintOf(request.payment))
    if ('replay' in claimed) return claimed.replay
    const { run } = claimed
    try {
      return await this.run(shopper, request, run)
    } catch (error) {
      return await this.recover(run, error)
    } finally {
      this.parts.attempts.untrack(run)
    }
  }

  /**
   * Claims the key for a new run, or answers what its run ended with (its order; its refusal is
   * thrown). A run left under way by a failure is resolved first when its owner is gone.
   */
  private async claim(
    cart: string,
    key: string,
    fingerprint: string,
  ): Promise<{ run: Run } | { replay: PlacedOrder }> {
    const { attempts, resolver } = this.parts
    // Insert first: a new key (nearly every request) costs no read before it.
    let claimed = await attempts.insert(cart, key, fingerprint)
    for (let round = 0; 'row' in claimed; round++) {
      const { row } = claimed
      if (row.fingerprint !== fingerprint) throw createError('ERROR_IDEMPOTENCY_KEY_REUSED')
      const answer = attempts.answerOf(row)
      if (answer) return { replay: answer }
      if (round === 3) throw inProgress(row.lease_until)
      let run: Run | null = null
      if (row.state === 'released') run = await attempts.rerun(row)
      else {
        // Under way: its order if it placed one, else resolved (then run again) or 409.
        const order = await resolver.resolve(row)
        if (order) return { replay: order }
      }
      if (run) claimed = { run }
      else {
        const now = await attempts.read(cart, key)
        claimed = now ? { row: now } : await attempts.insert(cart, key, fingerprint)
      }
    }
    const { run } = claimed
    try {
      await this.holdCart(run)
    } catch (error) {
      attempts.untrack(run)
      throw error
    }
    return { run }
  }

  /** One checkout of a cart at a time: a run another key left under way is resolved first. */
  private async holdCart(run: Run): Promise<void> {
    const { attempts, resolver } = this.parts
    let leaseUntil = 0
    for (let round = 0; round < 3; round++) {
      const holder = await attempts.lockCart(run)
      if (holder === null) return
      const other = holder ? await attempts.read(run.cart, holder) : undefined
      // A holder that ended but could not free the cart (its node died in between) frees it now.
      if (!other || !UNDER_WAY.includes(other.state)) {
        await attempts.unlockCart(run.cart, holder)
        continue
      }
      if (!attempts.resolvable(other)) {
        leaseUntil = other.lease_until
        break
      }
      await resolver.resolve(other).catch((error: unknown) => {
        if (!isInProgress(error)) throw error
      })
    }
    // Another run of the cart is under way: this one ends now, its key free to be sent again.
    await attempts.release(run)
    throw inProgress(leaseUntil)
  }

  private async run(shopper: Shopper, request: PlaceRequest, run: Run): Promise<PlacedOrder> {
    const { context } = shopper
    await this.step('claimed', run)
    const cart = await this.review(context, shopper.cart)
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
    if (request.total !== undefined && request.total !== cart.total)
      throw createError('ERROR_CHECKOUT_TOTAL_CHANGED', {
        reason: `${request.total} was reviewed, ${cart.total} is due`,
      })
    await this.parts.holds.hold(cart.lines, run.attempt, (trx) =>
      this.parts.attempts.advance(run, ['claimed'], 'held', trx),
    )
    await this.step('held', run)
    const paid = await this.pay(shopper, cart, request.payment, run)
    // A guest's record is made once they have paid (a declined card makes none); the order names it.
    const entity = shopper.guest
      ? await this.parts.guests.ensure(shopper.guest, context.language)
      : shopper.context.entity
    const tranid = `SO${await this.nextNumber('salesorder')}`
    const email = shopper.guest ? shopper.guest.email : (context.profile?.email ?? '')
    const contact = email ? { email, language: context.language } : null
    const placed = await this.writeDocuments(entity, context, cart, paid, run, tranid, contact)
    await this.step('committed', run)
    return placed
  }

  /**
   * A run's failure path: resolves the run as its owner. The order the database holds after all
   * (a commit whose answer was lost) is the answer; otherwise the failure is, once the run ended.
   * When the database cannot say, the failure is answered and the run left to a resolver.
   */
  private async recover(run: Run, error: unknown): Promise<PlacedOrder> {
    const refusal = refusalOf(error)
    let order: PlacedOrder | null
    try {
      order = await this.parts.resolver.resolveKey(run.cart, run.key, {
        owner: run.owner,
        ...(refusal ? { refusal } : {}),
      })
    } catch (unresolved) {
      // Another node drives the run now: the key is to be sent again.
      if (error instanceof RunLost || isInProgress(unresolved)) throw inProgress()
      // The database cannot say: the failure is the answer, the run waits for its lease to lapse.
      throw error
    }
    if (order) return order
    // Taken over by a resolver that ended the run: the key is to be sent again.
    throw error instanceof RunLost ? inProgress() : error
  }

  private async step(step: CheckoutStep, run: Run): Promise<void> {
    if (this.probe) await this.probe(step, run)
  }

  /**
   * Takes the payment: answers how the documents describe it. A card charge is recorded in the
   * ledger before the gateway is asked (with the run's charge key) and after it answered.
   */
  private async pay(shopper: Shopper, cart: CartAnswer, payment: Payment, run: Run): Promise<Paid> {
    const profile = shopper.context.profile
    if ('account' in payment) {
      // A guest has no terms and no saved cards: only a card typed at checkout.
      if (shopper.guest)
        throw createError('ERROR_PAYMENT_DECLINED', { reason: 'a guest pays by card' })
      const context = shopper.context
      const terms = profile?.terms ?? ''
      const limit = profile?.creditlimit ?? null
      const days = await this.terms(terms)
      if (!days || limit === null)
        throw createError('ERROR_PAYMENT_DECLINED', { reason: 'the account has no credit terms' })
      const owed = await this.parts.documents.openBalance(context.entity, cart.currency)
      const limitMinor = Math.round(limit * 10 ** cart.currency.places)
      if (owed + cart.total > limitMinor) throw createError('ERROR_CREDIT_LIMIT_EXCEEDED')
      return { chargeKey: null, ccnumber: '', method: `On account (${days.name})`, onAccount: days }
    }
    const provider = this.parts.providers.get(this.parts.cardProvider)
    let token: string
    let last4: string
    let brand: string
    if ('saved' in payment) {
      const card = shopper.guest
        ? undefined
        : profile?.creditcards.find((each) => each.internalid === payment.saved)
      const saved =
        card && !shopper.guest
          ? await this.parts.cardTokens.get(shopper.context.entity, payment.saved)
          : null
      if (!card || !saved)
        throw createError('ERROR_CREDITCARD_NOT_AVAILABLE', { reason: payment.saved })
      token = saved
      last4 = card.last4
      brand = card.brand || card.paymentmethod
    } else {
      ;({ token, last4, brand } = await provider.tokenize(payment.card))
    }
    const { payments } = this.parts
    const chargeKey = await payments.start(run, {
      provider: provider.id,
      amount: cart.total,
      currency: cart.currency.id,
    })
    const id = await provider.charge({
      token,
      amount: cart.total,
      currency: cart.currency.id,
      key: chargeKey,
    })
    await this.step('charged', run)
    await payments.charged(run, chargeKey, id)
    return {
      chargeKey,
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
    entity: Entity,
    context: ShopContext,
    cart: CartAnswer,
    paid: Paid,
    run: Run,
    tranid: string,
    contact: OrderContact | null,
  ): Promise<PlacedOrder> {
    const places = cart.currency.places
    const money = (minor: number) => fromMinor(minor, places)
    const now = new Date()
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
      entity: reference(entity.type, entity.id),
      currency: reference('currency', cart.currency.id),
      subtotal: money(cart.subtotal),
      taxtotal: money(cart.taxtotal),
      shipping_rate: money(cart.shipping),
      total: money(cart.total),
      shipmethod: reference('shipmethod', cart.shipmethod!.id),
      shipaddress: await addressText(cart.shipaddress, this.parts.records, context.language),
      billaddress: await addressText(
        billingAddress(context.profile) ?? cart.shipaddress,
        this.parts.records,
        context.language,
      ),
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
      run,
      chargeKey: paid.chargeKey,
      lines: cart.lines.map((line) => line.id),
      items: cart.lines.map((line) => line.item),
      result,
      contact,
      confirmation: contact ? await this.parts.mails.prepare('confirmed', order, contact) : null,
      mail: [],
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
