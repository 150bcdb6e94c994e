import type { CacheService } from '@shopwright/core'
import { isSecretShaped, newSecret } from '../secrets.js'
import {
  hashToken,
  isSessionOver,
  newSession,
  SESSION_CACHE,
  touchedExpiry,
  type AccountKey,
  type Session,
  type SessionStore,
} from '../sessions.js'

/** A session as a store holds it, with the time its idle expiry last moved (epoch ms). */
export interface StoredSession {
  session: Session
  lastSeen: number
}

/**
 * What every session store does alike (README, "Sessions"): a token is looked up only when it has
 * the shape of one we issue, and only by its hash; a session past either expiry is forgotten when
 * it is presented; the idle expiry moves at most once a minute; an ended session's cached copy
 * goes with it. Each store keeps the sessions its own way, through the methods it implements.
 */
export abstract class StoredSessions implements SessionStore {
  constructor(protected readonly cache: CacheService) {}

  async create(
    account: AccountKey,
    device: string,
    now = Date.now(),
  ): Promise<{ token: string; session: Session }> {
    const token = newSecret()
    const session = newSession(account, device, now)
    await this.save(hashToken(token), session, now)
    return { token, session }
  }

  async find(token: string, now = Date.now()): Promise<Session | null> {
    if (!isSecretShaped(token)) return null
    const tokenHash = hashToken(token)
    const stored = await this.load(tokenHash)
    if (!stored) return null
    const { session } = stored
    if (isSessionOver(session, now)) {
      await this.forget(tokenHash, session)
      return null
    }
    const expiresAt = touchedExpiry(session, stored.lastSeen, now)
    if (expiresAt === undefined) return session
    session.expiresAt = expiresAt
    return (await this.touch(tokenHash, now, expiresAt)) ? session : null
  }

  async end(token: string): Promise<boolean> {
    if (!isSecretShaped(token)) return false
    const tokenHash = hashToken(token)
    const ended = await this.remove(tokenHash)
    // The session is gone on every node at once; its cached copy must go with it.
    await this.cache.delete(SESSION_CACHE, tokenHash)
    return ended
  }

  abstract endAll(account: AccountKey): Promise<number>

  abstract endDevice(account: AccountKey, device: string): Promise<number>

  /** Keeps a new session under its token's hash; `now` is its sign-in time. */
  protected abstract save(tokenHash: string, session: Session, now: number): Promise<void>

  /** The session kept under a token's hash, or null. */
  protected abstract load(tokenHash: string): Promise<StoredSession | null>

  /**
   * Moves the session's idle expiry to `expiresAt`, unless another request (on any node) moved it
   * in the last minute; false when the session was ended meanwhile.
   */
  protected abstract touch(tokenHash: string, now: number, expiresAt: number): Promise<boolean>

  /** Deletes a session found over, and its cached copy. */
  protected abstract forget(tokenHash: string, session: Session): Promise<void>

  /** Deletes the session of a token's hash (its cached copy is end's to delete); true when there was one. */
  protected abstract remove(tokenHash: string): Promise<boolean>
}
