import { binaryKeys, type Migration } from '@shopwright/core'

/** Who dismissed which announcement: one row per announcement and signed-in account. */
export const DISMISSALS_TABLE = 'example_dismissals'

/**
 * The plugin's own table, beside the records: the kernel runs these in order and records each as
 * `example/<name>`. A released migration never changes; a later change is a new one.
 */
export const migrations: Migration[] = [
  {
    name: '001-dismissals',
    async up(db) {
      await db.schema.createTable(DISMISSALS_TABLE, (table) => {
        // First in every createTable: on MySQL/MariaDB ids then compare as bytes (`Ab` is not `ab`).
        binaryKeys(table)
        table.string('announcement', 191).notNullable()
        table.string('entity_type', 64).notNullable()
        table.string('entity_id', 191).notNullable()
        // Epoch milliseconds, as the records table keeps times.
        table.bigInteger('created_at').notNullable()
        table.primary(['announcement', 'entity_type', 'entity_id'])
      })
    },
    async down(db) {
      await db.schema.dropTable(DISMISSALS_TABLE)
    },
  },
]
