/**
 * The refunds of card orders (README, "Orders desk"). An action that gives money back (a refund, a
 * cancellation) owes it in its own transaction: the order's payment row counts it as refunded by a
 * conditional update, so two actions from two nodes can never give back more than was captured,
 * and a `pending` row of commerce_refunds keeps what the gateway must be asked. After the commit
 * the gateway is asked with the refund's own idempotency key, then the credit note is written;
 * a gateway that does not answer is asked again by the commerce sweep, one that refuses leaves the
 * row `failed` and the money owed no more (staff may refund again, or in the gateway's dashboard).
 */
import crypto from 'node:crypto'
import type { Knex } from 'knex'
import { isAppError, reference, SYSTEM_ACTOR, type Logger, type RecordData } from '@shopwright/core'
import { fromMinor, placesOf } from '@shopwright/client'
import type { RecordsService } from '@shopwright/plugin-records'
import { CREDITMEMO_TYPE, INVOICE_TYPE, ORDER_TYPE } from '../../shared/types.js'
import { nextNumber } from '../checkout/order-documents.js'
import { REFUND_RETRY_MS } from '../checkout/payments.js'
import { invoiceOf } from '../documents/documents.js'
import type { PaymentProviders } from '../payment/providers.js'
import { refId, textOf } from '../refs.js'
import type { OrderEvents } from './order-events.js'
import type { OrderIndex } from './order-index.js'
import { ORDER_PAYMENTS_TABLE, REFUNDS_TABLE } from './order-tables.js'

/** An order's card payment: what was captured and how much of it went back (minor units). */
export interface OrderPayment {
  provider: string
  charge: string
  currency: string
  captured: number
  refunded: number
}

export type RefundState = 'pending' | 'done' | 'failed'

/** One refund as the desk shows it. */
export interface RefundView {
  id: number
  /** Minor units of the order's currency. */
  amount: number
  state: RefundState
  reason: string
  actor: string
  /** The credit note's id once the gateway gave the money back. */
  creditmemo: string | null
  time: number
}

interface RefundRow {
  id: number
  order_id: string
  refund_key: string
  provider: string
  charge: string
  currency: string
  amount: number | string
  state: RefundState
  reason: string
  actor: string
  creditmemo: string | null
  created_at: number | string
}

/** A refund already settled by another call: the credit note this one made is rolled back. */
class Settled extends Error {}

export interface OrderRefundsParts {
  db: Knex
  records: Pick<RecordsService, 'create' | 'find'>
  providers: Pick<PaymentProviders, 'get'>
  events: OrderEvents
  /** The orders list's index, whose `refunded` follows. */
  index: Pick<OrderIndex, 'refunded'>
  logger: Pick<Logger, 'error' | 'warn'>
}

export class OrderRefunds {
  constructor(private readonly parts: OrderRefundsParts) {}

  /** The order's card payment, as the caller's transaction sees it; none for other orders. */
  async paymentOf(order: string, trx?: Knex.Transaction): Promise<OrderPayment | undefined> {
    const row = (await (trx ?? this.parts.db)(ORDER_PAYMENTS_TABLE)
      .where({ order_id: order })
      .first('provider', 'charge', 'currency', 'captured', 'refunded')) as
      | (Omit<OrderPayment, 'captured' | 'refunded'> & {
          captured: number | string
          refunded: number | string
        })
      | undefined
    return row && { ...row, captured: Number(row.captured), refunded: Number(row.refunded) }
  }

  /**
   * In an action's transaction: owes `amount` (minor units) back of the order's card payment.
   * False when it is no longer there to give (another action gave it back since the caller read
   * the payment): the caller's transaction must roll back.
   */
  async owe(
    trx: Knex.Transaction,
    payment: OrderPayment,
    owed: { order: string; amount: number; key: string; actor: string; reason: string },
  ): Promise<number | false> {
    const changed = await trx(ORDER_PAYMENTS_TABLE)
      .where({ order_id: owed.order })
      .andWhereRaw('?? - ?? >= ?', ['captured', 'refunded', owed.amount])
      .update({
        refunded: trx.raw('?? + ?', ['refunded', owed.amount]),
        updated_at: Date.now(),
      })
    if (Number(changed) !== 1) return false
    await this.parts.index.refunded(trx, owed.order, owed.amount)
    const now = Date.now()
    const [id] = (await trx(REFUNDS_TABLE).insert({
      order_id: owed.order,
      // One gateway key per action: a repeat of the action never refunds twice.
      refund_key: crypto
        .createHash('sha256')
        .update(`refund|${owed.order}|${owed.key}`)
        .digest('hex'),
      provider: payment.provider,
      charge: payment.charge,
      currency: payment.currency,
      amount: owed.amount,
      state: 'pending',
      reason: owed.reason,
      actor: owed.actor,
      // The action's node asks at once; the sweep only once it has had time to.
      check_at: now + REFUND_RETRY_MS,
      created_at: now,
      updated_at: now,
    })) as number[]
    return Number(id)
  }

  /**
   * Asks the gateway for a pending refund, then writes its credit note. Never throws: a gateway
   * that does not answer is asked again by the sweep. Answers the refund's state afterwards.
   */
  async settle(id: number): Promise<RefundState> {
    const row = await this.row(id)
    if (!row || row.state !== 'pending') return row?.state ?? 'failed'
    try {
      await this.parts.providers.get(row.provider).refund({
        charge: row.charge,
        key: row.refund_key,
        amount: Number(row.amount),
      })
    } catch (error) {
      if (isAppError(error) && error.code === 'ERROR_PAYMENT_DECLINED') return this.fail(row, error)
      this.parts.logger.error(
        { err: error, order: row.order_id, refund: id },
        'refund not answered by the gateway; the sweep asks again',
      )
      await this.parts
        .db(REFUNDS_TABLE)
        .where({ id, state: 'pending' })
        .update({ check_at: Date.now() + REFUND_RETRY_MS, updated_at: Date.now() })
      return 'pending'
    }
    try {
      await this.parts.records.create(SYSTEM_ACTOR, await this.creditMemo(row), {
        alongside: async (trx, memo) => {
          const changed = await trx(REFUNDS_TABLE)
            .where({ id, state: 'pending' })
            .update({ state: 'done', creditmemo: memo.id, check_at: 0, updated_at: Date.now() })
          if (Number(changed) !== 1) throw new Settled()
        },
      })
    } catch (error) {
      if (!(error instanceof Settled)) {
        this.parts.logger.error(
          { err: error, order: row.order_id, refund: id },
          'credit note of a refund not written; the sweep writes it',
        )
        return 'pending'
      }
    }
    return (await this.row(id))?.state ?? 'pending'
  }

  /** Settles pending refunds whose node did not (it stopped, the gateway did not answer). */
  async sweep(now = Date.now()): Promise<number> {
    const rows = (await this.parts
      .db(REFUNDS_TABLE)
      .where({ state: 'pending' })
      .andWhere('check_at', '<', now)
      .orderBy('id')
      .limit(100)
      .select('id')) as Array<{ id: number }>
    for (const { id } of rows) await this.settle(Number(id))
    return rows.length
  }

  /** The order's refunds, oldest first. */
  async of(order: string): Promise<RefundView[]> {
    const rows = (await this.parts
      .db(REFUNDS_TABLE)
      .where({ order_id: order })
      .orderBy('id')
      .select()) as RefundRow[]
    return rows.map((row) => ({
      id: Number(row.id),
      amount: Number(row.amount),
      state: row.state,
      reason: row.reason,
      actor: row.actor,
      creditmemo: row.creditmemo,
      time: Number(row.created_at),
    }))
  }

  private async row(id: number): Promise<RefundRow | undefined> {
    return (await this.parts.db(REFUNDS_TABLE).where({ id }).first()) as RefundRow | undefined
  }

  /** The gateway refused: the money is owed no more, and the order's history says so. */
  private async fail(row: RefundRow, error: Error): Promise<RefundState> {
    this.parts.logger.warn(
      { err: error, order: row.order_id, refund: row.id },
      'the gateway refused a refund',
    )
    await this.parts.db.transaction(async (trx) => {
      const changed = await trx(REFUNDS_TABLE)
        .where({ id: row.id, state: 'pending' })
        .update({ state: 'failed', check_at: 0, updated_at: Date.now() })
      if (Number(changed) !== 1) return
      await trx(ORDER_PAYMENTS_TABLE)
        .where({ order_id: row.order_id })
        .update({
          refunded: trx.raw('?? - ?', ['refunded', Number(row.amount)]),
          updated_at: Date.now(),
        })
      await this.parts.index.refunded(trx, row.order_id, -Number(row.amount))
      await this.parts.events.add(trx, {
        order: row.order_id,
        actor: row.actor,
        kind: 'refundFailed',
        details: { refund: Number(row.id), amount: Number(row.amount), reason: error.message },
      })
    })
    return (await this.row(Number(row.id)))?.state ?? 'failed'
  }

  /** The credit note of a refund the gateway made: the order's customer, card and currency. */
  private async creditMemo(row: RefundRow): Promise<RecordData> {
    const [order, currency, invoice] = await Promise.all([
      this.parts.records.find(ORDER_TYPE, row.order_id),
      this.parts.records.find('currency', row.currency),
      invoiceOf(this.parts.db, row.order_id),
    ])
    const id = `CM${await nextNumber(this.parts.db, 'creditmemo')}`
    const places = placesOf({ decimalplaces: Number(currency?.decimalplaces ?? 2) })
    const entity = order?.entity as { type?: unknown; id?: unknown } | undefined
    return {
      type: CREDITMEMO_TYPE,
      id,
      tranid: id,
      trandate: new Date().toISOString(),
      ...(typeof entity?.type === 'string' && typeof entity.id === 'string'
        ? { entity: reference(entity.type, entity.id) }
        : {}),
      createdfrom: reference(ORDER_TYPE, row.order_id),
      ...(invoice ? { invoice: reference(INVOICE_TYPE, invoice) } : {}),
      currency: reference('currency', refId(order?.currency) ?? row.currency),
      total: fromMinor(Number(row.amount), places),
      ccnumber: textOf(order?.ccnumber),
      reason: row.reason,
    }
  }
}
