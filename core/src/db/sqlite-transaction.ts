import type { Knex } from 'knex'
import {
  StatementCacheSqliteClient,
  cachedStatement,
  type Connection,
} from './statement-cache-client.js'

/** Plain SQL on the connection of a sqliteTransaction, through statements prepared once. */
export interface SqliteStatements {
  get<T>(sql: string, ...values: unknown[]): T | undefined
  all<T>(sql: string, ...values: unknown[]): T[]
  run(sql: string, ...values: unknown[]): { changes: number }
}

interface ConnectionPool {
  acquireConnection(): Promise<Connection>
  releaseConnection(connection: Connection): Promise<unknown>
}

interface Queued {
  work: (sql: SqliteStatements) => unknown
  resolve(value: unknown): void
  reject(error: unknown): void
}

/** Works one commit may carry: a batch holds the event loop for about 0.1 ms a work. */
export const MAX_BATCH = 64

/** The batch each database is filling in this turn of the event loop. */
const filling = new WeakMap<Knex, Queued[]>()

/**
 * On SQLite, runs `work` synchronously in a transaction on knex's own connection: no other query
 * comes between its statements, and it pays none of knex's per-query and per-transaction building
 * (about 0.4 ms of a cart add's 0.9). Works asked for in the same turn of the event loop share one
 * IMMEDIATE transaction and one commit (a group commit, up to MAX_BATCH), each in a savepoint of
 * its own: a work that throws is undone alone and its promise rejects; the others are kept. For hot
 * writes whose statements are few and fixed (docs/architecture.md, "SQLite fast paths"). Answers
 * null on MySQL/MariaDB, where the caller keeps its knex path.
 */
export function sqliteTransaction<T>(
  db: Knex,
  work: (sql: SqliteStatements) => T,
): Promise<T> | null {
  if (!(db.client instanceof StatementCacheSqliteClient)) return null
  return new Promise<T>((resolve, reject) => {
    let batch = filling.get(db)
    if (!batch) {
      const started: Queued[] = []
      batch = started
      filling.set(db, started)
      setImmediate(() => {
        if (filling.get(db) === started) filling.delete(db)
        // Every promise is settled inside; a pool that fails to take its connection back must
        // not end the process as an unhandled rejection.
        commit(db.client as unknown as ConnectionPool, started).catch(() => undefined)
      })
    }
    batch.push({ work, resolve: resolve as (value: unknown) => void, reject })
    // A full batch is closed: the next work starts another.
    if (batch.length >= MAX_BATCH) filling.delete(db)
  })
}

/** Runs a batch in one transaction, each work in its savepoint, and settles every promise. */
async function commit(pool: ConnectionPool, batch: readonly Queued[]): Promise<void> {
  let connection: Connection
  try {
    connection = await pool.acquireConnection()
  } catch (error) {
    for (const queued of batch) queued.reject(error)
    return
  }
  try {
    const sql = statementsOn(connection)
    const outcomes = connection
      .transaction(() =>
        batch.map(({ work }) => {
          try {
            // A nested transaction function is a savepoint: undone alone when it throws.
            return { ok: true as const, value: connection.transaction(() => work(sql))() }
          } catch (error) {
            // An error that ended the whole transaction (a full disk...) fails the batch.
            if (!connection.inTransaction) throw error
            return { ok: false as const, error }
          }
        }),
      )
      .immediate()
    outcomes.forEach((outcome, index) => {
      if (outcome.ok) batch[index]!.resolve(outcome.value)
      else batch[index]!.reject(outcome.error)
    })
  } catch (error) {
    // Nothing of the batch was stored.
    for (const queued of batch) queued.reject(error)
  } finally {
    await pool.releaseConnection(connection)
  }
}

function statementsOn(connection: Connection): SqliteStatements {
  return {
    get: <R>(text: string, ...values: unknown[]) =>
      cachedStatement(connection, text).get(...values) as R | undefined,
    all: <R>(text: string, ...values: unknown[]) =>
      cachedStatement(connection, text).all(...values) as R[],
    run: (text, ...values) => cachedStatement(connection, text).run(...values),
  }
}
