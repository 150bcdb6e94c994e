import { isDeepStrictEqual } from 'node:util'
import type { Knex } from 'knex'
import { emailError, normalizeEmail } from '@shopwright/client'
import {
  actorName,
  createError,
  isDuplicateKey,
  isSystemActor,
  type Logger,
  type RecordData,
} from '@shopwright/core'
import type { Actor, RecordChange, RecordGuard } from '@shopwright/plugin-records'
import { NO_PASSWORD } from './passwords.js'
import type { SessionStore } from './sessions.js'
import { accountRoles, checkAccountChange, sameRoles } from './account-rules.js'
import { checkProfileLines } from './profile/record-lines.js'

/** Tables keyed by an account's (type, id) besides its credentials. */
const ACCOUNT_TABLES = [
  'account_images',
  'account_resets',
  'account_blocked_devices',
  'account_card_tokens',
] as const

/**
 * The field of an account record whose time (epoch ms) no older session outlives: set in the
 * write's own transaction when the e-mail or roles change or a reset is required, so those end
 * every session even when the session store (Redis) cannot be told at once (see
 * account-authenticator.ts and docs/security.md, "Accounts").
 */
export const SESSIONS_FROM = 'sessionsfrom'

/** True when a change of the account ends its sessions. */
function endsSessions(record: RecordData, previous: RecordData): boolean {
  return (
    record.email !== previous.email ||
    !sameRoles(accountRoles(record), accountRoles(previous)) ||
    (record.resetrequired === true && previous.resetrequired !== true)
  )
}

function emailOf(record: RecordData): string {
  return typeof record.email === 'string' ? record.email : ''
}

const emailTaken = (email: string) =>
  createError('ERROR_RECORD_ALREADY_EXISTS', {
    reason: `An account with the e-mail ${email} exists.`,
  })

/**
 * Keeps sign-in data in line when accounts change through the record calls (the admin's editor,
 * an import, the command line), and keeps those calls from being a way around the access model:
 * - who may change what (account-rules.ts): roles and e-mails are the administrator's, and nobody
 *   else may touch an account holding a role they lack;
 * - the e-mail is lower-cased and checked by the spec's rule; its uniqueness across every account
 *   is the credentials table's primary key, written in the record's own transaction, so two
 *   concurrent creates with one e-mail make one account and one 409;
 * - an account made there has no password: its owner sets one through Forgot Password;
 * - a changed e-mail or roles, `resetrequired` turned on, a rename, the bin or a deletion end the
 *   account's sessions; a deletion also drops its credentials and side rows, a rename carries them.
 */
export class AccountGuard implements RecordGuard {
  constructor(
    private readonly sessions: SessionStore,
    private readonly logger: Logger,
  ) {}

  async check(change: RecordChange, actor: Actor): Promise<void> {
    checkAccountChange(change, actor)
    checkProfileLines(change, actor)
    if (change.kind !== 'created' && change.kind !== 'updated' && change.kind !== 'renamed') return
    const { record, previous } = change
    // The account plugin's own writes (a password set) move it through the system actor.
    if (
      !isSystemActor(actor) &&
      !isDeepStrictEqual(record[SESSIONS_FROM], previous?.[SESSIONS_FROM])
    )
      throw createError('ERROR_INVALID_INPUT', {
        reason: `${SESSIONS_FROM} is kept by the server.`,
      })
    if (previous && endsSessions(record, previous)) record[SESSIONS_FROM] = Date.now()
    if (previous && record.email === previous.email) return
    const email = normalizeEmail(emailOf(record))
    const problem = emailError(email)
    if (problem) throw createError(problem, { reason: email })
    record.email = email
  }

  async write(change: RecordChange, _actor: Actor, trx: Knex.Transaction): Promise<void> {
    const record = change.record
    const key = { type: record.type, id: record.id }
    try {
      switch (change.kind) {
        case 'created':
          await this.addCredentials(record, trx)
          return
        case 'renamed': {
          const from = { type: change.previous.type, id: change.previous.id }
          await trx('account_credentials').where(from).update({ id: record.id })
          for (const table of ACCOUNT_TABLES) await trx(table).where(from).update({ id: record.id })
          await this.followEmail(record, change.previous, trx)
          return
        }
        case 'updated':
          await this.followEmail(record, change.previous, trx)
          return
        case 'removed':
          await trx('account_credentials').where(key).delete()
          for (const table of ACCOUNT_TABLES) await trx(table).where(key).delete()
          return
        default:
          return
      }
    } catch (error) {
      if (isDuplicateKey(error)) throw emailTaken(emailOf(record))
      throw error
    }
  }

  async afterCommit(change: RecordChange, actor: Actor): Promise<void> {
    const record = change.record
    switch (change.kind) {
      case 'updated': {
        const previous = change.previous
        const emailChanged = record.email !== previous.email
        const rolesChanged = !sameRoles(accountRoles(record), accountRoles(previous))
        if (emailChanged || rolesChanged)
          this.logger.warn(
            {
              account: `${record.type}|${record.id}`,
              actor: actorName(actor),
              ...(emailChanged ? { email: { from: previous.email, to: record.email } } : {}),
              ...(rolesChanged
                ? { roles: { from: accountRoles(previous), to: accountRoles(record) } }
                : {}),
            },
            'account sign-in data changed: its sessions end',
          )
        if (
          emailChanged ||
          rolesChanged ||
          (record.resetrequired === true && previous.resetrequired !== true)
        )
          await this.sessions.endAll(record)
        return
      }
      case 'renamed':
        await this.sessions.endAll(change.previous)
        return
      case 'binned':
      case 'removed':
        await this.sessions.endAll(record)
        return
      default:
        return
    }
  }

  /** Credentials for an account made through the record calls: no password until its owner sets one. */
  private async addCredentials(record: RecordData, trx: Knex.Transaction): Promise<void> {
    const now = Date.now()
    await trx('account_credentials').insert({
      email: emailOf(record),
      type: record.type,
      id: record.id,
      password_hash: NO_PASSWORD,
      created_at: now,
      modified_at: now,
      // Made by staff (or the command line), who vouch for the address; a shopper's own sign-up
      // clears this in the same transaction until the confirmation link is opened.
      verified_at: now,
    })
  }

  /**
   * Moves the credentials to a changed e-mail (or adds them when the account had none). The reset
   * and block codes mailed to the old address stop working: they would hand the account back.
   */
  private async followEmail(
    record: RecordData,
    previous: RecordData,
    trx: Knex.Transaction,
  ): Promise<void> {
    if (record.email === previous.email) return
    await trx('account_resets').where({ type: record.type, id: record.id }).delete()
    const updated = await trx('account_credentials')
      .where({ type: record.type, id: record.id })
      .update({ email: emailOf(record), modified_at: Date.now() })
    if (updated === 0) await this.addCredentials(record, trx)
  }
}
