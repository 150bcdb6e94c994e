import { binaryKeys, type Migration } from '@shopwright/core'

/** How many times each record was liked: the plugin's own table, beside the records. */
export const LIKES_TABLE = '__NAME___likes'

/**
 * The plugin's tables. The kernel runs each migration once, in order, on every database, and
 * records it as `__NAME__/<name>`. A released migration never changes: a later change is a new one.
 */
export const migrations: Migration[] = [
  {
    name: '001-likes',
    async up(db) {
      await db.schema.createTable(LIKES_TABLE, (table) => {
        // First in every table: on MariaDB, ids then compare as bytes, as Shopwright's own do.
        binaryKeys(table)
        table.string('record_id', 191).primary()
        table.integer('likes').notNullable().defaultTo(0)
      })
    },
    async down(db) {
      await db.schema.dropTable(LIKES_TABLE)
    },
  },
]
