import type { Knex } from 'knex'

/** Lock races a transaction may lose and win on a second try (MySQL/MariaDB/Galera, SQLite). */
const RETRYABLE = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT'])
/** Tries in all; the waits between them grow from about 10 ms to 300 ms (about 0.9 s in all). */
const ATTEMPTS = 8

/** True for an error a transaction that lost a lock race answers: run it again. */
export function isLockRace(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code
  // SQLite's busy codes come with extensions (SQLITE_BUSY_SNAPSHOT...).
  return code !== undefined && (RETRYABLE.has(code) || code.startsWith('SQLITE_BUSY'))
}

/**
 * Runs `work` in one transaction; one that lost a lock race (a deadlock on MySQL or MariaDB, a
 * Galera certification conflict, a busy SQLite) runs again from the start, up to eight times, after
 * a wait that grows each time and is drawn at random, so that two nodes that collided do not collide
 * again in step. `work` must do nothing outside `trx`.
 */
export async function retryTransaction<T>(
  db: Knex,
  work: (trx: Knex.Transaction) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work)
    } catch (error) {
      if (attempt >= ATTEMPTS || !isLockRace(error)) throw error
      const wait = Math.min(300, 5 * 2 ** attempt) * (0.5 + Math.random())
      await new Promise((resolve) => setTimeout(resolve, wait))
    }
  }
}
