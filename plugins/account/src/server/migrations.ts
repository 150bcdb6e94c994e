import type { Migration } from '@shopwright/core'

/**
 * Sign-in credentials live in the account plugin's own table, never in the record body, so no
 * records call can ever return a password hash. The e-mail is unique across every account type.
 */
export const migrations: Migration[] = [
  {
    name: '001-credentials',
    async up(db) {
      await db.schema.createTable('account_credentials', (table) => {
        table.string('email', 191).notNullable().primary()
        table.string('type', 64).notNullable()
        table.string('id', 191).notNullable()
        table.string('password_hash', 255).notNullable()
        table.bigInteger('created_at').notNullable()
        table.bigInteger('modified_at').notNullable()
        table.unique(['type', 'id'], { indexName: 'account_credentials_entity' })
      })
    },
    async down(db) {
      await db.schema.dropTable('account_credentials')
    },
  },
]
