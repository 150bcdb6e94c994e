import type { Knex } from 'knex'
import {
  createError,
  isDuplicateKey,
  emailError,
  isValidId,
  normalizeEmail,
  passwordError,
  type RecordData,
} from '@shopwright/core'
import type { RecordStore } from '@shopwright/plugin-records'
import { hashPassword, NO_ACCOUNT_HASH, verifyPassword } from './passwords.js'

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
}

/** Accounts: a record of a login-capable type plus a credentials row holding the argon2id hash. */
export class AccountService {
  constructor(
    private readonly db: Knex,
    private readonly records: RecordStore,
  ) {}

  /** Creates an account; the e-mail is lower-cased, checked by the spec's rule and unique. */
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
    const id = await this.records.nextId(type)
    const now = Date.now()
    try {
      await this.db('account_credentials').insert({
        email,
        type,
        id,
        password_hash: passwordHash,
        created_at: now,
        modified_at: now,
      })
    } catch (error) {
      if (isDuplicateKey(error)) {
        throw createError('ERROR_RECORD_ALREADY_EXISTS', {
          reason: `An account with the e-mail ${email} exists.`,
        })
      }
      throw error
    }
    const record: RecordData = {
      type,
      id,
      email,
      name: input.name?.trim() || email.split('@')[0]!,
      roles,
      resetrequired: false,
    }
    try {
      return await this.records.insert(record)
    } catch (error) {
      await this.db('account_credentials').where({ email }).delete()
      throw error
    }
  }

  /** The credentials row of an e-mail (already normalised by the caller's readEmail), or null. */
  async credentials(email: string): Promise<Credentials | null> {
    const row = await this.db('account_credentials')
      .where({ email })
      .first<Credentials | undefined>('type', 'id', 'password_hash')
    return row ?? null
  }

  /** The account record signed in with this e-mail, or null. */
  async findByEmail(email: string): Promise<RecordData | null> {
    const row = await this.credentials(normalizeEmail(email))
    return row ? this.records.get(row.type, row.id) : null
  }

  /**
   * The account of these credentials when the password matches them, or null. Without
   * credentials (an unknown e-mail) the password is checked against a dummy argon2id hash, so a
   * wrong e-mail and a wrong password take the same time.
   */
  async checkPassword(row: Credentials | null, password: string): Promise<RecordData | null> {
    const matches = await verifyPassword(row?.password_hash ?? NO_ACCOUNT_HASH, password)
    return row && matches ? this.records.get(row.type, row.id) : null
  }

  /** The account record of a login-capable type, or null (another type, no record, no credentials). */
  async getAccount(type: string, id: string): Promise<RecordData | null> {
    if (!(ACCOUNT_TYPES as readonly string[]).includes(type)) return null
    const row = await this.db('account_credentials').where({ type, id }).first('email')
    return row ? this.records.get(type, id) : null
  }

  /** Throws the spec's password rule's error (ERROR_PASSWORD_TOO_SHORT, ...) for a bad password. */
  checkPasswordRule(password: string): void {
    const passwordProblem = passwordError(password)
    if (passwordProblem) throw createError(passwordProblem)
  }

  /** Sets a new password (the spec's password rule applies) and clears `resetrequired`. */
  async setPassword(record: RecordData, password: string): Promise<void> {
    this.checkPasswordRule(password)
    const passwordHash = await hashPassword(password)
    await this.db('account_credentials')
      .where({ type: record.type, id: record.id })
      .update({ password_hash: passwordHash, modified_at: Date.now() })
    if (record.resetrequired === true)
      await this.records.replace({ ...record, resetrequired: false })
  }
}
