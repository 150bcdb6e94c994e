/**
 * Stock reservations (README, "Checkout"). A checkout holds the units it is about to sell with one
 * conditional statement per item (`reserved + q` only while `onhand - reserved >= q`), so two
 * checkouts can never hold the same last unit, on SQLite or MariaDB, on one node or many. The
 * order's own transaction turns the hold into a sale; a failure, or a hold older than its expiry
 * (a crashed node), gives the units back.
 */
import crypto from 'node:crypto'
import type { Knex } from 'knex'
import { createError, retryTransaction } from '@shopwright/core'
import { RESERVATIONS_TABLE, STOCK_TABLE } from '../migrations.js'

/** How long a checkout may hold stock before the sweep gives it back. */
export const HOLD_MS = 15 * 60_000

export interface Hold {
  reservation: string
  lines: ReadonlyArray<{ item: string; quantity: number }>
}

export class StockHolds {
  constructor(private readonly db: Knex) {}

  /**
   * Holds every line's units, or none: ERROR_CARTLINE_NOT_AVAILABLE naming the short item.
   * `reservation` names the hold (a checkout run's id, so whoever resolves the run can give it
   * back); `within` runs in the same transaction (the run's move to held).
   */
  async hold(
    lines: ReadonlyArray<{ item: string; quantity: number }>,
    reservation: string = crypto.randomBytes(16).toString('hex'),
    within?: (trx: Knex.Transaction) => Promise<void>,
    now = Date.now(),
  ): Promise<Hold> {
    // Sorted, merged by item: every checkout locks rows in one order, so they never deadlock each other.
    const merged = new Map<string, number>()
    for (const line of lines) merged.set(line.item, (merged.get(line.item) ?? 0) + line.quantity)
    const sorted = [...merged]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([item, quantity]) => ({ item, quantity }))
    await retryTransaction(this.db, async (trx) => {
      for (const { item, quantity } of sorted) {
        const changed = await trx(STOCK_TABLE)
          .where({ item })
          .andWhereRaw('?? - ?? >= ?', ['onhand', 'reserved', quantity])
          .update({ reserved: trx.raw('?? + ?', ['reserved', quantity]), updated_at: now })
        if (Number(changed) !== 1)
          throw createError('ERROR_CARTLINE_NOT_AVAILABLE', { reason: `stock.${item}` })
      }
      await trx(RESERVATIONS_TABLE).insert(
        sorted.map((line) => ({ reservation, ...line, expires_at: now + HOLD_MS })),
      )
      await within?.(trx)
    })
    return { reservation, lines: sorted }
  }

  /**
   * Takes a hold's rows away, each by its own delete: only the caller whose delete removed a row
   * moves its units, so a sale and a release racing (an expiry sweep) never both count them.
   */
  private async take(
    reservation: string,
    trx: Knex.Transaction,
  ): Promise<{ held: number; taken: Array<{ item: string; quantity: number }> }> {
    const rows = (await trx(RESERVATIONS_TABLE)
      .where({ reservation })
      .select('item', 'quantity')) as Array<{ item: string; quantity: number }>
    const taken: Array<{ item: string; quantity: number }> = []
    for (const row of rows)
      if (
        Number(await trx(RESERVATIONS_TABLE).where({ reservation, item: row.item }).delete()) === 1
      )
        taken.push({ item: row.item, quantity: Number(row.quantity) })
    return { held: rows.length, taken }
  }

  /** Turns a hold into a sale, inside the order's transaction. False when the hold is gone (expired). */
  async sell(reservation: string, trx: Knex.Transaction): Promise<boolean> {
    const { held, taken } = await this.take(reservation, trx)
    // All of it or nothing: a hold the sweep released even in part is no sale (the caller's
    // refusal rolls these deletes back).
    if (held === 0 || taken.length !== held) return false
    for (const row of taken)
      await trx(STOCK_TABLE)
        .where({ item: row.item })
        .update({
          onhand: trx.raw('?? - ?', ['onhand', row.quantity]),
          reserved: trx.raw('?? - ?', ['reserved', row.quantity]),
          updated_at: Date.now(),
        })
    return true
  }

  /** Gives a hold's units back (a refused payment, a failed order). Idempotent. */
  async release(reservation: string): Promise<void> {
    await retryTransaction(this.db, async (trx) => {
      for (const row of (await this.take(reservation, trx)).taken)
        await trx(STOCK_TABLE)
          .where({ item: row.item })
          .update({
            reserved: trx.raw('?? - ?', ['reserved', row.quantity]),
            updated_at: Date.now(),
          })
    })
  }

  /** Releases holds past their expiry (the scheduled sweep). Answers how many. */
  async releaseExpired(now = Date.now()): Promise<number> {
    const expired = (await this.db(RESERVATIONS_TABLE)
      .where('expires_at', '<', now)
      .distinct('reservation')
      .limit(500)) as Array<{ reservation: string }>
    for (const { reservation } of expired) await this.release(reservation)
    return expired.length
  }
}
