import type { Knex } from 'knex'
import {
  createError,
  isAppError,
  SYSTEM_ACTOR,
  type EventBus,
  type Logger,
  type RecordData,
} from '@shopwright/core'
import type { RecordsService } from '@shopwright/plugin-records'
import type { AccountService } from '../account-service.js'
import { hashPassword } from '../passwords.js'
import type { MailQueue } from '../mail/mail-queue.js'
import type { Verifications } from './verifications.js'
import { SESSIONS_FROM } from '../account-guard.js'
import { toEntity } from '../account-answer.js'
import { afterCommit } from '../after-commit.js'
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
    private readonly logger: Logger,
  ) {}

  async register(input: SignupInput, now = Date.now()): Promise<void> {
    this.accounts.checkPasswordRule(input.password)
    const passwordHash = await hashPassword(input.password)
    const existing = await this.accounts.credentials(input.email)
    if (existing) return this.again(existing, input, passwordHash)
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
              passwordHash,
              now,
              trx,
            )
            ids = await this.mail.enqueue(
              [
                {
                  key: `signup:${record.type}:${record.id}:${now}`,
                  ...verifyMail(input.email, this.verifyLink(code), input.language),
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
        if (taken) return this.again(taken, input, passwordHash)
      }
      throw error
    }
    await this.mail.wake(ids)
  }

  /**
   * A sign-up with an address that has an account: the mailbox is told, the form is not. An
   * account that never confirmed gets a new link carrying this sign-up's password: whoever opens
   * it owns the account with the password they chose (someone who signed up first with another's
   * address keeps nothing: docs/security.md, "Sign-up").
   */
  private async again(
    account: { type: string; id: string },
    input: SignupInput,
    passwordHash: string,
  ): Promise<void> {
    const stamp = Date.now()
    if (!(await this.accounts.isVerified(account.type, account.id))) {
      const code = await this.verifications.create({ ...account, email: input.email }, passwordHash)
      await this.mail.enqueue([
        {
          key: `signup:${account.type}:${account.id}:${stamp}`,
          ...verifyMail(input.email, this.verifyLink(code), input.language),
        },
      ])
      return
    }
    const key = `${encodeURIComponent(account.type)}/${encodeURIComponent(account.id)}`
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

  /** The code rides in the fragment: browsers never send it, so no log or tracker holds it. */
  private verifyLink(code: string): string {
    return `${this.origin}/verify#code=${encodeURIComponent(code)}`
  }

  /**
   * Spends a confirmation code: the account is confirmed, every other session of it ends (its
   * session time, in the same transaction), every other code of it dies, and the password its
   * sign-up chose is set. A used, expired or unknown code, or one for an e-mail the account no
   * longer has, throws ERROR_ACCOUNT_VERIFY_INVALID and changes nothing.
   */
  async verify(code: string, now = Date.now()): Promise<{ record: RecordData; first: boolean }> {
    const invalid = () => createError('ERROR_ACCOUNT_VERIFY_INVALID')
    const found = await this.verifications.find(code, now)
    const account = found ? await this.records.find(found.type, found.id) : null
    if (!found || !account) throw invalid()
    let first = false
    const record = await this.records.modify(
      SYSTEM_ACTOR,
      found.type,
      found.id,
      [SESSIONS_FROM],
      (stored) => {
        stored[SESSIONS_FROM] = now
      },
      {
        onBehalfOf: toEntity(account),
        message: 'e-mail confirmed; other sessions ended',
        alongside: async (trx) => {
          if (!(await this.verifications.use(code, trx, now))) throw invalid()
          const row = await trx('account_credentials')
            .where({ type: found.type, id: found.id, email: found.email })
            .first<{ verified_at: number | string | null } | undefined>('verified_at')
          if (!row) throw invalid()
          first = row.verified_at === null
          await trx('account_credentials')
            .where({ type: found.type, id: found.id })
            .update({
              verified_at: row.verified_at ?? now,
              modified_at: now,
              ...(found.password_hash ? { password_hash: found.password_hash } : {}),
            })
        },
      },
    )
    // The confirmation is stored: a listener's failure is logged, never answered as the shopper's.
    if (first)
      await afterCommit(this.logger, 'tell listeners of a confirmed e-mail', () =>
        this.events.emit(ACCOUNT_VERIFIED, {
          type: found.type,
          id: found.id,
          email: found.email,
        } satisfies AccountVerified),
      )
    return { record, first }
  }

  /** Mails a new confirmation link to a signed-in account that has not confirmed. */
  async resend(record: RecordData, language: string): Promise<void> {
    const email = typeof record.email === 'string' ? record.email : ''
    if (!email || (await this.accounts.isVerified(record.type, record.id))) return
    const code = await this.verifications.create({ type: record.type, id: record.id, email }, null)
    await this.mail.enqueue([
      {
        key: `signup:${record.type}:${record.id}:${Date.now()}`,
        ...verifyMail(email, this.verifyLink(code), language),
      },
    ])
  }
}
