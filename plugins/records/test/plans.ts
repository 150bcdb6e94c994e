import type { Kernel } from '@shopwright/core'

/** A plan step that reads a whole table: SQLite's `SCAN t` without an index, MySQL's type ALL. */
export const WHOLE_TABLE = /^SCAN \w+$|^SCAN \w+ AS|type=ALL/

/** The steps of a statement's plan, one line each. */
export async function planOf(
  kernel: Kernel,
  database: string,
  sql: string,
  bindings: readonly unknown[],
): Promise<string[]> {
  const db = kernel.services.db
  if (database === 'sqlite') {
    const rows = (await db.raw(`EXPLAIN QUERY PLAN ${sql}`, bindings as unknown[])) as Array<{
      detail: string
    }>
    return rows.map((row) => row.detail)
  }
  const [rows] = (await db.raw(`EXPLAIN ${sql}`, bindings as unknown[])) as [
    Array<{ table: string; type: string; key: string | null }>,
  ]
  // `<subqueryN>` is a materialised subquery's result (read from an index range), not a table.
  return rows
    .filter((row) => !row.table.startsWith('<'))
    .map((row) => `table=${row.table} type=${row.type} key=${String(row.key)}`)
}
