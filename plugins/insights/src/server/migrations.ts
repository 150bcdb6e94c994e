import { binaryKeys, type Migration } from '@shopwright/core'

/**
 * When each day was rolled up (README, "The roll-up"): the month's `trafficinsights` record says
 * which days are stored, this table when. A plugin table rather than a field of the record, so a
 * site whose seeded record type predates it needs no change of type (docs/plugins.md, "Migrations").
 */
export const ROLLUPS_TABLE = 'insights_rollups'

export const migrations: Migration[] = [
  {
    name: '001-rollups',
    async up(db) {
      await db.schema.createTable(ROLLUPS_TABLE, (table) => {
        binaryKeys(table)
        table.string('day', 10).primary()
        table.string('month', 7).notNullable().index()
        table.bigInteger('rolled_up_at').notNullable()
      })
    },
    async down(db) {
      await db.schema.dropTable(ROLLUPS_TABLE)
    },
  },
]
