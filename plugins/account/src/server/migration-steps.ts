import type { Knex } from 'knex'
import type { Migration } from '@shopwright/core'

/**
 * The account a row belongs to: its record type and id, sized as the records table's own key
 * columns, so every account's key fits.
 */
export function accountColumns(table: Knex.CreateTableBuilder): void {
  table.string('type', 64).notNullable()
  table.string('id', 191).notNullable()
}

/** A migration that creates one table with `columns`, and drops it on the way down. */
export function tableMigration(
  name: string,
  tableName: string,
  columns: (table: Knex.CreateTableBuilder, db: Knex) => void,
): Migration {
  return {
    name,
    async up(db) {
      await db.schema.createTable(tableName, (table) => columns(table, db))
    },
    async down(db) {
      await db.schema.dropTable(tableName)
    },
  }
}
