import type { Authenticator, CacheService, Entity, RecordData } from '@shopwright/core'
import type { RecordsService } from '@shopwright/plugin-records'
import { toEntity } from './account-answer.js'
import { readSessionCookie, type CookieContext } from './session-cookie.js'
import { hashToken, SESSION_CACHE, type Session, type SessionStore } from './sessions.js'
import { SESSIONS_FROM } from './account-guard.js'

/** True when the account ended its sessions after this one began (see SESSIONS_FROM). */
function endedBefore(session: Session, record: RecordData): boolean {
  const from = record[SESSIONS_FROM]
  return typeof from === 'number' && session.createdAt < from
}

/** A request's live session and the account record it belongs to. */
export interface SignedIn {
  session: Session
  record: RecordData
}

/**
 * Turns a request into the signed-in account: the session cookie, its row in the database, then the
 * account's record. The pair is kept in the kernel's cache (shared through Redis when configured) for
 * at most 30 s, so a signed-in call costs no query; ending a session deletes its entry, and a change
 * to any account record clears them all on every node (see the plugin's bootstrap), so roles and
 * binned accounts take effect at once.
 */
export class AccountAuthenticator implements Authenticator {
  constructor(
    private readonly sessions: SessionStore,
    private readonly records: Pick<RecordsService, 'find'>,
    private readonly cache: CacheService,
  ) {}

  /** The request's session and account record, or null when nobody is signed in. */
  async signedIn(ctx: CookieContext): Promise<SignedIn | null> {
    const token = readSessionCookie(ctx)
    if (!token) return null
    const key = hashToken(token)
    const cached = await this.cache.get<SignedIn>(SESSION_CACHE, key)
    if (cached && cached.session.expiresAt > Date.now()) return cached
    // Taken before the reads: a session ended (or a record changed) while they run is not cached
    // again after its clear (the cache's `since`).
    const since = this.cache.mark(SESSION_CACHE)
    const session = await this.sessions.find(token)
    if (!session) return null
    const record = await this.records.find(session.type, session.id)
    if (!record || endedBefore(session, record)) return null
    const signedIn = { session, record }
    await this.cache.set(SESSION_CACHE, key, signedIn, 'tiny', since)
    return signedIn
  }

  /** True when the request holds a session cookie (it may be signed in). */
  carriesCredentials(ctx: Pick<CookieContext, 'cookies'>): boolean {
    return readSessionCookie(ctx) !== undefined
  }

  /**
   * The kernel's entity of the request (see `ctx.state.entity()`), or null. A session this node
   * holds in its cache answers without a wait; the others go through `signedIn`.
   */
  authenticate(ctx: Parameters<Authenticator['authenticate']>[0]): Promise<Entity | null> {
    try {
      const token = readSessionCookie(ctx)
      if (!token) return Promise.resolve(null)
      const cached = this.cache.peek<SignedIn>(SESSION_CACHE, hashToken(token))
      if (cached && cached.session.expiresAt > Date.now())
        return Promise.resolve(entityOf(cached.record))
    } catch (error) {
      return Promise.reject(error as Error)
    }
    return this.signedIn(ctx).then((signedIn) => (signedIn ? entityOf(signedIn.record) : null))
  }
}

/**
 * The entity of an account record, made once per record object: a cached sign-in hands the same
 * record to every request of its session, which then shares one entity instead of building its own.
 */
const entities = new WeakMap<RecordData, Entity>()

function entityOf(record: RecordData): Entity {
  let entity = entities.get(record)
  if (!entity) {
    entity = toEntity(record)
    entities.set(record, entity)
  }
  return entity
}
