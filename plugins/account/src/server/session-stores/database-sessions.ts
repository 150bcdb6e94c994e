import type { Knex } from 'knex'
import type { CacheService } from '@shopwright/core'
import {
  hashToken,
  isSessionOver,
  isTokenShaped,
  newSession,
  newToken,
  SESSION_CACHE,
  SESSION_TOUCH_MS,
  touchedExpiry,
  type Session,
  type SessionStore,
} from '../sessions.js'

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
export class DatabaseSessions implements SessionStore {
  constructor(
    private readonly db: Knex,
    private readonly cache: CacheService,
  ) {}

  /** Starts a session for the account and returns its new token (shown once, stored hashed). */
  async create(
    account: { type: string; id: string },
    device: string,
    now = Date.now(),
  ): Promise<{ token: string; session: Session }> {
    const token = newToken()
    const session = newSession(account, device, now)
    // Sweeping the account's dead sessions here keeps the table bounded without a timer.
    await this.db('account_sessions')
      .where({ type: account.type, id: account.id })
      .andWhere((query) =>
        query.where('expires_at', '<=', now).orWhere('absolute_expires_at', '<=', now),
      )
      .delete()
    await this.db('account_sessions').insert({
      token_hash: hashToken(token),
      type: session.type,
      id: session.id,
      device,
      created_at: now,
      last_seen_at: now,
      expires_at: session.expiresAt,
      absolute_expires_at: session.absoluteExpiresAt,
    })
    return { token, session }
  }

  /**
   * The live session of a token, or null. An expired session is deleted on sight. The idle expiry
   * is moved forward when the last move is over a minute old; the condition in the update lets
   * only one of several concurrent requests (on any node) write.
   */
  async find(token: string, now = Date.now()): Promise<Session | null> {
    if (!isTokenShaped(token)) return null
    const tokenHash = hashToken(token)
    const row = await this.db<Row>('account_sessions').where({ token_hash: tokenHash }).first()
    if (!row) return null
    const session = toSession(row)
    if (isSessionOver(session, now)) {
      await this.db('account_sessions').where({ token_hash: tokenHash }).delete()
      await this.cache.delete(SESSION_CACHE, tokenHash)
      return null
    }
    const expiresAt = touchedExpiry(session, Number(row.last_seen_at), now)
    if (expiresAt !== undefined) {
      session.expiresAt = expiresAt
      await this.db('account_sessions')
        .where({ token_hash: tokenHash })
        .andWhere('last_seen_at', '<=', now - SESSION_TOUCH_MS)
        .update({ last_seen_at: now, expires_at: session.expiresAt })
    }
    return session
  }

  /** Ends the session of a token; true when there was one. */
  async end(token: string): Promise<boolean> {
    if (!isTokenShaped(token)) return false
    const tokenHash = hashToken(token)
    const ended = (await this.db('account_sessions').where({ token_hash: tokenHash }).delete()) > 0
    // The row is gone on every node at once; its cached copy must go with it.
    await this.cache.delete(SESSION_CACHE, tokenHash)
    return ended
  }
  /** Ends every session of the account (a password reset); answers how many there were. */
  async endAll(account: { type: string; id: string }): Promise<number> {
    const ended = await this.endWhere({ type: account.type, id: account.id })
    // Every cached session goes too: the entries are keyed by token, not by account.
    await this.cache.clear(SESSION_CACHE)
    return ended
  }

  /** Ends the account's sessions signed in from this device (a block); answers how many. */
  async endDevice(account: { type: string; id: string }, device: string): Promise<number> {
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
