/**
 * The sales order and invoice a checkout writes (README, "Checkout"): their numbers and their
 * bodies, made from the cart as it was priced and the payment as it was taken.
 */
import type { Knex } from 'knex'
import { reference, retryTransaction, type Entity, type RecordData } from '@shopwright/core'
import { fromMinor } from '@shopwright/client'
import type { CartAnswer } from '../../shared/answers.js'
import { INVOICE_TYPE, ORDER_TYPE } from '../../shared/types.js'
import { billingAddress } from '../cart/cart-pricing.js'
import { COUNTERS_TABLE } from '../migrations.js'
import type { ShopContext } from '../shop-context.js'
import { addressText } from './address-text.js'
import type { PlacedOrder } from './attempts.js'
import type { CheckoutParts } from './checkout.js'
import type { Paid } from './take-payment.js'

/** A checkout's two documents, and the answer its request gets once they are written. */
export interface OrderDocuments {
  order: RecordData
  invoice: RecordData
  result: PlacedOrder
}

/** The next document number of a kind (SO10001, INV10001, CM10001): one atomic statement. */
export async function nextNumber(
  db: Knex,
  name: 'salesorder' | 'invoice' | 'creditmemo',
): Promise<number> {
  return retryTransaction(db, async (trx) => {
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

/**
 * Numbers and makes the order and its invoice for `entity`: the invoice is open until its due date
 * on account, paid in full by card. Called once the cart is checked placeable (it has its shipping
 * method).
 */
export async function orderDocuments(
  { db, records }: Pick<CheckoutParts, 'db' | 'records'>,
  entity: Entity,
  context: ShopContext,
  cart: CartAnswer,
  paid: Paid,
): Promise<OrderDocuments> {
  const tranid = `SO${await nextNumber(db, 'salesorder')}`
  const places = cart.currency.places
  const money = (minor: number) => fromMinor(minor, places)
  const now = new Date()
  const invoiceId = `INV${await nextNumber(db, 'invoice')}`
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
    shipaddress: await addressText(cart.shipaddress, records, context.language),
    billaddress: await addressText(
      billingAddress(context.profile) ?? cart.shipaddress,
      records,
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
  return { order, invoice, result }
}
