/**
 * Checkout attempts by idempotency key (README, "Checkout"). A key's row says where its current run
 * stands (claimed, held, paying, paid, then done, failed or released), which run it is, and who
 * drives it until when: every write of a run is conditional on its owner token, so a run another
 * node has taken over can no longer sell, charge on record or place an order. Owners renew their
 * leases every RENEW_MS while they work; a lease that lapses (a dead node, a lost database) lets
 * any node resolve the run (resolver.ts).
 */
import crypto from 'node:crypto'
import type { Knex } from 'knex'
import { createError, type AppError } from '@shopwright/core'
import type { PlacedOrder } from '../../shared/answers.js'
import { CARTS_TABLE, CHECKOUTS_TABLE } from '../migrations.js'
import { HOLD_MS } from './stock.js'

export type { PlacedOrder }

/** How long a run's owner holds it without renewing (README, "Checkout"). */
export const LEASE_MS = 6_000
/** How often an owner renews the leases of the runs it is driving. */
export const RENEW_MS = 2_000
/** Finished attempts are kept this long for replays, then swept. */
export const KEEP_CHECKOUTS_MS = 7 * 86_400_000

/** Where a key's current run stands. */
export type AttemptState = 'claimed' | 'held' | 'paying' | 'paid' | 'done' | 'failed' | 'released'

/** The states of a run still under way: someone drives it, or must resolve it. */
export const UNDER_WAY: readonly AttemptState[] = ['claimed', 'held', 'paying', 'paid']

/** One run of a key, as its owner holds it. */
export interface Run {
  cart: string
  key: string
  /** The run's id: it names the stock hold and the charge. */
  attempt: string
  /** The owner's fencing token. */
  owner: string
}

/** A key's row as stored. */
export interface AttemptRow {
  cart: string
  idempotency: string
  fingerprint: string
  state: AttemptState
  result: string | null
  attempt: string
  owner: string
  lease_until: number
}

type Stored =
  { state: 'done'; result: PlacedOrder } | { state: 'failed'; code: string; reason?: string }

/** A run taken over by a resolver: its old owner's request may only say so. */
export class RunLost extends Error {
  constructor(run: Run) {
    super(`checkout run ${run.attempt} was taken over`)
  }
}

/** The answer to a key whose run is under way elsewhere: try again when its lease may have lapsed. */
export function inProgress(leaseUntil = 0, now = Date.now()): AppError {
  const seconds = Math.min(Math.max(1, Math.ceil((leaseUntil - now) / 1000)), LEASE_MS / 1000)
  return createError('ERROR_CHECKOUT_IN_PROGRESS', { headers: { 'Retry-After': String(seconds) } })
}

/** The charge key a run gives the gateway: the earlier protocol's for its own runs (attempt ''). */
export function chargeKeyOf(run: Pick<Run, 'cart' | 'key' | 'attempt'>): string {
  const text = run.attempt ? `${run.cart}|${run.key}|${run.attempt}` : `${run.cart}|${run.key}`
  return crypto.createHash('sha256').update(text).digest('hex')
}

const COLUMNS = [
  'cart',
  'idempotency',
  'fingerprint',
  'state',
  'result',
  'attempt',
  'owner',
  'lease_until',
] as const

/** A row as the database answers it, its number a number (MariaDB answers bigints as strings). */
function rowOf(row: AttemptRow): AttemptRow {
  return { ...row, lease_until: Number(row.lease_until) }
}

export class Attempts {
  /** Runs this process drives now, by owner token: their leases are renewed. */
  private readonly active = new Map<string, Run>()
  private timer: NodeJS.Timeout | undefined

  constructor(
    private readonly db: Knex,
    /** This node's id: the first part of its owner tokens. */
    private readonly node: string,
  ) {}

  /** A new owner token of this node's. */
  token(): string {
    return `${this.node}:${crypto.randomBytes(8).toString('hex')}`
  }

  async read(cart: string, key: string): Promise<AttemptRow | undefined> {
    const row = (await this.db(CHECKOUTS_TABLE)
      .where({ cart, idempotency: key })
      .first(...COLUMNS)) as AttemptRow | undefined
    return row && rowOf(row)
  }

  /**
   * Claims a key with one insert: the new run, or the row already there (a replay, or another
   * request that inserted it first).
   */
  async insert(
    cart: string,
    key: string,
    fingerprint: string,
    now = Date.now(),
  ): Promise<{ run: Run } | { row: AttemptRow }> {
    const run = this.driving({ cart, key, attempt: newAttempt(), owner: this.token() })
    await this.db(CHECKOUTS_TABLE)
      .insert({
        cart,
        idempotency: key,
        fingerprint,
        state: 'claimed',
        result: null,
        attempt: run.attempt,
        owner: run.owner,
        lease_until: now + LEASE_MS,
        created_at: now,
        updated_at: now,
      })
      .onConflict(['cart', 'idempotency'])
      .ignore()
      .catch((error: unknown) => this.dropping(run, error))
    // Reading the run back is how this request knows the row is its own (an ignored insert
    // answers differently on each database).
    const row = await this.read(cart, key).catch((error: unknown) => this.dropping(run, error))
    if (row?.attempt === run.attempt && row.owner === run.owner) return { run }
    this.untrack(run)
    // Deleted between the two statements (the sweep, a week on): claimed by nobody, so in progress.
    if (!row) throw inProgress()
    return { row }
  }

  /** A released key asked again: a new run of it, or null when another request started one first. */
  async rerun(row: AttemptRow, now = Date.now()): Promise<Run | null> {
    const run = this.driving({
      cart: row.cart,
      key: row.idempotency,
      attempt: newAttempt(),
      owner: this.token(),
    })
    const changed = await this.db(CHECKOUTS_TABLE)
      .where({
        cart: row.cart,
        idempotency: row.idempotency,
        state: 'released',
        attempt: row.attempt,
      })
      .update({
        state: 'claimed',
        result: null,
        attempt: run.attempt,
        owner: run.owner,
        lease_until: now + LEASE_MS,
        updated_at: now,
      })
      .catch((error: unknown) => this.dropping(run, error))
    return Number(changed) === 1 ? run : this.untrack(run)
  }

  /**
   * Takes a run over from an owner that is gone (or from this request itself, to fence what it
   * may have left in flight): a new owner token, conditional on the row being as read. On MariaDB
   * the update waits for an order's transaction that holds the row, so a commit in flight is seen.
   */
  async takeOver(row: AttemptRow, now = Date.now()): Promise<Run | null> {
    const run = this.driving({
      cart: row.cart,
      key: row.idempotency,
      attempt: row.attempt,
      owner: this.token(),
    })
    const changed = await this.db(CHECKOUTS_TABLE)
      .where({
        cart: row.cart,
        idempotency: row.idempotency,
        attempt: row.attempt,
        owner: row.owner,
        state: row.state,
      })
      .update({ owner: run.owner, lease_until: now + LEASE_MS, updated_at: now })
      .catch((error: unknown) => this.dropping(run, error))
    return Number(changed) === 1 ? run : this.untrack(run)
  }

  /** Moves a run on (`from` to `to`), as its owner; RunLost when it was taken over. */
  async advance(
    run: Run,
    from: readonly AttemptState[],
    to: AttemptState,
    db: Knex = this.db,
  ): Promise<void> {
    const now = Date.now()
    const changed = await db(CHECKOUTS_TABLE)
      .where({ cart: run.cart, idempotency: run.key, owner: run.owner })
      .whereIn('state', from)
      .update({ state: to, lease_until: now + LEASE_MS, updated_at: now })
    if (Number(changed) !== 1) throw new RunLost(run)
  }

  /** Marks a run done with its order, inside the order's transaction, and frees the cart. */
  async finish(run: Run, result: PlacedOrder, trx: Knex.Transaction): Promise<void> {
    const stored: Stored = { state: 'done', result }
    const changed = await trx(CHECKOUTS_TABLE)
      .where({ cart: run.cart, idempotency: run.key, owner: run.owner })
      .whereIn('state', ['held', 'paid'])
      .update({
        state: 'done',
        result: JSON.stringify(stored),
        lease_until: 0,
        updated_at: Date.now(),
      })
    // A run taken over is no sale: the order's transaction rolls back.
    if (Number(changed) !== 1) throw new RunLost(run)
    await this.unlockCart(run.cart, run.key, trx)
  }

  /** Ends a run with the shopper's refusal (a replay answers it) and frees the cart. */
  async fail(run: Run, refusal: AppError): Promise<void> {
    const stored: Stored = {
      state: 'failed',
      code: refusal.code,
      ...(refusal.reason ? { reason: refusal.reason } : {}),
    }
    await this.end(run, 'failed', JSON.stringify(stored))
  }

  /** Ends a run without an order and without a refusal: the key may be run again. */
  async release(run: Run): Promise<void> {
    await this.end(run, 'released', null)
  }

  private async end(run: Run, state: AttemptState, result: string | null): Promise<void> {
    const changed = await this.db(CHECKOUTS_TABLE)
      .where({ cart: run.cart, idempotency: run.key, owner: run.owner })
      .whereIn('state', UNDER_WAY)
      .update({ state, result, lease_until: 0, updated_at: Date.now() })
    if (Number(changed) !== 1) throw new RunLost(run)
    await this.unlockCart(run.cart, run.key)
  }

  /** What a finished row answers: its order, or its refusal thrown; undefined when not finished. */
  answerOf(row: AttemptRow): PlacedOrder | undefined {
    if (row.state !== 'done' && row.state !== 'failed') return undefined
    const stored = JSON.parse(row.result ?? '{}') as Stored
    if (stored.state === 'done') return stored.result
    if (stored.state === 'failed')
      throw createError(stored.code as never, stored.reason ? { reason: stored.reason } : {})
    throw inProgress()
  }

  /**
   * True when a run under way may be resolved now: its lease lapsed, or its owner is this process
   * and no longer drives it (its request ended without being able to say how). A run of the
   * earlier protocol (owner '') got the earlier sweep's time as its lease (migration 003).
   */
  resolvable(row: AttemptRow, now = Date.now()): boolean {
    if (!UNDER_WAY.includes(row.state)) return false
    if (row.lease_until < now) return true
    return row.owner.startsWith(`${this.node}:`) && !this.active.has(row.owner)
  }

  /** Runs under way whose owner is gone (their lease lapsed): the sweep's. */
  async stale(now = Date.now(), limit = 200): Promise<AttemptRow[]> {
    const rows = (await this.db(CHECKOUTS_TABLE)
      .whereIn('state', UNDER_WAY)
      .andWhere('lease_until', '<', now)
      .limit(limit)
      .select(...COLUMNS)) as AttemptRow[]
    return rows.map(rowOf).filter((row) => this.resolvable(row, now))
  }

  /** Deletes finished attempts older than a week. */
  async deleteOld(now = Date.now()): Promise<void> {
    await this.db(CHECKOUTS_TABLE)
      .whereIn('state', ['done', 'failed', 'released'])
      .andWhere('updated_at', '<', now - KEEP_CHECKOUTS_MS)
      .delete()
  }

  /**
   * Holds the cart for a run: one checkout of a cart at a time, whatever its key. Answers the key
   * holding it when that is another run's (the caller resolves or refuses), else null.
   */
  async lockCart(run: Run, now = Date.now()): Promise<string | null> {
    const locked = await this.db(CARTS_TABLE)
      .where({ cart: run.cart })
      .andWhere((where) =>
        where
          .whereNull('checkout')
          .orWhere('checkout', run.key)
          .orWhere('checkout_until', '<', now),
      )
      .update({ checkout: run.key, checkout_until: now + HOLD_MS })
    if (Number(locked) === 1) return null
    const row = (await this.db(CARTS_TABLE).where({ cart: run.cart }).first('checkout')) as
      { checkout: string | null } | undefined
    return row?.checkout ?? ''
  }

  /** Frees a cart held by a key: its run ended, or the key no longer runs (finished, or missing). */
  async unlockCart(cart: string, key: string, db: Knex = this.db): Promise<void> {
    await db(CARTS_TABLE)
      .where({ cart, checkout: key })
      .update({ checkout: null, checkout_until: 0 })
  }

  /**
   * Counts a new owner token as driving its run from before it is written: a request of this
   * process never mistakes a run another is starting for one left behind. Its lease is renewed
   * every RENEW_MS until `untrack`.
   */
  private driving(run: Run): Run {
    this.active.set(run.owner, run)
    this.timer ??= setInterval(() => void this.renew(), RENEW_MS)
    this.timer.unref()
    return run
  }

  /** Whoever drove the run stopped (its request ended): a later request may resolve it. */
  untrack(run: Run): null {
    this.active.delete(run.owner)
    if (this.active.size === 0 && this.timer) {
      clearInterval(this.timer)
      this.timer = undefined
    }
    return null
  }

  /** A write of a new token failed: it drives nothing. */
  private dropping(run: Run, error: unknown): never {
    this.untrack(run)
    throw error
  }

  /** One statement for every run this process drives; a database away lets the leases lapse. */
  private async renew(): Promise<void> {
    const owners = [...this.active.keys()]
    if (owners.length === 0) return
    const now = Date.now()
    await this.db(CHECKOUTS_TABLE)
      .whereIn('owner', owners)
      .whereIn('state', UNDER_WAY)
      .update({ lease_until: now + LEASE_MS })
      .catch(() => undefined)
  }

  /** Stops renewing (the kernel closes): the leases lapse, as a dead node's do. */
  close(): void {
    clearInterval(this.timer)
    this.timer = undefined
    this.active.clear()
  }
}

function newAttempt(): string {
  return crypto.randomBytes(16).toString('hex')
}
