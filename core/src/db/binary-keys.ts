import type { Knex } from 'knex'

/**
 * The collation every Shopwright table uses on MySQL/MariaDB: ids and keys compare as bytes, so
 * `CaseX` and `casex` are two records (base-62 ids differ only by case), whatever the database's
 * default collation. SQLite compares bytes already. See docs/operations.md ("MySQL / MariaDB").
 */
export const BINARY_COLLATION = 'utf8mb4_bin'

/** In a `createTable` callback: gives the new table the binary collation on MySQL/MariaDB. */
export function binaryKeys(table: Knex.CreateTableBuilder): void {
  const dialect = (table as unknown as { client: { dialect: string } }).client.dialect
  if (dialect !== 'mysql') return
  table.charset('utf8mb4')
  table.collate(BINARY_COLLATION)
}

/**
 * A migration step for tables made before binaryKeys existed: converts their text columns to the
 * binary collation on MySQL/MariaDB (the table is rebuilt, so it takes a while on a large table).
 */
export async function convertToBinaryKeys(db: Knex, tables: readonly string[]): Promise<void> {
  if ((db.client as { dialect?: string }).dialect !== 'mysql') return
  for (const table of tables) {
    await db.raw(`ALTER TABLE ?? CONVERT TO CHARACTER SET utf8mb4 COLLATE ${BINARY_COLLATION}`, [
      table,
    ])
  }
}
