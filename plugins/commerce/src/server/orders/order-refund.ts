/**
 * Refunding money of an order from the orders desk (README, "Orders desk"): all that is left of
 * its card payment, or part of it, as often as staff need, never more than was captured (the
 * payment row's conditional update: order-refunds.ts). The history entry, the log line and the
 * shopper's e-mail are written in the refund's transaction; the gateway is asked after the commit
 * and the credit note follows its answer.
 */
import type { Knex } from 'knex'
import { actorName, createError, type Entity, type Logger } from '@shopwright/core'
import { fromMinor, placesOf } from '@shopwright/client'
import type { RecordLogSink, RecordsService } from '@shopwright/plugin-records'
import { ORDER_TYPE } from '../../shared/types.js'
import type { OrderMails } from '../mail/order-mails.js'
import { inRounds, Moved, repeat } from './desk-kit.js'
import { requestDigest, type OrderEvents } from './order-events.js'
import type { OrderRefunds, RefundState } from './order-refunds.js'

export interface RefundRequest {
  key: string
  /** Minor units of the order's currency (1250: 12.50); all that is left when absent. */
  amount?: number | undefined
  /** Why, as staff write it: on the credit note, in the history and the log. */
  reason?: string | undefined
}

export interface RefundAnswer {
  order: string
  refund: { id: number; amount: number; state: RefundState }
  /** The order's card payment after it (minor units). */
  captured: number
  refunded: number
  currency: string
}

export interface OrderRefundParts {
  db: Knex
  records: Pick<RecordsService, 'findFresh' | 'find'>
  events: OrderEvents
  refunds: OrderRefunds
  mails: Pick<OrderMails, 'contactOf' | 'prepare' | 'queue' | 'wake'>
  logSink: () => RecordLogSink | undefined
  logger: Pick<Logger, 'error'>
}

export class OrderRefund {
  constructor(private readonly parts: OrderRefundParts) {}

  async refund(staff: Entity, id: string, request: RefundRequest): Promise<RefundAnswer> {
    const reason = request.reason?.trim() ?? ''
    const digest = requestDigest('refund', { amount: request.amount ?? null, reason })
    const earlier = await this.parts.events.byKey(id, request.key)
    if (earlier) return this.settled(repeat<RefundAnswer>(earlier, digest))
    const call = { key: request.key, digest, verb: 'refund' }
    const answer = await inRounds(this.parts.events, id, call, async () => {
      const order = await this.parts.records.findFresh(ORDER_TYPE, id)
      if (!order) throw createError('ERROR_ORDER_NOT_AVAILABLE', { reason: id })
      const payment = await this.parts.refunds.paymentOf(id)
      if (!payment) throw createError('ERROR_ORDER_NOT_CAPTURED', { reason: id })
      const currency = await this.parts.records.find('currency', payment.currency)
      const places = placesOf({ decimalplaces: Number(currency?.decimalplaces ?? 2) })
      const left = payment.captured - payment.refunded
      const amount = request.amount ?? left
      if (amount <= 0 || amount > left)
        throw createError('ERROR_REFUND_TOO_LARGE', {
          reason: `${fromMinor(left, places)} ${textCode(currency?.code, payment.currency)} is left to refund`,
        })
      const contact = await this.parts.mails.contactOf(id)
      const prepared = contact
        ? await this.parts.mails.prepare('refunded', order, contact, {
            key: request.key,
            refund: {
              amount: fromMinor(amount, places),
              refunded: fromMinor(payment.refunded + amount, places),
            },
          })
        : null
      const actor = actorName(staff)
      const shown = `${fromMinor(amount, places).toFixed(places)} ${textCode(currency?.code, payment.currency)}`
      let answer: RefundAnswer | undefined
      const queued = await this.parts.db.transaction(async (trx) => {
        const owed = await this.parts.refunds.owe(trx, payment, {
          order: id,
          amount,
          key: request.key,
          actor,
          reason,
        })
        if (owed === false) throw new Moved()
        answer = {
          order: id,
          refund: { id: owed, amount, state: 'pending' },
          captured: payment.captured,
          refunded: payment.refunded + amount,
          currency: payment.currency,
        }
        await this.parts.events.add(trx, {
          order: id,
          actor,
          kind: 'refunded',
          details: { refund: owed, amount, reason },
          key: { key: request.key, request: digest, outcome: answer },
        })
        await this.parts.logSink()?.write(
          [
            {
              type: ORDER_TYPE,
              id,
              message: `refunded ${shown}${reason ? `: ${reason}` : ''}`,
              actor,
            },
          ],
          trx,
        )
        return prepared ? this.parts.mails.queue(prepared, trx) : []
      })
      await this.parts.mails.wake(queued)
      return answer!
    })
    return this.settled(answer)
  }

  /** The answer with its refund asked of the gateway (again, for a repeat: a no-op once settled). */
  private async settled(answer: RefundAnswer): Promise<RefundAnswer> {
    // The refund is stored: a read failing now answers it as it was stored (state pending; the
    // sweep settles it), never as failed.
    try {
      const state = await this.parts.refunds.settle(answer.refund.id)
      const payment = await this.parts.refunds.paymentOf(answer.order)
      return {
        ...answer,
        refund: { ...answer.refund, state },
        refunded: payment?.refunded ?? answer.refunded,
      }
    } catch (error) {
      this.parts.logger.error(
        { err: error, order: answer.order },
        'a stored refund not settled now',
      )
      return answer
    }
  }
}

/** A currency's code as people read it (`USD`), else its record's id upper-cased. */
const textCode = (code: unknown, id: string) =>
  typeof code === 'string' && code ? code : id.toUpperCase()
