/**
 * Cancelling an order from the orders desk (README, "Orders desk"): refused once any unit went
 * out (a refund is the way then). In one transaction with the order's move to cancelled: every
 * line's units counted as cancelled (a conditional update, so a fulfilment racing it from another
 * node loses, or wins and this call is refused), their stock back on hand exactly once, what the
 * card paid owed back, the history entry and the shopper's e-mail. After the commit the gateway is
 * asked for the refund and the order's open invoice is voided.
 */
import {
  actorName,
  createError,
  SYSTEM_ACTOR,
  type Entity,
  type Logger,
  type RecordData,
} from '@shopwright/core'
import { fromMinor } from '@shopwright/client'
import type { RecordsService } from '@shopwright/plugin-records'
import { INVOICE_TYPE, ORDER_TYPE } from '../../shared/types.js'
import { invoiceOf } from '../documents/documents.js'
import { STOCK_TABLE } from '../migrations.js'
import { textOf } from '../refs.js'
import type { OrderMails } from '../mail/order-mails.js'
import { CANCELLED, inRounds, Moved, openOrder, repeat } from './desk-kit.js'
import { requestDigest, type OrderEvents } from './order-events.js'
import { SHIPPED_STATUSES, type OrderLineCount, type OrderLines } from './order-lines.js'
import type { OrderRefunds, RefundState } from './order-refunds.js'

export interface CancelRequest {
  key: string
  /** Why, as staff write it: kept in the history and the log. */
  reason?: string | undefined
}

export interface CancelAnswer {
  order: string
  status: string
  /** The units put back on hand, per item. */
  restocked: Array<{ item: string; quantity: number }>
  /** What the card is given back (minor units), and where that stood when the call answered. */
  refund: { id: number; amount: number; state: RefundState } | null
  /** The open invoice voided with it. */
  invoice: string | null
}

export interface OrderCancelParts {
  records: Pick<RecordsService, 'findFresh' | 'modify' | 'find'>
  db: import('knex').Knex
  lines: OrderLines
  events: OrderEvents
  refunds: OrderRefunds
  mails: Pick<OrderMails, 'byDesk' | 'contactOf' | 'prepare' | 'queue' | 'wake'>
  /** Pages that showed an item sold out drop from the storefront's cache. */
  invalidatePages: () => Promise<void>
  logger: Pick<Logger, 'error'>
}

export class OrderCancel {
  constructor(private readonly parts: OrderCancelParts) {}

  async cancel(staff: Entity, id: string, request: CancelRequest): Promise<CancelAnswer> {
    const reason = request.reason?.trim() ?? ''
    const digest = requestDigest('cancel', { reason })
    const earlier = await this.parts.events.byKey(id, request.key)
    if (earlier) return this.finish(staff, id, repeat<CancelAnswer>(earlier, digest))
    const call = { key: request.key, digest, verb: 'cancel' }
    const answer = await this.parts.mails.byDesk(id, () =>
      inRounds(this.parts.events, id, call, async () => {
        const order = await openOrder(this.parts.records, id)
        refuseShipped(order)
        const counts = await this.parts.lines.of(order)
        if (counts.some((line) => line.fulfilled > 0)) throw createError('ERROR_ORDER_SHIPPED')
        const payment = await this.parts.refunds.paymentOf(id)
        const owed = payment ? payment.captured - payment.refunded : 0
        const restocked = unitsByItem(counts)
        const contact = await this.parts.mails.contactOf(id)
        const currency = await this.parts.records.find('currency', payment?.currency ?? '')
        const places = Number(currency?.decimalplaces ?? 2)
        const prepared = contact
          ? await this.parts.mails.prepare('cancelled', order, contact, {
              key: request.key,
              ...(owed > 0 ? { refund: { amount: fromMinor(owed, places) } } : {}),
            })
          : null
        let answer: CancelAnswer | undefined
        let queued: string[] = []
        await this.parts.records.modify(
          SYSTEM_ACTOR,
          ORDER_TYPE,
          id,
          ['status'],
          (record) => {
            if (textOf(record.status) === CANCELLED) throw createError('ERROR_ORDER_CANCELLED')
            refuseShipped(record)
            record.status = CANCELLED
          },
          {
            onBehalfOf: staff,
            message: `cancelled${reason ? `: ${reason}` : ''}`,
            alongside: async (trx) => {
              if (!(await this.parts.lines.cancel(id, trx))) throw new Moved()
              for (const { item, quantity } of restocked)
                await trx(STOCK_TABLE)
                  .where({ item })
                  .update({
                    onhand: trx.raw('?? + ?', ['onhand', quantity]),
                    updated_at: Date.now(),
                  })
              let refund: CancelAnswer['refund'] = null
              if (payment && owed > 0) {
                const owedId = await this.parts.refunds.owe(trx, payment, {
                  order: id,
                  amount: owed,
                  key: request.key,
                  actor: actorName(staff),
                  reason: reason || 'order cancelled',
                })
                if (owedId === false) throw new Moved()
                refund = { id: owedId, amount: owed, state: 'pending' }
              }
              answer = { order: id, status: CANCELLED, restocked, refund, invoice: null }
              await this.parts.events.add(trx, {
                order: id,
                actor: actorName(staff),
                kind: 'cancelled',
                details: { reason, restocked, refund: refund?.amount ?? 0 },
                key: { key: request.key, request: digest, outcome: answer },
              })
              queued = prepared ? await this.parts.mails.queue(prepared, trx) : []
            },
          },
        )
        await this.parts.mails.wake(queued)
        return answer!
      }),
    )
    return this.finish(staff, id, answer)
  }

  /**
   * After the commit: the money and the invoice. Each step is safe to run again, so a repeat of
   * the call finishes what a node that stopped left (the sweep also settles its refund).
   */
  private async finish(staff: Entity, id: string, answer: CancelAnswer): Promise<CancelAnswer> {
    // The cancellation is stored: nothing after it may answer it as failed (a repeat finishes it).
    try {
      if (answer.restocked.length > 0) await this.parts.invalidatePages()
      const refund = answer.refund && {
        ...answer.refund,
        state: await this.parts.refunds.settle(answer.refund.id),
      }
      const invoice = (await this.voidInvoice(staff, id)) ?? answer.invoice
      return { ...answer, refund, invoice }
    } catch (error) {
      this.parts.logger.error(
        { err: error, order: id },
        'a cancelled order not finished; a repeat finishes it',
      )
      return answer
    }
  }

  /** Voids the order's invoice while it is open (an on-account order's). */
  private async voidInvoice(staff: Entity, order: string): Promise<string | null> {
    const invoice = await invoiceOf(this.parts.db, order)
    if (!invoice) return null
    try {
      let voided = false
      await this.parts.records.modify(
        SYSTEM_ACTOR,
        INVOICE_TYPE,
        invoice,
        ['status', 'amountremaining'],
        (record: RecordData) => {
          if (textOf(record.status) === 'voided') voided = true
          if (textOf(record.status) !== 'open') return false
          record.status = 'voided'
          record.amountremaining = 0
          voided = true
        },
        { onBehalfOf: staff, message: `voided: order ${order} cancelled` },
      )
      return voided ? invoice : null
    } catch (error) {
      this.parts.logger.error(
        { err: error, order, invoice },
        'invoice of a cancelled order not voided',
      )
      return null
    }
  }
}

/** Refuses an order some of which went out: its units cannot come back by a cancellation. */
function refuseShipped(order: RecordData): void {
  const status = textOf(order.status)
  if (SHIPPED_STATUSES.has(status) || status === 'partiallyFulfilled')
    throw createError('ERROR_ORDER_SHIPPED')
}

/** An order's units per item, sorted by item (every writer locks stock rows in one order). */
function unitsByItem(counts: readonly OrderLineCount[]): Array<{ item: string; quantity: number }> {
  const units = new Map<string, number>()
  for (const line of counts)
    if (line.item && line.quantity > 0)
      units.set(line.item, (units.get(line.item) ?? 0) + line.quantity)
  return [...units]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([item, quantity]) => ({ item, quantity }))
}
