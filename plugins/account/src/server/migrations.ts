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
  {
    // Sessions live in the database so every node sees a sign-in at once; only the SHA-256 of the
    // token is stored, so a leaked table or backup holds nothing a browser could present. Times are
    // epoch milliseconds like the records table. (type, id) finds an account's sessions, to sweep
    // them at sign-in and, with the account issue, to end them all at a password reset.
    name: '002-sessions',
    async up(db) {
      await db.schema.createTable('account_sessions', (table) => {
        table.specificType('token_hash', 'char(64)').notNullable().primary()
        table.string('type', 64).notNullable()
        table.string('id', 191).notNullable()
        table.string('device', 256).notNullable()
        table.bigInteger('created_at').notNullable()
        table.bigInteger('last_seen_at').notNullable()
        table.bigInteger('expires_at').notNullable()
        table.bigInteger('absolute_expires_at').notNullable()
        table.index(['type', 'id'], 'account_sessions_entity')
      })
    },
    async down(db) {
      await db.schema.dropTable('account_sessions')
    },
  },
]
