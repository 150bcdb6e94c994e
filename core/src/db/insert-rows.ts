import type { Knex } from 'knex'

const statements = new Map<string, string>()

/**
 * Inserts rows given as value lists in one statement, `INSERT INTO t (a, b) VALUES (?, ?), ...`,
 * without knex's query builder: for a bulk write (an import's 500 records) the builder's compiling
 * cost more than SQLite's writing. The SQL text depends only on the table, the columns and the
 * number of rows, so it is made once (and SQLite's prepared statement is kept: see
 * statement-cache-client.ts). `table` and `columns` are the caller's constants, never input.
 */
export async function insertRows(
  db: Knex | Knex.Transaction,
  table: string,
  columns: readonly string[],
  rows: ReadonlyArray<readonly unknown[]>,
): Promise<void> {
  if (rows.length === 0) return
  const key = `${table}\u0000${columns.join('\u0000')}\u0000${rows.length}`
  let sql = statements.get(key)
  if (!sql) {
    const row = `(${columns.map(() => '?').join(', ')})`
    sql = `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${Array(rows.length).fill(row).join(', ')}`
    if (statements.size > 1000) statements.clear()
    statements.set(key, sql)
  }
  const bindings: unknown[] = []
  for (const values of rows) for (const value of values) bindings.push(value)
  await db.raw(sql, bindings as Knex.RawBinding[])
}
