/**
 * Resolving a checkout run that did not end cleanly (README, "Checkout"): its own request's failure
 * path, a replay of its key, the next checkout of its cart, or the sweep. Nothing is decided on a
 * guess: the resolver first takes the run over (a conditional write, which waits for an order's
 * transaction in flight and fences the old owner), then reads what the database holds. A run whose
 * order was written answers that order; any other gives its stock back, has its money settled by
 * the ledger, and ends: failed with the shopper's refusal, or released so the key can run again.
 */
import type { AppError, Logger } from '@shopwright/core'
import type { StockHolds } from './stock.js'
import {
  inProgress,
  RunLost,
  UNDER_WAY,
  type AttemptRow,
  type Attempts,
  type PlacedOrder,
} from './attempts.js'
import type { Payments } from './payments.js'

export interface ResolveOptions {
  /** The owner token of the request resolving its own run: it may, whatever the lease. */
  owner?: string
  /** The shopper's refusal that ended the run (declined, out of stock...): a replay answers it. */
  refusal?: AppError
}

export class Resolver {
  constructor(
    private readonly attempts: Attempts,
    private readonly payments: Payments,
    private readonly holds: StockHolds,
    private readonly logger: Pick<Logger, 'error'>,
  ) {}

  /**
   * Resolves the run a row shows: its order when it placed one, else null once it has ended.
   * Throws ERROR_CHECKOUT_IN_PROGRESS while a live owner drives it, and the database's failure
   * when it cannot be read or written (nothing is then decided).
   */
  async resolve(row: AttemptRow, options: ResolveOptions = {}): Promise<PlacedOrder | null> {
    const order = this.finished(row)
    if (order !== undefined) return order
    const mine = options.owner !== undefined && row.owner === options.owner
    if (!mine && !this.attempts.resolvable(row)) throw inProgress(row.lease_until)
    const run = await this.attempts.takeOver(row)
    if (!run) {
      // Moved on since it was read: written by its order's commit, or taken by another resolver.
      const now = await this.attempts.read(row.cart, row.idempotency)
      const after = now ? this.finished(now) : null
      if (after !== undefined) return after
      throw inProgress(now?.lease_until)
    }
    try {
      await this.holds.release(run.attempt)
      const payment = await this.payments.ofRun(run)
      if (payment)
        await this.payments.settle(payment, {
          declined: options.refusal?.code === 'ERROR_PAYMENT_DECLINED',
        })
      if (options.refusal) await this.attempts.fail(run, options.refusal)
      else await this.attempts.release(run)
      return null
    } catch (error) {
      // Its lease lapsed while it worked and another resolver took over: that one ends the run.
      if (error instanceof RunLost) throw inProgress()
      throw error
    } finally {
      this.attempts.untrack(run)
    }
  }

  /** Reads a key's row and resolves it (a request's own failure path). */
  async resolveKey(
    cart: string,
    key: string,
    options: ResolveOptions = {},
  ): Promise<PlacedOrder | null> {
    const row = await this.attempts.read(cart, key)
    return row ? this.resolve(row, options) : null
  }

  /**
   * The backstop, once a minute for the site: runs whose owner is gone and nobody asked about,
   * money the ledger still owes (refunds to retry, late charges to look for), old rows.
   */
  async sweep(now = Date.now()): Promise<void> {
    for (const row of await this.attempts.stale(now))
      await this.resolve(row).catch((error: unknown) =>
        this.logger.error({ err: error, key: row.idempotency }, 'checkout run not resolved'),
      )
    for (const payment of await this.payments.due(now))
      await this.payments
        .settle(payment)
        .catch((error: unknown) =>
          this.logger.error(
            { err: error, key: payment.charge_key },
            'checkout payment not settled',
          ),
        )
    await this.attempts.deleteOld(now)
    await this.payments.deleteOld(now)
  }

  /** A finished row's order (done), null (failed or released: nothing to resolve), else undefined. */
  private finished(row: AttemptRow): PlacedOrder | null | undefined {
    if (row.state === 'done') return this.attempts.answerOf(row)!
    if (!UNDER_WAY.includes(row.state)) return null
    return undefined
  }
}
