import crypto from 'node:crypto'
import type { Knex } from 'knex'

/** A confirmation link works for two days, and once. */
export const VERIFY_CODE_MS = 48 * 60 * 60 * 1000

/** 32 random bytes in base64url: 43 characters. */
const CODE = /^[A-Za-z0-9_-]{43}$/

function hashCode(code: string): string {
  return crypto.createHash('sha256').update(code).digest('hex')
}

/** The account a spent code confirmed, and the e-mail it confirmed. */
export interface Verified {
  type: string
  id: string
  email: string
}

/** E-mail confirmation codes in `account_verifications`, stored only as their SHA-256. */
export class Verifications {
  constructor(private readonly db: Knex) {}

  /** A new code for the account's current e-mail; shown once (in the e-mail), stored hashed. */
  async create(
    account: { type: string; id: string; email: string },
    now = Date.now(),
    trx?: Knex.Transaction,
  ): Promise<string> {
    const db = trx ?? this.db
    const code = crypto.randomBytes(32).toString('base64url')
    // Dead codes of the account go at each new one, so the table stays bounded without a timer.
    await db('account_verifications')
      .where({ type: account.type, id: account.id })
      .andWhere((query) => query.where('expires_at', '<=', now).orWhereNotNull('used_at'))
      .delete()
    await db('account_verifications').insert({
      code_hash: hashCode(code),
      type: account.type,
      id: account.id,
      email: account.email,
      created_at: now,
      expires_at: now + VERIFY_CODE_MS,
      used_at: null,
    })
    return code
  }

  /**
   * Spends a code in the caller's transaction: the account and e-mail it confirms, or null when
   * the code is unknown, used or expired. A conditional update decides between concurrent uses.
   */
  async use(code: string, trx: Knex.Transaction, now = Date.now()): Promise<Verified | null> {
    if (!CODE.test(code)) return null
    const hash = hashCode(code)
    const updated = await trx('account_verifications')
      .where({ code_hash: hash })
      .whereNull('used_at')
      .andWhere('expires_at', '>', now)
      .update({ used_at: now })
    if (!updated) return null
    const row = await trx('account_verifications')
      .where({ code_hash: hash })
      .first<Verified | undefined>('type', 'id', 'email')
    return row ?? null
  }
}
