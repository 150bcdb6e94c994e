import type { QueryMiddleware } from '@shopwright/core'
import { clearSessionCookie, readSessionCookie } from '../session-cookie.js'
import type { SessionStore } from '../sessions.js'

/**
 * `POST /query/account/logout`: deletes the session row, so the token is dead on every node even
 * if a copy of the cookie survives, and clears the cookie. Answers `{ ok: true }` also when nobody
 * was signed in: the caller's goal, being signed out, holds either way.
 */
export function logout({ sessionStore }: { sessionStore: SessionStore }): QueryMiddleware {
  return async (ctx) => {
    const token = readSessionCookie(ctx)
    if (token) await sessionStore.end(token)
    clearSessionCookie(ctx)
    ctx.body = { ok: true }
  }
}
