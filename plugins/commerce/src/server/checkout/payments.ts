/**
 * The money of checkout runs (README, "Checkout"): one row per charge asked of a gateway, written
 * before the gateway is called and moved on only by conditional updates, so that whoever resolves
 * a run knows what to do with its money whatever failed and when:
 *
 * - `charging`: the gateway was (or is being) asked; whether it charged is for `lookup` to say;
 * - `charged`: the gateway took the money, no order yet;
 * - `paid`: its order was written, in the order's own transaction (final);
 * - `refunding`: a refund is recorded and asked with its own idempotency key, again until it is done;
 * - `refunded` (final); `unpaid`: the gateway holds no charge for the key (final once checked late).
 *
 * Rows with work left (a refund to retry, a late charge to look for) carry `check_at`, when the
 * sweep looks at them next.
 */
import crypto from 'node:crypto'
import type { Knex } from 'knex'
import { retryTransaction, type Logger } from '@shopwright/core'
import { PAYMENTS_TABLE } from '../migrations.js'
import { ORDER_PAYMENTS_TABLE } from '../orders/order-tables.js'
import type { PaymentProvider, PaymentProviders } from '../payment/providers.js'
import { chargeKeyOf, KEEP_CHECKOUTS_MS, RunLost, type Attempts, type Run } from './attempts.js'

/** A charge whose answer was lost may still be made by the gateway: looked for again after this. */
export const LATE_CHECK_MS = 2 * 60_000
/** A refund the gateway refused or did not answer is asked again after this. */
export const REFUND_RETRY_MS = 60_000

export type PaymentState = 'charging' | 'charged' | 'paid' | 'refunding' | 'refunded' | 'unpaid'

export interface PaymentRow {
  charge_key: string
  cart: string
  idempotency: string
  attempt: string
  provider: string
  amount: number
  currency: string
  charge: string | null
  state: PaymentState
  order_id: string | null
  check_at: number
}

/** The refund's idempotency key at the gateway: one per charge, so it is never issued twice. */
export function refundKeyOf(chargeKey: string): string {
  return crypto.createHash('sha256').update(`refund|${chargeKey}`).digest('hex')
}

function rowOf(row: PaymentRow): PaymentRow {
  return { ...row, amount: Number(row.amount), check_at: Number(row.check_at) }
}

export class Payments {
  constructor(
    private readonly db: Knex,
    private readonly attempts: Attempts,
    private readonly providers: PaymentProviders,
    private readonly logger: Pick<Logger, 'error' | 'warn'>,
  ) {}

  /**
   * Records a charge about to be asked, as the run moves to paying: answers the gateway's key. One
   * transaction, so a run taken over never gets a ledger row its resolver did not see (that row
   * would keep a later charge out of every settlement).
   */
  async start(
    run: Run,
    charge: { provider: string; amount: number; currency: string },
  ): Promise<string> {
    const chargeKey = chargeKeyOf(run)
    const now = Date.now()
    await retryTransaction(this.db, async (trx) => {
      await this.attempts.advance(run, ['held'], 'paying', trx)
      await trx(PAYMENTS_TABLE).insert({
        charge_key: chargeKey,
        cart: run.cart,
        idempotency: run.key,
        attempt: run.attempt,
        ...charge,
        charge: null,
        state: 'charging',
        created_at: now,
        updated_at: now,
      })
    })
    return chargeKey
  }

  /**
   * Records the gateway's charge, as the run moves to paid. One transaction, fenced by the run's
   * owner first: a resolver that took the run over finds the row still `charging` and refunds.
   */
  async charged(run: Run, chargeKey: string, charge: string): Promise<void> {
    await retryTransaction(this.db, async (trx) => {
      await this.attempts.advance(run, ['paying'], 'paid', trx)
      const changed = await trx(PAYMENTS_TABLE)
        .where({ charge_key: chargeKey, state: 'charging' })
        .update({ state: 'charged', charge, updated_at: Date.now() })
      if (Number(changed) !== 1) throw new RunLost(run)
    })
  }

  /**
   * Marks the charge as paying for its order, inside the order's transaction, and keeps it with the
   * order for as long as the order (the orders desk's refunds: README, "Orders desk").
   */
  async paid(run: Run, chargeKey: string, order: string, trx: Knex.Transaction): Promise<void> {
    const now = Date.now()
    const changed = await trx(PAYMENTS_TABLE)
      .where({ charge_key: chargeKey, state: 'charged' })
      .update({ state: 'paid', order_id: order, updated_at: now })
    if (Number(changed) !== 1) throw new RunLost(run)
    const row = (await trx(PAYMENTS_TABLE)
      .where({ charge_key: chargeKey })
      .first('provider', 'charge', 'amount', 'currency')) as Pick<
      PaymentRow,
      'provider' | 'charge' | 'amount' | 'currency'
    >
    await trx(ORDER_PAYMENTS_TABLE).insert({
      order_id: order,
      provider: row.provider,
      charge: row.charge,
      currency: row.currency,
      captured: Number(row.amount),
      refunded: 0,
      created_at: now,
      updated_at: now,
    })
  }

  /** The run's charge, if it asked for one. */
  async ofRun(run: Pick<Run, 'cart' | 'key' | 'attempt'>): Promise<PaymentRow | undefined> {
    const row = (await this.db(PAYMENTS_TABLE)
      .where({ charge_key: chargeKeyOf(run) })
      .first()) as PaymentRow | undefined
    return row && rowOf(row)
  }

  /**
   * Settles the money of a run that placed no order: a charge is recorded for refund, then
   * refunded; a charge the gateway may have made is looked up first (`declined`: the gateway said
   * it made none). What the gateway cannot do now is left to the sweep (`check_at`); only the
   * database failing is thrown.
   */
  async settle(row: PaymentRow, options: { declined?: boolean } = {}): Promise<void> {
    const now = Date.now()
    if (row.state === 'charging' || (row.state === 'unpaid' && row.check_at > 0)) {
      if (options.declined && row.state === 'charging') {
        await this.move(row, 'unpaid', { check_at: 0 })
        return
      }
      const charge = await this.gateway(row, (provider) => provider.lookup(row.charge_key))
      if (charge === undefined) {
        // The gateway did not answer: looked for again later, whatever the key's fate.
        await this.move(row, row.state, { check_at: now + REFUND_RETRY_MS })
        return
      }
      if (charge === null) {
        // None now; the gateway may still make one a request in flight asked for: look once more.
        await this.move(row, 'unpaid', {
          check_at: row.state === 'charging' ? now + LATE_CHECK_MS : 0,
        })
        return
      }
      if (!(await this.move(row, 'refunding', { charge, check_at: now + REFUND_RETRY_MS }))) return
      await this.refund({ ...row, charge, state: 'refunding' })
      return
    }
    if (row.state === 'charged') {
      if (!(await this.move(row, 'refunding', { check_at: now + REFUND_RETRY_MS }))) return
      await this.refund({ ...row, state: 'refunding' })
      return
    }
    if (row.state === 'refunding') await this.refund(row)
  }

  /** Rows the sweep should look at now. */
  async due(now = Date.now(), limit = 200): Promise<PaymentRow[]> {
    const rows = (await this.db(PAYMENTS_TABLE)
      .where('check_at', '>', 0)
      .andWhere('check_at', '<', now)
      .limit(limit)
      .select()) as PaymentRow[]
    return rows.map(rowOf)
  }

  /** Deletes settled rows older than a week. */
  async deleteOld(now = Date.now()): Promise<void> {
    await this.db(PAYMENTS_TABLE)
      .whereIn('state', ['paid', 'refunded', 'unpaid'])
      .andWhere('check_at', 0)
      .andWhere('updated_at', '<', now - KEEP_CHECKOUTS_MS)
      .delete()
  }

  /** Asks the recorded refund of the gateway, with its key; a refusal is retried by the sweep. */
  private async refund(row: PaymentRow): Promise<void> {
    const done = await this.gateway(row, async (provider) => {
      await provider.refund({ charge: row.charge!, key: refundKeyOf(row.charge_key) })
      return true
    })
    if (done) await this.move(row, 'refunded', { check_at: 0 })
  }

  /** A gateway call: its answer, or undefined when it failed (logged; the sweep asks again). */
  private async gateway<T>(
    row: PaymentRow,
    call: (provider: PaymentProvider) => Promise<T>,
  ): Promise<T | undefined> {
    try {
      return await call(this.providers.get(row.provider))
    } catch (error) {
      this.logger.error(
        { err: error, charge: row.charge, key: row.charge_key, state: row.state },
        'payment gateway call of a checkout failed; the sweep asks again',
      )
      return undefined
    }
  }

  /** Moves a row on from the state it was read in; false when another settler moved it first. */
  private async move(
    row: PaymentRow,
    state: PaymentState,
    fields: Partial<Pick<PaymentRow, 'charge' | 'check_at'>>,
  ): Promise<boolean> {
    const changed = await this.db(PAYMENTS_TABLE)
      .where({ charge_key: row.charge_key, state: row.state })
      .update({ state, ...fields, updated_at: Date.now() })
    return Number(changed) === 1
  }
}
