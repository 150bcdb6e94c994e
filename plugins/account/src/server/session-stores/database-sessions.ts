import type { Knex } from 'knex'
import type { CacheService } from '@shopwright/core'
import { SESSION_CACHE, SESSION_TOUCH_MS, type AccountKey, type Session } from '../sessions.js'
import { StoredSessions, type StoredSession } from './stored-sessions.js'

interface Row {
  token_hash: string
  type: string
  id: string
  device: string
  created_at: number | string
  last_seen_at: number | string
  expires_at: number | string
  absolute_expires_at: number | string
}

/**
 * Sessions in the `account_sessions` table: every node reads the same rows, so a sign-in on one
 * node is valid on all of them and a sign-out ends the session everywhere.
 */
export class DatabaseSessions extends StoredSessions {
  constructor(
    private readonly db: Knex,
    cache: CacheService,
  ) {
    super(cache)
  }

  protected async save(tokenHash: string, session: Session, now: number): Promise<void> {
    // Sweeping the account's dead sessions here keeps the table bounded without a timer.
    await this.db('account_sessions')
      .where({ type: session.type, id: session.id })
      .andWhere((query) =>
        query.where('expires_at', '<=', now).orWhere('absolute_expires_at', '<=', now),
      )
      .delete()
    await this.db('account_sessions').insert({
      token_hash: tokenHash,
      type: session.type,
      id: session.id,
      device: session.device,
      created_at: now,
      last_seen_at: now,
      expires_at: session.expiresAt,
      absolute_expires_at: session.absoluteExpiresAt,
    })
  }

  protected async load(tokenHash: string): Promise<StoredSession | null> {
    const row = await this.db<Row>('account_sessions').where({ token_hash: tokenHash }).first()
    return row ? { session: toSession(row), lastSeen: Number(row.last_seen_at) } : null
  }

  /**
   * The condition in the update lets only one of several concurrent requests (on any node) write;
   * the session stays live whichever one did.
   */
  protected async touch(tokenHash: string, now: number, expiresAt: number): Promise<boolean> {
    await this.db('account_sessions')
      .where({ token_hash: tokenHash })
      .andWhere('last_seen_at', '<=', now - SESSION_TOUCH_MS)
      .update({ last_seen_at: now, expires_at: expiresAt })
    return true
  }

  protected async forget(tokenHash: string): Promise<void> {
    await this.remove(tokenHash)
    await this.cache.delete(SESSION_CACHE, tokenHash)
  }

  protected async remove(tokenHash: string): Promise<boolean> {
    return (await this.db('account_sessions').where({ token_hash: tokenHash }).delete()) > 0
  }

  /** Ends every session of the account (a password reset); answers how many there were. */
  async endAll(account: AccountKey): Promise<number> {
    const ended = await this.endWhere({ type: account.type, id: account.id })
    // Every cached session goes too: the entries are keyed by token, not by account.
    await this.cache.clear(SESSION_CACHE)
    return ended
  }

  /** Ends the account's sessions signed in from this device (a block); answers how many. */
  async endDevice(account: AccountKey, device: string): Promise<number> {
    return this.endWhere({ type: account.type, id: account.id, device })
  }

  private async endWhere(where: Record<string, string>): Promise<number> {
    const rows = await this.db('account_sessions')
      .where(where)
      .select<{ token_hash: string }[]>('token_hash')
    if (rows.length === 0) return 0
    const hashes = rows.map((row) => row.token_hash)
    await this.db('account_sessions').whereIn('token_hash', hashes).delete()
    for (const hash of hashes) await this.cache.delete(SESSION_CACHE, hash)
    return rows.length
  }
}

function toSession(row: Row): Session {
  return {
    type: row.type,
    id: row.id,
    device: row.device,
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
    absoluteExpiresAt: Number(row.absolute_expires_at),
  }
}
