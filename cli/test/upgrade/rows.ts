import type { Knex } from 'knex'

/** A table's rows keyed by their primary key (or by the whole row when it has none). */
export interface TableRows {
  key: string[]
  rows: Map<string, Record<string, unknown>>
}

/** The tables of the database, FTS5's shadow tables left out (the index's own business). */
async function tableNames(db: Knex, dialect: 'sqlite' | 'mysql'): Promise<string[]> {
  if (dialect === 'sqlite') {
    const rows = (await db.raw(
      "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )) as Array<{ name: string; sql: string | null }>
    const virtual = rows
      .filter((row) => /^CREATE VIRTUAL TABLE/i.test(row.sql ?? ''))
      .map((row) => row.name)
    return rows
      .map((row) => row.name)
      .filter((name) => !virtual.some((table) => name.startsWith(`${table}_`)))
  }
  const [rows] = (await db.raw(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE' ORDER BY table_name",
  )) as [Array<{ name: string }>]
  return rows.map((row) => row.name)
}

/** A table's primary key columns, in key order. */
async function primaryKey(db: Knex, dialect: 'sqlite' | 'mysql', table: string) {
  if (dialect === 'sqlite') {
    const columns = (await db.raw(`PRAGMA table_info(${JSON.stringify(table)})`)) as Array<{
      name: string
      pk: number
    }>
    return columns
      .filter((column) => column.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((column) => column.name)
  }
  const [rows] = (await db.raw(
    "SELECT column_name AS name FROM information_schema.key_column_usage WHERE table_schema = DATABASE() AND table_name = ? AND constraint_name = 'PRIMARY' ORDER BY ordinal_position",
    [table],
  )) as [Array<{ name: string }>]
  return rows.map((row) => row.name)
}

/** A value as both reads give it alike: bytes as base64, numbers kept, big numbers as text. */
function plain(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return `base64:${value.toString('base64')}`
  if (typeof value === 'bigint') return value.toString()
  if (value instanceof Date) return value.toISOString()
  return value
}

/** Every row of every table, keyed by primary key. */
export async function everyRow(
  db: Knex,
  dialect: 'sqlite' | 'mysql',
): Promise<Map<string, TableRows>> {
  const tables = new Map<string, TableRows>()
  for (const name of await tableNames(db, dialect)) {
    const key = await primaryKey(db, dialect, name)
    const rows = new Map<string, Record<string, unknown>>()
    for (const row of (await db(name).select('*')) as Array<Record<string, unknown>>) {
      const values = Object.fromEntries(
        Object.entries(row).map(([column, value]) => [column, plain(value)]),
      )
      const id = key.length
        ? JSON.stringify(key.map((column) => values[column]))
        : JSON.stringify(values)
      rows.set(id, values)
    }
    tables.set(name, { key, rows })
  }
  return tables
}

/** One way a row of before differs after. */
export interface RowChange {
  table: string
  key: string
  /** A column's name, or `(row)` for a row that is gone. */
  column: string
  before: unknown
  after: unknown
}

/** The rows of `before` that are gone or hold other values in `after` (new rows and columns aside). */
export function changesBetween(
  before: Map<string, TableRows>,
  after: Map<string, TableRows>,
): RowChange[] {
  const changes: RowChange[] = []
  for (const [table, { rows }] of before) {
    const now = after.get(table)
    for (const [key, row] of rows) {
      const later = now?.rows.get(key)
      if (!later) {
        changes.push({ table, key, column: '(row)', before: row, after: undefined })
        continue
      }
      for (const [column, value] of Object.entries(row)) {
        if (JSON.stringify(later[column]) !== JSON.stringify(value))
          changes.push({ table, key, column, before: value, after: later[column] })
      }
    }
  }
  return changes
}
