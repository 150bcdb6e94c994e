import crypto from 'node:crypto'
import { binaryKeys, type Migration } from '@shopwright/core'
import { accountColumns } from '../migration-steps.js'

/**
 * The mail queue (mail-queue.ts), sign-up's verification codes (signup/verifications.ts), each
 * account's verified time and consent time, and the site's key for sign-up form tickets
 * (signup/form-tickets.ts). Accounts that exist already were made by staff or the command line:
 * they count as verified from their creation.
 */
export const mailAndSignup: Migration = {
  name: '008-mail-and-signup',
  async up(db) {
    await db.schema.createTable('account_mail', (table) => {
      binaryKeys(table)
      table.string('id', 64).notNullable().primary()
      // One message per event: a second enqueue of the same key is a no-op, on every node.
      table.string('event_key', 191).notNullable().unique({ indexName: 'account_mail_event' })
      table.string('to_address', 254).notNullable()
      table.string('subject', 998).notNullable()
      // Emptied once sent: links in a body (verification, order keys) do not stay at rest.
      table.text('text', 'mediumtext').notNullable()
      table.text('html', 'mediumtext').notNullable()
      table.string('status', 16).notNullable()
      table.integer('attempts').notNullable()
      table.bigInteger('next_at').notNullable()
      table.bigInteger('lease_until').notNullable()
      table.string('last_error', 1000).nullable()
      table.bigInteger('created_at').notNullable()
      table.bigInteger('sent_at').nullable()
      table.index(['status', 'next_at'], 'account_mail_due')
    })
    await db.schema.createTable('account_verifications', (table) => {
      binaryKeys(table)
      table.specificType('code_hash', 'char(64)').notNullable().primary()
      accountColumns(table)
      table.string('email', 254).notNullable()
      // The password of the sign-up that asked for this code: set when the code is used, so the
      // account belongs to whoever proves the mailbox, not to whoever signed up first.
      table.string('password_hash', 255).nullable()
      table.bigInteger('created_at').notNullable()
      table.bigInteger('expires_at').notNullable()
      table.bigInteger('used_at').nullable()
      table.index(['type', 'id'], 'account_verifications_entity')
    })
    await db.schema.alterTable('account_credentials', (table) => {
      table.bigInteger('verified_at').nullable()
      table.bigInteger('consent_at').nullable()
    })
    await db('account_credentials').update({ verified_at: db.ref('created_at') })
    await db.schema.createTable('account_keys', (table) => {
      binaryKeys(table)
      table.string('name', 64).notNullable().primary()
      table.string('secret', 128).notNullable()
    })
    await db('account_keys').insert({
      name: 'signup-ticket',
      secret: crypto.randomBytes(32).toString('base64url'),
    })
  },
  async down(db) {
    await db.schema.dropTable('account_keys')
    await db.schema.alterTable('account_credentials', (table) => {
      table.dropColumn('verified_at')
      table.dropColumn('consent_at')
    })
    await db.schema.dropTable('account_verifications')
    await db.schema.dropTable('account_mail')
  },
}
