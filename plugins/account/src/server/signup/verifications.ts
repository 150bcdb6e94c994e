import type { Knex } from 'knex'
import { isSecretShaped, newSecret, sha256Hex } from '../secrets.js'

/** A confirmation link works for two days, and once. */
export const VERIFY_CODE_MS = 48 * 60 * 60 * 1000

/** The account a code confirms, the e-mail it confirms, and the password its sign-up chose. */
export interface Verified {
  type: string
  id: string
  email: string
  password_hash: string | null
}

/** E-mail confirmation codes in `account_verifications`, stored only as their SHA-256. */
export class Verifications {
  constructor(private readonly db: Knex) {}

  /** A new code for the account's current e-mail; shown once (in the e-mail), stored hashed. */
  async create(
    account: { type: string; id: string; email: string },
    passwordHash: string | null,
    now = Date.now(),
    trx?: Knex.Transaction,
  ): Promise<string> {
    const db = trx ?? this.db
    const code = newSecret()
    // Dead codes of the account go at each new one, so the table stays bounded without a timer.
    await db('account_verifications')
      .where({ type: account.type, id: account.id })
      .andWhere((query) => query.where('expires_at', '<=', now).orWhereNotNull('used_at'))
      .delete()
    await db('account_verifications').insert({
      code_hash: sha256Hex(code),
      type: account.type,
      id: account.id,
      email: account.email,
      password_hash: passwordHash,
      created_at: now,
      expires_at: now + VERIFY_CODE_MS,
      used_at: null,
    })
    return code
  }

  /** What a usable code confirms (unknown, used or expired: null); nothing is spent. */
  async find(code: string, now = Date.now()): Promise<Verified | null> {
    if (!isSecretShaped(code)) return null
    const row = await this.db('account_verifications')
      .where({ code_hash: sha256Hex(code) })
      .whereNull('used_at')
      .andWhere('expires_at', '>', now)
      .first<Verified | undefined>('type', 'id', 'email', 'password_hash')
    return row ?? null
  }

  /**
   * Spends a code in the caller's transaction, and with it every other code of its account (one
   * confirmation ends them all): false when it was spent or expired meanwhile. A conditional update
   * decides between concurrent uses.
   */
  async use(code: string, trx: Knex.Transaction, now = Date.now()): Promise<boolean> {
    if (!isSecretShaped(code)) return false
    const hash = sha256Hex(code)
    const row = await trx('account_verifications')
      .where({ code_hash: hash })
      .first<{ type: string; id: string } | undefined>('type', 'id')
    if (!row) return false
    const updated = await trx('account_verifications')
      .where({ code_hash: hash })
      .whereNull('used_at')
      .andWhere('expires_at', '>', now)
      .update({ used_at: now })
    if (!updated) return false
    await trx('account_verifications')
      .where({ type: row.type, id: row.id })
      .whereNot({ code_hash: hash })
      .delete()
    return true
  }
}
