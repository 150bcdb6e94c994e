import type { Knex } from 'knex'
import { MIGRATION_LEASE_TABLE, MIGRATIONS_TABLE, type DatabaseDialect } from '@shopwright/core'

/** A table as the database describes it: its columns in order, and its primary key's. */
export interface TableShape {
  name: string
  columns: string[]
  primaryKey: string[]
}

/**
 * The bookkeeping of migrations: restore makes them again by running the archive's migrations, so
 * a backup leaves them out.
 */
export const BOOKKEEPING = new Set([
  MIGRATIONS_TABLE,
  `${MIGRATIONS_TABLE}_lock`,
  MIGRATION_LEASE_TABLE,
])

/**
 * The database's own tables by name, bookkeeping included; `virtual` marks SQLite's virtual tables
 * (the shop's full-text index), whose shadow tables are left out: SQLite makes and drops those.
 */
export async function tableList(
  db: Knex | Knex.Transaction,
  dialect: DatabaseDialect,
): Promise<Array<{ name: string; virtual: boolean }>> {
  if (dialect === 'sqlite') {
    const rows = (await db.raw('PRAGMA table_list')) as Array<{
      schema: string
      name: string
      type: string
    }>
    return rows
      .filter((row) => row.schema === 'main' && (row.type === 'table' || row.type === 'virtual'))
      .filter((row) => !row.name.startsWith('sqlite_'))
      .map((row) => ({ name: row.name, virtual: row.type === 'virtual' }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  }
  const [rows] = (await db.raw(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE' ORDER BY table_name",
  )) as [Array<{ name: string }>]
  return rows.map((row) => ({ name: row.name, virtual: false }))
}

/** Every table's name (see tableList). */
export async function tableNames(
  db: Knex | Knex.Transaction,
  dialect: DatabaseDialect,
): Promise<string[]> {
  return (await tableList(db, dialect)).map((table) => table.name)
}

/** The site's tables with their columns, bookkeeping left out, by name. */
export async function tableShapes(
  db: Knex | Knex.Transaction,
  dialect: DatabaseDialect,
): Promise<TableShape[]> {
  // A virtual table's rows are its triggers' work: they come back with the rows they index.
  const names = (await tableList(db, dialect))
    .filter((table) => !table.virtual && !BOOKKEEPING.has(table.name))
    .map((table) => table.name)
  const shapes: TableShape[] = []
  for (const name of names) shapes.push(await tableShape(db, dialect, name))
  return shapes
}

async function tableShape(
  db: Knex | Knex.Transaction,
  dialect: DatabaseDialect,
  name: string,
): Promise<TableShape> {
  if (dialect === 'sqlite') {
    // The name comes from sqlite_master, bound as a value: table_info takes it as an argument.
    const rows = (await db.raw('SELECT name, pk FROM pragma_table_info(?) ORDER BY cid', [
      name,
    ])) as Array<{ name: string; pk: number }>
    return {
      name,
      columns: rows.map((row) => row.name),
      primaryKey: rows
        .filter((row) => row.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((row) => row.name),
    }
  }
  const [columns] = (await db.raw(
    'SELECT column_name AS name FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = ? ORDER BY ordinal_position',
    [name],
  )) as [Array<{ name: string }>]
  const [keys] = (await db.raw(
    "SELECT column_name AS name FROM information_schema.key_column_usage WHERE table_schema = DATABASE() AND table_name = ? AND constraint_name = 'PRIMARY' ORDER BY ordinal_position",
    [name],
  )) as [Array<{ name: string }>]
  return { name, columns: columns.map((row) => row.name), primaryKey: keys.map((row) => row.name) }
}

/** An identifier quoted for the dialect; the names come from the database or were checked. */
export function quoted(dialect: DatabaseDialect, name: string): string {
  return dialect === 'sqlite' ? `"${name.replace(/"/g, '""')}"` : `\`${name.replace(/`/g, '``')}\``
}
