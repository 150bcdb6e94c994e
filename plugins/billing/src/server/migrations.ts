import { binaryKeys, type Migration } from '@shopwright/core'

/** The database's size per UTC day: the largest sample of that day (a gauge, not a count). */
export const DATABASE_TABLE = 'billing_database'
/** The last sample of each sampled figure (`drive`: stored bytes), for the next sample's interval. */
export const SAMPLES_TABLE = 'billing_samples'

export const migrations: Migration[] = [
  {
    name: '001-samples',
    async up(db) {
      await db.schema.createTable(DATABASE_TABLE, (table) => {
        binaryKeys(table)
        table.string('day', 10).primary()
        table.bigInteger('bytes').notNullable()
        table.bigInteger('sampled_at').notNullable()
      })
      await db.schema.createTable(SAMPLES_TABLE, (table) => {
        binaryKeys(table)
        table.string('name', 64).primary()
        table.bigInteger('at').notNullable()
        table.bigInteger('bytes').notNullable()
      })
    },
    async down(db) {
      await db.schema.dropTable(SAMPLES_TABLE)
      await db.schema.dropTable(DATABASE_TABLE)
    },
  },
]
