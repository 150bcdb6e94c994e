import { binaryKeys, convertToBinaryKeys, type Migration } from '@shopwright/core'
import { moveCardTokens } from './profile/move-card-tokens.js'
import { mailAndSignup } from './mail/migration.js'
import { accountColumns, tableMigration } from './migration-steps.js'

/**
 * Sign-in credentials live in the account plugin's own table, never in the record body, so no
 * records call can ever return a password hash. The e-mail is unique across every account type.
 */
export const migrations: Migration[] = [
  tableMigration('001-credentials', 'account_credentials', (table) => {
    table.string('email', 191).notNullable().primary()
    accountColumns(table)
    table.string('password_hash', 255).notNullable()
    table.bigInteger('created_at').notNullable()
    table.bigInteger('modified_at').notNullable()
    table.unique(['type', 'id'], { indexName: 'account_credentials_entity' })
  }),
  // Sessions live in the database so every node sees a sign-in at once; only the SHA-256 of the
  // token is stored, so a leaked table or backup holds nothing a browser could present. Times are
  // epoch milliseconds like the records table. (type, id) finds an account's sessions, to sweep
  // them at sign-in and, with the account issue, to end them all at a password reset.
  tableMigration('002-sessions', 'account_sessions', (table) => {
    table.specificType('token_hash', 'char(64)').notNullable().primary()
    accountColumns(table)
    table.string('device', 256).notNullable()
    table.bigInteger('created_at').notNullable()
    table.bigInteger('last_seen_at').notNullable()
    table.bigInteger('expires_at').notNullable()
    table.bigInteger('absolute_expires_at').notNullable()
    table.index(['type', 'id'], 'account_sessions_entity')
  }),
  {
    // Reset codes are stored as the SHA-256 of the code only, with an expiry and a use mark, so a
    // leaked table holds no usable code and a code works once. Blocked devices are keyed by the
    // SHA-256 of the Device header, which keeps the key short on MySQL whatever the header's length.
    name: '003-resets',
    async up(db) {
      await db.schema.createTable('account_resets', (table) => {
        table.specificType('code_hash', 'char(64)').notNullable().primary()
        accountColumns(table)
        table.string('device', 256).notNullable()
        table.bigInteger('created_at').notNullable()
        table.bigInteger('expires_at').notNullable()
        table.bigInteger('used_at').nullable()
        table.index(['type', 'id'], 'account_resets_entity')
      })
      await db.schema.createTable('account_blocked_devices', (table) => {
        accountColumns(table)
        table.specificType('device_hash', 'char(64)').notNullable()
        table.string('device', 256).notNullable()
        table.bigInteger('created_at').notNullable()
        table.primary(['type', 'id', 'device_hash'])
      })
    },
    async down(db) {
      await db.schema.dropTable('account_blocked_devices')
      await db.schema.dropTable('account_resets')
    },
  },
  // One image per account: an uploaded picture (re-encoded WebP), a sanitised SVG or a chosen
  // generated icon. The bytes live in the database so every node serves the same image; 2 MB at
  // most, hence MEDIUMBLOB on MySQL (BLOB stops at 64 KB). `version` grows at each change and is
  // also written to the account record's `imageversion`, which image URLs carry as `?t=`.
  tableMigration('004-images', 'account_images', (table, db) => {
    accountColumns(table)
    table.string('content_type', 64).notNullable()
    table.string('source', 16).notNullable()
    const blob = db.client.dialect === 'mysql' ? 'mediumblob' : 'blob'
    table.specificType('data', blob).notNullable()
    table.integer('version').notNullable()
    table.bigInteger('modified_at').notNullable()
    table.primary(['type', 'id'])
  }),
  {
    // The "this was not me" link of a reset e-mail carries its own code (docs/security.md, "Device
    // blocking"): stored as its SHA-256 beside the reset code, single use, valid longer than the
    // reset code, since the owner may read the e-mail late.
    name: '005-block-codes',
    async up(db) {
      await db.schema.alterTable('account_resets', (table) => {
        table.specificType('block_hash', 'char(64)').nullable()
        table.bigInteger('block_expires_at').nullable()
        table.bigInteger('block_used_at').nullable()
        table.index(['block_hash'], 'account_resets_block')
      })
    },
    async down(db) {
      await db.schema.alterTable('account_resets', (table) => {
        table.dropIndex(['block_hash'], 'account_resets_block')
        table.dropColumn('block_hash')
        table.dropColumn('block_expires_at')
        table.dropColumn('block_used_at')
      })
    },
  },
  {
    // A saved card's payment token lives here, never in the account record, so no record call,
    // list or export can answer it (docs/security.md, "Card data"). Tokens already on records move.
    name: '006-card-tokens',
    async up(db) {
      await db.schema.createTable('account_card_tokens', (table) => {
        binaryKeys(table)
        accountColumns(table)
        table.string('internalid', 64).notNullable()
        table.string('token', 255).notNullable()
        table.bigInteger('created_at').notNullable()
        table.primary(['type', 'id', 'internalid'])
      })
      await moveCardTokens(db)
    },
    async down(db) {
      await db.schema.dropTable('account_card_tokens')
    },
  },
  {
    // Ids, e-mails and hashes compare as bytes on MySQL/MariaDB too (docs/operations.md).
    name: '007-binary-keys',
    async up(db) {
      await convertToBinaryKeys(db, [
        'account_credentials',
        'account_sessions',
        'account_resets',
        'account_blocked_devices',
        'account_images',
      ])
    },
  },
  mailAndSignup,
]
