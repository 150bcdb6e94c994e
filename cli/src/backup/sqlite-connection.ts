import type { Knex } from 'knex'

/** The better-sqlite3 statement calls a backup and a restore make. */
export interface SqliteStatement {
  raw(on: boolean): SqliteStatement
  pluck(on: boolean): SqliteStatement
  safeIntegers(on: boolean): SqliteStatement
  iterate(): IterableIterator<unknown>
  get(...values: unknown[]): unknown
  run(values: readonly unknown[]): unknown
}

export interface SqliteConnection {
  prepare(sql: string): SqliteStatement
}

/**
 * The better-sqlite3 connection a knex transaction holds (its client hands back that one
 * connection), so statements prepared on it run inside the transaction: in its snapshot for a
 * backup, in its commit for a restore. One prepared statement a table, not a query built and
 * parsed a page, is what brings a backup's reads and a restore's inserts near SQLite's own speed
 * (docs/benchmarks.md, "Backup and restore").
 */
export async function sqliteConnection(trx: Knex.Transaction): Promise<SqliteConnection> {
  return (await trx.client.acquireConnection()) as SqliteConnection
}

/** A value as knex binds it on SQLite: a date as its milliseconds, a boolean as 0 or 1. */
export function sqliteBinding(value: unknown): unknown {
  if (value instanceof Date) return value.valueOf()
  if (typeof value === 'boolean') return Number(value)
  return value
}
