import type { Authenticator, Entity, RecordData } from '@shopwright/core'
import type { RecordStore } from '@shopwright/plugin-records'
import { toEntity } from './account-answer.js'
import { readSessionCookie, type CookieContext } from './session-cookie.js'
import type { Session, SessionStore } from './sessions.js'

/** A request's live session and the account record it belongs to. */
export interface SignedIn {
  session: Session
  record: RecordData
}

/**
 * Turns a request into the signed-in account: the session cookie, its row in the database, then the
 * account's record, read fresh on every request so a change of roles (or a binned account) takes
 * effect at once on every node. Nothing is kept in process memory.
 */
export class AccountAuthenticator implements Authenticator {
  constructor(
    private readonly sessions: SessionStore,
    private readonly records: Pick<RecordStore, 'get'>,
  ) {}

  /** The request's session and account record, or null when nobody is signed in. */
  async signedIn(ctx: CookieContext): Promise<SignedIn | null> {
    const token = readSessionCookie(ctx)
    if (!token) return null
    const session = await this.sessions.find(token)
    if (!session) return null
    const record = await this.records.get(session.type, session.id)
    return record ? { session, record } : null
  }

  /** The kernel's entity of the request (see `ctx.state.entity()`), or null. */
  async authenticate(ctx: Parameters<Authenticator['authenticate']>[0]): Promise<Entity | null> {
    const signedIn = await this.signedIn(ctx)
    return signedIn ? toEntity(signedIn.record) : null
  }
}
