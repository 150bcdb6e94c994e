import type { Knex } from 'knex'
import { isSecretShaped, newSecret, sha256Hex } from './secrets.js'

/**
 * A reset code works for one hour after it is asked for, and once. The e-mail is queued with it
 * (reset-request.ts): one held up by a mail outage may arrive expired, and its screen then offers
 * a new e-mail.
 */
export const RESET_CODE_MS = 60 * 60 * 1000

/**
 * The block code of the same e-mail ("this was not me") works for seven days, and once: the owner
 * may read the e-mail long after the hour the reset code lasts.
 */
export const BLOCK_CODE_MS = 7 * 24 * 60 * 60 * 1000

/** What a presented code is: usable, matched but past its expiry, or no use (unknown, used, wrong account). */
export type CodeState = 'valid' | 'expired' | 'invalid'

interface Row {
  code_hash: string
  type: string
  id: string
  device: string
  expires_at: number | string
  used_at: number | string | null
}

/** The two codes of one reset e-mail, each shown once and stored hashed. */
export interface ResetCodes {
  code: string
  blockCode: string
  /** The row's key, the reset code's SHA-256: names the reset (its e-mail's event) without its code. */
  hash: string
}

/** Reset codes in `account_resets`, stored only as their SHA-256. */
export class ResetStore {
  constructor(private readonly db: Knex) {}

  /**
   * Makes the codes of a reset e-mail for the account, requested from this device; shown once.
   * With `trx` they are stored with the caller's change (the queued e-mail that carries them).
   */
  async create(
    account: { type: string; id: string },
    device: string,
    trx?: Knex.Transaction,
    now = Date.now(),
  ): Promise<ResetCodes> {
    const db = trx ?? this.db
    const code = newSecret()
    const blockCode = newSecret()
    const hash = sha256Hex(code)
    // Dead rows of the account go at each request, so the table stays bounded without a timer: a
    // row is dead when its reset code and its block code are both expired or used.
    await db('account_resets')
      .where({ type: account.type, id: account.id })
      .andWhere((query) => query.where('expires_at', '<=', now).orWhereNotNull('used_at'))
      .andWhere((query) =>
        query
          .whereNull('block_hash')
          .orWhere('block_expires_at', '<=', now)
          .orWhereNotNull('block_used_at'),
      )
      .delete()
    await db('account_resets').insert({
      code_hash: hash,
      type: account.type,
      id: account.id,
      device,
      created_at: now,
      expires_at: now + RESET_CODE_MS,
      used_at: null,
      block_hash: sha256Hex(blockCode),
      block_expires_at: now + BLOCK_CODE_MS,
      block_used_at: null,
    })
    return { code, blockCode, hash }
  }

  /**
   * Spends a block code of this account for the device that asked for the reset e-mail: true when
   * it was valid, false when the code is unknown, another account's or another device's, used or
   * expired (then it stays as it was). A conditional update, so a code blocks once however many
   * requests race.
   */
  async useBlockCode(
    type: string,
    id: string,
    blockCode: string,
    device: string,
    now = Date.now(),
  ): Promise<boolean> {
    if (!isSecretShaped(blockCode)) return false
    const updated = await this.db('account_resets')
      .where({ block_hash: sha256Hex(blockCode), type, id, device })
      .whereNull('block_used_at')
      .andWhere('block_expires_at', '>', now)
      .update({ block_used_at: now })
    return updated > 0
  }

  /** The state of a code for this account. A used code, or another account's, is `invalid`. */
  async check(type: string, id: string, code: string, now = Date.now()): Promise<CodeState> {
    if (!isSecretShaped(code)) return 'invalid'
    const row = await this.db<Row>('account_resets')
      .where({ code_hash: sha256Hex(code) })
      .first()
    if (!row || row.type !== type || row.id !== id || row.used_at !== null) return 'invalid'
    return Number(row.expires_at) <= now ? 'expired' : 'valid'
  }

  /**
   * Marks a valid code used; false when it was not valid any more. The condition makes this the
   * one place that decides, so two concurrent resets with one code cannot both succeed.
   */
  async use(
    type: string,
    id: string,
    code: string,
    trx?: Knex.Transaction,
    now = Date.now(),
  ): Promise<boolean> {
    if (!isSecretShaped(code)) return false
    const updated = await (trx ?? this.db)('account_resets')
      .where({ code_hash: sha256Hex(code), type, id })
      .whereNull('used_at')
      .andWhere('expires_at', '>', now)
      .update({ used_at: now })
    return updated > 0
  }
}
