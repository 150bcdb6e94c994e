import type { Knex } from 'knex'
import { emailError, normalizeEmail, passwordError } from '@shopwright/client'
import {
  createError,
  isValidId,
  SYSTEM_ACTOR,
  type RecordData,
  type SeedWriter,
} from '@shopwright/core'
import type { RecordsService } from '@shopwright/plugin-records'
import { hashPassword, NO_ACCOUNT_HASH, verifyPassword } from './passwords.js'
import { accountSeeds } from '../seeds/index.js'
import { SESSIONS_FROM } from './account-guard.js'
import { toEntity } from './account-answer.js'

/** Record types whose records can sign in: shoppers and staff. */
export const ACCOUNT_TYPES = ['customer', 'employee'] as const
export type AccountType = (typeof ACCOUNT_TYPES)[number]

export interface NewAccount {
  type?: AccountType
  email: string
  password: string
  name?: string
  roles?: readonly string[]
}

/** An account's sign-in row: which record it is, and its password hash. */
export interface Credentials {
  type: string
  id: string
  password_hash: string
  /** When the e-mail was confirmed (epoch ms); null for a sign-up not yet confirmed. */
  verified_at?: number | string | null
}

/** Accounts: a record of a login-capable type plus a credentials row holding the argon2id hash. */
export class AccountService {
  constructor(
    private readonly db: Knex,
    private readonly records: RecordsService,
    private readonly seeds: SeedWriter,
  ) {}

  /**
   * Creates an account (the command line, the first administrator): through the record calls as
   * the system, so the account guard makes its credentials and the database keeps the e-mail
   * unique (409 ERROR_RECORD_ALREADY_EXISTS when it is taken, however many nodes try at once);
   * then its password is set.
   */
  async addAccount(input: NewAccount): Promise<RecordData> {
    const type = input.type ?? 'employee'
    if (!ACCOUNT_TYPES.includes(type))
      throw createError('ERROR_INVALID_INPUT', { reason: `Unknown account type ${type}.` })
    const email = normalizeEmail(input.email)
    const emailProblem = emailError(email)
    if (emailProblem) throw createError(emailProblem, { reason: email })
    const passwordProblem = passwordError(input.password)
    if (passwordProblem) throw createError(passwordProblem)
    const roles = [...new Set(input.roles ?? [])]
    const badRole = roles.find((role) => !isValidId(role))
    if (badRole !== undefined)
      throw createError('ERROR_INVALID_ID', { reason: `role ${JSON.stringify(badRole)}` })

    const passwordHash = await hashPassword(input.password)
    // A database that was migrated but never seeded (`shopwright user add` first) lacks the
    // account types, without which no account can exist: they are this plugin's own seeds.
    if (!(await this.records.find('recordtype', type)))
      await this.seeds.insertMissing(accountSeeds())
    const record = await this.records.create(SYSTEM_ACTOR, {
      type,
      id: '',
      email,
      name: input.name?.trim() || email.split('@')[0]!,
      roles,
      resetrequired: false,
    })
    await this.db('account_credentials')
      .where({ type, id: record.id })
      .update({ password_hash: passwordHash, modified_at: Date.now() })
    return record
  }

  /** The credentials row of an e-mail (already normalised by the caller's readEmail), or null. */
  async credentials(email: string): Promise<Credentials | null> {
    const row = await this.db('account_credentials')
      .where({ email })
      .first<Credentials | undefined>('type', 'id', 'password_hash', 'verified_at')
    return row ?? null
  }

  /** The account record signed in with this e-mail, or null. */
  async findByEmail(email: string): Promise<RecordData | null> {
    const row = await this.credentials(normalizeEmail(email))
    return row ? this.records.find(row.type, row.id) : null
  }

  /**
   * The account of these credentials when the password matches them, or null. Without
   * credentials (an unknown e-mail) the password is checked against a dummy argon2id hash, so a
   * wrong e-mail and a wrong password take the same time.
   */
  async checkPassword(row: Credentials | null, password: string): Promise<RecordData | null> {
    const matches = await verifyPassword(row?.password_hash ?? NO_ACCOUNT_HASH, password)
    return row && matches ? this.records.find(row.type, row.id) : null
  }

  /** The account record of a login-capable type, or null (another type, no record, no credentials). */
  async getAccount(type: string, id: string): Promise<RecordData | null> {
    if (!(ACCOUNT_TYPES as readonly string[]).includes(type)) return null
    const row = await this.db('account_credentials').where({ type, id }).first('email')
    return row ? this.records.find(type, id) : null
  }

  /** True once the account's e-mail is confirmed (accounts staff made count from their creation). */
  async isVerified(type: string, id: string): Promise<boolean> {
    const row = await this.db('account_credentials')
      .where({ type, id })
      .first<{ verified_at: number | string | null } | undefined>('verified_at')
    return row !== undefined && row.verified_at !== null
  }

  /** Throws the spec's password rule's error (ERROR_PASSWORD_TOO_SHORT, ...) for a bad password. */
  checkPasswordRule(password: string): void {
    const passwordProblem = passwordError(password)
    if (passwordProblem) throw createError(passwordProblem)
  }

  /**
   * Sets a new password (the spec's password rule applies) and clears `resetrequired`; the log
   * line names the account, whose owner proved it holds the reset code.
   */
  async setPassword(
    record: RecordData,
    password: string,
    /** Runs inside the write's transaction first; false refuses the change (a spent reset code). */
    spend?: (trx: Knex.Transaction) => Promise<boolean>,
  ): Promise<void> {
    this.checkPasswordRule(password)
    const passwordHash = await hashPassword(password)
    // One transaction (the records service's, as the system on the owner's behalf): the record's
    // reset flag and session time, changed on the stored version so a concurrent edit of roles or
    // e-mail is kept, the spent code, the hash and the log line naming the owner.
    await this.records.modify(
      SYSTEM_ACTOR,
      record.type,
      record.id,
      ['resetrequired', SESSIONS_FROM],
      (stored) => {
        stored.resetrequired = false
        stored[SESSIONS_FROM] = Date.now()
      },
      {
        onBehalfOf: toEntity(record),
        message: 'password set with a reset code; sessions ended',
        alongside: async (trx) => {
          if (spend && !(await spend(trx))) throw createError('ERROR_ACCESS_DENIED')
          await trx('account_credentials')
            .where({ type: record.type, id: record.id })
            .update({ password_hash: passwordHash, modified_at: Date.now() })
        },
      },
    )
  }
}
