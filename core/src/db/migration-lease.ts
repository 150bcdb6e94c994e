import crypto from 'node:crypto'
import type { Knex } from 'knex'
import { KernelError } from '../kernel/kernel-error.js'
import { isDuplicateKey } from './errors.js'
import { isLockRace } from './retry-transaction.js'

/** The table of the lease: at most one row, held by the process that migrates. */
export const MIGRATION_LEASE_TABLE = 'sw_migration_lease'
const LEASE = 'migrate'

export interface LeaseTiming {
  /** Milliseconds a lease lasts unless renewed: a holder that died frees it after this. */
  ttlMs: number
  /** Milliseconds between renewals while the holder works (well under ttlMs). */
  renewMs: number
  /** Milliseconds a process waits for the lease before it gives up. */
  waitMs: number
}

const TIMING: LeaseTiming = { ttlMs: 30_000, renewMs: 5_000, waitMs: 10 * 60_000 }

/** The database's clock in milliseconds: every node compares times on one clock. */
const NOW_MS = 'CAST(UNIX_TIMESTAMP(NOW(3)) * 1000 AS SIGNED)'

/**
 * Runs `task` while this process holds the site's migration lease, a row of
 * `sw_migration_lease`, so processes starting together migrate one at a time, knex's own
 * bookkeeping tables included (knex creates those outside its lock).
 *
 * A row and not `GET_LOCK`: an advisory lock lives in one server, so on a Galera cluster two nodes
 * would each hold "the" lock. A row is replicated: two nodes inserting it at once end with one
 * insert refused (a duplicate, or a certification conflict at commit), which is the other's
 * turn. The holder renews the lease while it works; a holder that died (killed mid-migration)
 * frees it when the lease runs out, and the next process takes it over. Times are the database's,
 * so the nodes' own clocks do not matter. On SQLite it runs `task` at once.
 */
export async function withMigrationLease<T>(
  db: Knex,
  task: () => Promise<T>,
  timing: LeaseTiming = TIMING,
): Promise<T> {
  // SQLite serialises writers itself (busy_timeout); the callers' retries cover what is left.
  if ((db.client as { dialect?: string }).dialect !== 'mysql') return task()
  await ensureLeaseTable(db)
  const holder = `${process.pid}-${crypto.randomBytes(8).toString('hex')}`
  const deadline = Date.now() + timing.waitMs
  while (!(await tryAcquire(db, holder, timing.ttlMs))) {
    if (Date.now() > deadline)
      throw new KernelError(
        'SW_MIGRATION_FAILED',
        `Timed out after ${Math.round(timing.waitMs / 1000)} s waiting for another process's migrations (${MIGRATION_LEASE_TABLE})`,
      )
    await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200))
  }
  const renewal = setInterval(() => {
    db.raw(
      `UPDATE ${MIGRATION_LEASE_TABLE} SET expires_at = ${NOW_MS} + ? WHERE name = ? AND holder = ?`,
      [timing.ttlMs, LEASE, holder],
    ).catch(() => {
      // A missed renewal is retried at the next tick; the lease outlasts several of them.
    })
  }, timing.renewMs)
  renewal.unref()
  try {
    return await task()
  } finally {
    clearInterval(renewal)
    await db
      .raw(`DELETE FROM ${MIGRATION_LEASE_TABLE} WHERE name = ? AND holder = ?`, [LEASE, holder])
      .catch(() => {
        // The lease then runs out on its own.
      })
  }
}

/**
 * Creates the lease table on a database that lacks it. Looked up first: a DDL statement, even
 * `CREATE TABLE IF NOT EXISTS` on a table that exists, is replicated to every Galera node in total
 * order and holds the whole cluster's commits while it runs, and this runs on every start (once to
 * migrate, once to seed).
 */
async function ensureLeaseTable(db: Knex): Promise<void> {
  const [rows] = (await db.raw(
    'SELECT 1 AS found FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = ?',
    [MIGRATION_LEASE_TABLE],
  )) as [unknown[]]
  if (rows.length > 0) return
  await db.raw(
    `CREATE TABLE IF NOT EXISTS ${MIGRATION_LEASE_TABLE} (
       name VARCHAR(32) NOT NULL PRIMARY KEY,
       holder VARCHAR(64) NOT NULL,
       expires_at BIGINT NOT NULL
     ) ENGINE=InnoDB CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`,
  )
}

/** Takes the lease when it is free or has run out; false when another process holds it. */
async function tryAcquire(db: Knex, holder: string, ttlMs: number): Promise<boolean> {
  try {
    await db.raw(
      `INSERT INTO ${MIGRATION_LEASE_TABLE} (name, holder, expires_at) VALUES (?, ?, ${NOW_MS} + ?)`,
      [LEASE, holder, ttlMs],
    )
    return true
  } catch (error) {
    if (!isDuplicateKey(error) && !isLockRace(error)) throw error
  }
  try {
    // A holder that stopped renewing (killed) left its row behind: take it over once it ran out.
    const [result] = (await db.raw(
      `UPDATE ${MIGRATION_LEASE_TABLE} SET holder = ?, expires_at = ${NOW_MS} + ?
        WHERE name = ? AND expires_at < ${NOW_MS}`,
      [holder, ttlMs, LEASE],
    )) as [{ affectedRows: number }]
    return result.affectedRows === 1
  } catch (error) {
    if (isLockRace(error)) return false
    throw error
  }
}
