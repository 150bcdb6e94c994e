import { binaryKeys, type Migration } from '@shopwright/core'

/** The storefront's own tables. */
export const migrations: Migration[] = [
  {
    // Addresses renamed records left (server/moved-pages.ts): each leads to the record's new id,
    // so a link typed as the old address is sent on with 301.
    name: '001-moved-pages',
    async up(db) {
      await db.schema.createTable('storefront_moved', (table) => {
        binaryKeys(table)
        table.string('path', 191).notNullable().primary()
        table.string('type', 64).notNullable()
        table.string('id', 191).notNullable()
        table.bigInteger('moved_at').notNullable()
        table.index(['type', 'id'], 'storefront_moved_record')
      })
    },
    async down(db) {
      await db.schema.dropTable('storefront_moved')
    },
  },
]
