import type { Knex } from 'knex'
import {
  createError,
  isAppError,
  SYSTEM_ACTOR,
  type EventBus,
  type RecordData,
} from '@shopwright/core'
import type { RecordsService } from '@shopwright/plugin-records'
import type { AccountService } from '../account-service.js'
import { hashPassword } from '../passwords.js'
import type { MailQueue } from '../mail/mail-queue.js'
import type { Verifications, Verified } from './verifications.js'
import { alreadyMail, verifyMail } from './signup-mail.js'

/** Raised (on every node) once an account's e-mail is confirmed: `AccountVerified`. */
export const ACCOUNT_VERIFIED = 'account.verified'
export interface AccountVerified {
  type: string
  id: string
  email: string
}

/** A shopper's sign-up, already read and checked by the route. */
export interface SignupInput {
  email: string
  name: string
  password: string
  /** The shopper's language, for the e-mail. */
  language: string
}

/**
 * Shoppers' own accounts (docs/security.md, "Sign-up"). Whatever the e-mail, a sign-up answers the
 * same and mails the address: a new account gets its confirmation link, an address that has an
 * account gets "you already have one" (with a fresh confirmation link when it never confirmed).
 * Both paths hash the password, so they take about the same time.
 */
export class Signups {
  constructor(
    private readonly db: Knex,
    private readonly accounts: AccountService,
    private readonly records: RecordsService,
    private readonly verifications: Verifications,
    private readonly mail: MailQueue,
    private readonly events: Pick<EventBus, 'emit'>,
    /** The public address links are built from (siteOrigin). */
    private readonly origin: string,
  ) {}

  async register(input: SignupInput, now = Date.now()): Promise<void> {
    this.accounts.checkPasswordRule(input.password)
    const passwordHash = await hashPassword(input.password)
    const existing = await this.accounts.credentials(input.email)
    if (existing) return this.again(existing, input)
    let ids: string[] = []
    try {
      await this.records.create(
        SYSTEM_ACTOR,
        { type: 'customer', id: '', email: input.email, name: input.name, roles: ['account'] },
        {
          // The password, the unconfirmed state and the e-mail commit with the account or not at all.
          alongside: async (trx, record) => {
            await trx('account_credentials').where({ type: record.type, id: record.id }).update({
              password_hash: passwordHash,
              verified_at: null,
              consent_at: now,
              modified_at: now,
            })
            const code = await this.verifications.create(
              { type: record.type, id: record.id, email: input.email },
              now,
              trx,
            )
            ids = await this.mail.enqueue(
              [
                {
                  key: `signup:${record.type}:${record.id}:${now}`,
                  ...verifyMail(input.email, input.name, this.verifyLink(code), input.language),
                },
              ],
              trx,
            )
          },
        },
      )
    } catch (error) {
      // Another sign-up (or staff) took the address between the look-up and the write.
      if (isAppError(error) && error.code === 'ERROR_RECORD_ALREADY_EXISTS') {
        const taken = await this.accounts.credentials(input.email)
        if (taken) return this.again(taken, input)
      }
      throw error
    }
    await this.mail.wake(ids)
  }

  /** A sign-up with an address that has an account: the mailbox is told, the form is not. */
  private async again(
    account: { type: string; id: string; email?: string },
    input: SignupInput,
  ): Promise<void> {
    const row = await this.db('account_credentials')
      .where({ type: account.type, id: account.id })
      .first<{ verified_at: number | string | null } | undefined>('verified_at')
    const key = `${encodeURIComponent(account.type)}/${encodeURIComponent(account.id)}`
    const stamp = Date.now()
    if (row && row.verified_at === null) {
      const record = await this.records.find(account.type, account.id)
      const name = typeof record?.name === 'string' ? record.name : ''
      const code = await this.verifications.create({ ...account, email: input.email })
      await this.mail.enqueue([
        {
          key: `signup:${account.type}:${account.id}:${stamp}`,
          ...verifyMail(input.email, name, this.verifyLink(code), input.language),
        },
      ])
      return
    }
    await this.mail.enqueue([
      {
        key: `signup-again:${account.type}:${account.id}:${stamp}`,
        ...alreadyMail(
          input.email,
          { signIn: `${this.origin}/login`, reset: `${this.origin}/reset/${key}` },
          input.language,
        ),
      },
    ])
  }

  private verifyLink(code: string): string {
    return `${this.origin}/verify?code=${encodeURIComponent(code)}`
  }

  /**
   * Spends a confirmation code: the account is confirmed from now, if the code is valid and the
   * account still has the e-mail it confirmed. Answers the account record, or throws
   * ERROR_ACCOUNT_VERIFY_INVALID (unknown, used or expired code: a replayed link).
   */
  async verify(code: string, now = Date.now()): Promise<RecordData> {
    let verified: Verified | null = null
    await this.db.transaction(async (trx) => {
      verified = await this.verifications.use(code, trx, now)
      if (!verified) return
      const updated = await trx('account_credentials')
        .where({ type: verified.type, id: verified.id, email: verified.email })
        .update({ verified_at: trx.raw('coalesce(verified_at, ?)', [now]) })
      if (!updated) verified = null
    })
    const done = verified as Verified | null
    const record = done ? await this.records.find(done.type, done.id) : null
    if (!done || !record) throw createError('ERROR_ACCOUNT_VERIFY_INVALID')
    await this.events.emit(ACCOUNT_VERIFIED, done satisfies AccountVerified)
    return record
  }

  /** Mails a new confirmation link to a signed-in account that has not confirmed. */
  async resend(record: RecordData, language: string): Promise<void> {
    const email = typeof record.email === 'string' ? record.email : ''
    if (!email || (await this.accounts.isVerified(record.type, record.id))) return
    const name = typeof record.name === 'string' ? record.name : ''
    const code = await this.verifications.create({ type: record.type, id: record.id, email })
    await this.mail.enqueue([
      {
        key: `signup:${record.type}:${record.id}:${Date.now()}`,
        ...verifyMail(email, name, this.verifyLink(code), language),
      },
    ])
  }
}
