import { randomBytes } from 'node:crypto'
import type { Knex } from 'knex'
import {
  createError,
  emailError,
  normalizeEmail,
  type Logger,
  type RecordData,
} from '@shopwright/core'
import type { RecordGuard, RecordWrite } from '@shopwright/plugin-records'
import { hashPassword } from './passwords.js'
import type { SessionStore } from './sessions.js'

/** Tables keyed by an account's (type, id) besides its credentials. */
const ACCOUNT_TABLES = ['account_images', 'account_resets', 'account_blocked_devices'] as const

function emailOf(record: RecordData): string {
  return typeof record.email === 'string' ? record.email : ''
}

/**
 * Keeps sign-in data in line when staff change account records through the record calls (the
 * admin's editor, an import):
 * - the e-mail is lower-cased, checked by the spec's rule and unique across accounts before the
 *   write (409 ERROR_RECORD_ALREADY_EXISTS), then the credentials follow it;
 * - an account created there gets credentials with a random password nobody knows: its owner sets
 *   one through Forgot Password;
 * - `resetrequired` turned on, a rename, the bin or a deletion end the account's sessions; a
 *   deletion also drops its credentials, image, reset codes and blocked devices, and a rename
 *   carries them to the new id.
 */
export class AccountGuard implements RecordGuard {
  constructor(
    private readonly db: Knex,
    private readonly sessions: SessionStore,
    private readonly logger: Logger,
  ) {}

  async beforeWrite(record: RecordData, previous: RecordData | null): Promise<void> {
    if (previous && record.email === previous.email) return
    const email = normalizeEmail(emailOf(record))
    const problem = emailError(email)
    if (problem) throw createError(problem, { reason: email })
    record.email = email
    const owner = await this.db('account_credentials')
      .where({ email })
      .first<{ type: string; id: string } | undefined>('type', 'id')
    const self = previous ?? record
    if (owner && !(owner.type === self.type && owner.id === self.id))
      throw createError('ERROR_RECORD_ALREADY_EXISTS', {
        reason: `An account with the e-mail ${email} exists.`,
      })
  }

  async afterWrite(write: RecordWrite): Promise<void> {
    switch (write.kind) {
      case 'created':
        await this.addCredentials(write.record)
        return
      case 'updated':
        await this.followEmail(write.record, write.previous)
        if (write.record.resetrequired === true && write.previous.resetrequired !== true)
          await this.sessions.endAll(write.record)
        return
      case 'renamed':
        await this.db.transaction(async (trx) => {
          const from = { type: write.previous.type, id: write.previous.id }
          await trx('account_credentials').where(from).update({ id: write.record.id })
          for (const table of ACCOUNT_TABLES)
            await trx(table).where(from).update({ id: write.record.id })
        })
        await this.followEmail(write.record, write.previous)
        await this.sessions.endAll(write.previous)
        return
      case 'binned':
        await this.sessions.endAll(write)
        return
      case 'removed':
        await this.sessions.endAll(write)
        await this.db.transaction(async (trx) => {
          const key = { type: write.type, id: write.id }
          await trx('account_credentials').where(key).delete()
          for (const table of ACCOUNT_TABLES) await trx(table).where(key).delete()
        })
        return
      case 'restored':
        return
    }
  }

  /** Credentials for an account made through the record calls: a random, unknown password. */
  private async addCredentials(record: RecordData): Promise<void> {
    const now = Date.now()
    try {
      await this.db('account_credentials').insert({
        email: emailOf(record),
        type: record.type,
        id: record.id,
        password_hash: await hashPassword(randomBytes(32).toString('base64url')),
        created_at: now,
        modified_at: now,
      })
    } catch (error) {
      // Another account took the e-mail between the check and now: this one cannot sign in until
      // its e-mail is changed, which writes its credentials then.
      this.logger.warn(
        { err: error, type: record.type, id: record.id },
        'account created without credentials: its e-mail is taken',
      )
    }
  }

  /** Moves the credentials to a changed e-mail (or adds them when the account had none). */
  private async followEmail(record: RecordData, previous: RecordData): Promise<void> {
    if (record.email === previous.email) return
    const updated = await this.db('account_credentials')
      .where({ type: record.type, id: record.id })
      .update({ email: emailOf(record), modified_at: Date.now() })
    if (updated === 0) await this.addCredentials(record)
  }
}
