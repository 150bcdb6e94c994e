/**
 * Checkout attempts by idempotency key (README, "Checkout"). The first request with a key claims
 * it with one insert; a repeat answers what the first one ended with (its order, or its refusal),
 * or 409 while it is still running; the same key for a different cart is refused. Rows are kept
 * a week, then swept.
 */
import crypto from 'node:crypto'
import type { Knex } from 'knex'
import { createError, type AppError } from '@shopwright/core'
import { CARTS_TABLE, CHECKOUTS_TABLE } from '../migrations.js'
import { HOLD_MS } from './stock.js'

export const KEEP_CHECKOUTS_MS = 7 * 86_400_000

import type { PlacedOrder } from '../../shared/answers.js'
export type { PlacedOrder }

/** A payment taken for an attempt: kept on it until the order is written, for the sweep to refund. */
export interface Charge {
  provider: string
  id: string
}

type Stored =
  | { state: 'done'; result: PlacedOrder }
  | { state: 'failed'; code: string; reason?: string }
  | { state: 'charged'; charge: Charge }

/** An attempt still under way: claimed, or paid and writing its order. */
const UNDER_WAY = ['running', 'charged']

export type Claim = { claimed: true } | { claimed: false; replay: PlacedOrder }

export class Checkouts {
  constructor(private readonly db: Knex) {}

  /** Claims a key for a cart's checkout, or answers what an earlier request with it ended with. */
  async claim(cart: string, key: string, fingerprint: string, now = Date.now()): Promise<Claim> {
    // The claim carries a nonce: reading it back is how this request knows the row is its own
    // (an ignored insert answers differently on each database).
    const nonce = `claim:${crypto.randomBytes(16).toString('hex')}`
    await this.db(CHECKOUTS_TABLE)
      .insert({
        cart,
        idempotency: key,
        fingerprint,
        state: 'running',
        result: nonce,
        created_at: now,
        updated_at: now,
      })
      .onConflict(['cart', 'idempotency'])
      .ignore()
    const row = (await this.db(CHECKOUTS_TABLE)
      .where({ cart, idempotency: key })
      .first('fingerprint', 'state', 'result')) as
      { fingerprint: string; state: string; result: string | null } | undefined
    if (!row) throw createError('ERROR_CHECKOUT_IN_PROGRESS')
    if (row.result === nonce) {
      // Only one checkout of a cart at a time, whatever its key: a second tab waits its turn.
      const locked = await this.db(CARTS_TABLE)
        .where({ cart })
        .andWhere((where) => where.whereNull('checkout').orWhere('checkout_until', '<', now))
        .update({ checkout: key, checkout_until: now + HOLD_MS })
      if (Number(locked) !== 1) {
        await this.db(CHECKOUTS_TABLE).where({ cart, idempotency: key }).delete()
        throw createError('ERROR_CHECKOUT_IN_PROGRESS')
      }
      return { claimed: true }
    }
    if (row.fingerprint !== fingerprint) throw createError('ERROR_IDEMPOTENCY_KEY_REUSED')
    if (UNDER_WAY.includes(row.state)) throw createError('ERROR_CHECKOUT_IN_PROGRESS')
    const stored = JSON.parse(row.result ?? '{}') as Stored
    if (stored.state === 'done') return { claimed: false, replay: stored.result }
    if (stored.state !== 'failed') throw createError('ERROR_CHECKOUT_IN_PROGRESS')
    throw createError(stored.code as never, stored.reason ? { reason: stored.reason } : {})
  }

  /** Notes the payment an attempt took, before its order is written. */
  async charged(cart: string, key: string, charge: Charge): Promise<void> {
    const stored: Stored = { state: 'charged', charge }
    await this.db(CHECKOUTS_TABLE)
      .where({ cart, idempotency: key, state: 'running' })
      .update({ state: 'charged', result: JSON.stringify(stored), updated_at: Date.now() })
  }

  /** The order an attempt placed, when it is done. */
  async result(cart: string, key: string): Promise<PlacedOrder | null> {
    const row = (await this.db(CHECKOUTS_TABLE)
      .where({ cart, idempotency: key, state: 'done' })
      .first('result')) as { result: string } | undefined
    return row ? (JSON.parse(row.result) as Extract<Stored, { state: 'done' }>).result : null
  }

  /** Marks a claimed checkout done, inside the order's transaction, and frees the cart. */
  async done(cart: string, key: string, result: PlacedOrder, trx: Knex.Transaction): Promise<void> {
    const stored: Stored = { state: 'done', result }
    await trx(CHECKOUTS_TABLE)
      .where({ cart, idempotency: key })
      .update({ state: 'done', result: JSON.stringify(stored), updated_at: Date.now() })
    await trx(CARTS_TABLE)
      .where({ cart, checkout: key })
      .update({ checkout: null, checkout_until: 0 })
  }

  /** Marks a claimed checkout refused: a replay answers the same refusal. Frees the cart. */
  async failed(cart: string, key: string, error: AppError): Promise<void> {
    const stored: Stored = {
      state: 'failed',
      code: error.code,
      ...(error.reason ? { reason: error.reason } : {}),
    }
    // Never over a done attempt: its order stands, whatever failed after it.
    await this.db(CHECKOUTS_TABLE)
      .where({ cart, idempotency: key })
      .whereIn('state', UNDER_WAY)
      .update({ state: 'failed', result: JSON.stringify(stored), updated_at: Date.now() })
    await this.db(CARTS_TABLE)
      .where({ cart, checkout: key })
      .update({ checkout: null, checkout_until: 0 })
  }

  /** Forgets a claim whose failure was not the shopper's (the database went away): they may retry. */
  async forget(cart: string, key: string): Promise<void> {
    await this.db(CHECKOUTS_TABLE)
      .where({ cart, idempotency: key })
      .whereIn('state', UNDER_WAY)
      .delete()
    await this.db(CARTS_TABLE)
      .where({ cart, checkout: key })
      .update({ checkout: null, checkout_until: 0 })
  }

  /**
   * Deletes finished attempts older than a week, and forgets those a crashed node left under way
   * (their stock holds have expired and gone back by then): one that took a payment has it
   * refunded first (`refund`; a refusal leaves it for the next sweep).
   */
  async sweep(refund: (charge: Charge) => Promise<void>, now = Date.now()): Promise<void> {
    await this.db(CHECKOUTS_TABLE)
      .where('updated_at', '<', now - KEEP_CHECKOUTS_MS)
      .delete()
    const stale = (await this.db(CHECKOUTS_TABLE)
      .whereIn('state', UNDER_WAY)
      .andWhere('updated_at', '<', now - 2 * HOLD_MS)
      .limit(500)
      .select('cart', 'idempotency', 'state', 'result')) as Array<{
      cart: string
      idempotency: string
      state: string
      result: string | null
    }>
    for (const row of stale) {
      if (row.state === 'charged') {
        const stored = JSON.parse(row.result ?? '{}') as Extract<Stored, { state: 'charged' }>
        try {
          await refund(stored.charge)
        } catch {
          continue
        }
      }
      // Nothing was placed: the key is free again, and a retry with it starts afresh.
      await this.forget(row.cart, row.idempotency)
    }
  }
}
