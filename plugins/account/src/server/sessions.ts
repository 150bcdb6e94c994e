import { sha256Hex } from './secrets.js'

/** The cache type of signed-in sessions, keyed by token hash (see AccountAuthenticator). */
export const SESSION_CACHE = 'session'

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

/** A session ends after 30 days without a request (idle expiry). */
export const SESSION_IDLE_MS = 30 * DAY

/** A session ends 180 days after sign-in however active it is (absolute expiry), so a stolen token cannot live forever. */
export const SESSION_ABSOLUTE_MS = 180 * DAY

/**
 * The idle expiry moves forward at most once a minute: a busy client costs one write a minute,
 * not one per request, and the expiry is at most a minute short.
 */
export const SESSION_TOUCH_MS = MINUTE

/** An account's record type and id, which its sessions are kept under. */
export interface AccountKey {
  type: string
  id: string
}

/** A live session, as the authenticator needs it. */
export interface Session {
  /** The account's record type and id. */
  type: string
  id: string
  device: string
  createdAt: number
  expiresAt: number
  absoluteExpiresAt: number
}

/** The stored form of a token: its SHA-256 in hex. A token is 256 random bits, so no salt or slow hash is needed. */
export function hashToken(token: string): string {
  let hash = recentHashes.get(token)
  if (hash === undefined) {
    hash = sha256Hex(token)
    // A bounded memo of a pure function: a busy browser sends the same token on every request.
    if (recentHashes.size >= MAX_RECENT_HASHES) recentHashes.clear()
    recentHashes.set(token, hash)
  }
  return hash
}

const MAX_RECENT_HASHES = 10_000
const recentHashes = new Map<string, string>()

/**
 * Where sessions live: the `account_sessions` table (DatabaseSessions), or Redis when REDIS_URL is
 * set (RedisSessions), both StoredSessions. Either way every node sees the same sessions, and only
 * token hashes are kept.
 */
export interface SessionStore {
  /** Starts a session for the account and returns its new token (shown once, stored hashed). */
  create(
    account: AccountKey,
    device: string,
    now?: number,
  ): Promise<{ token: string; session: Session }>
  /** The live session of a token, or null; moves the idle expiry forward at most once a minute. */
  find(token: string, now?: number): Promise<Session | null>
  /** Ends the session of a token; true when there was one. */
  end(token: string): Promise<boolean>
  /** Ends every session of the account (a password reset); answers how many there were. */
  endAll(account: AccountKey): Promise<number>
  /** Ends the account's sessions signed in from this device (a block); answers how many. */
  endDevice(account: AccountKey, device: string): Promise<number>
}

/** A session begun now for the account: both stores start one the same way. */
export function newSession(account: AccountKey, device: string, now: number): Session {
  return {
    type: account.type,
    id: account.id,
    device,
    createdAt: now,
    expiresAt: now + SESSION_IDLE_MS,
    absoluteExpiresAt: now + SESSION_ABSOLUTE_MS,
  }
}

/** True when either expiry has passed: the session is over, whatever its store still holds. */
export function isSessionOver(session: Session, now: number): boolean {
  return session.expiresAt <= now || session.absoluteExpiresAt <= now
}

/**
 * The session's new idle expiry when its last move is at least SESSION_TOUCH_MS old, or undefined
 * when it is too recent to write again; never past the absolute expiry.
 */
export function touchedExpiry(session: Session, lastSeen: number, now: number): number | undefined {
  if (now - lastSeen < SESSION_TOUCH_MS) return undefined
  return Math.min(now + SESSION_IDLE_MS, session.absoluteExpiresAt)
}
