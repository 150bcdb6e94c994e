import type { QueryContext } from '@shopwright/core'

/** The cookie holding the session token. */
export const SESSION_COOKIE = 'sw_session'

/** What the cookie helpers touch of a request: its cookies and whether it came over HTTPS. */
export type CookieContext = Pick<QueryContext, 'cookies' | 'secure'>

/**
 * The attributes of every session cookie. HttpOnly keeps the token from scripts; SameSite=Lax keeps
 * it off cross-site POSTs (with the Device header, the CSRF defence); Secure whenever the request
 * came over HTTPS (behind a proxy only with TRUST_PROXY, which makes `ctx.secure` read
 * X-Forwarded-Proto).
 */
function attributes(ctx: CookieContext) {
  return {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: ctx.secure,
    overwrite: true,
  } as const
}

/** The token the browser sent, or undefined. */
export function readSessionCookie(ctx: Pick<CookieContext, 'cookies'>): string | undefined {
  return ctx.cookies.get(SESSION_COOKIE) || undefined
}

/**
 * Sets the token cookie to live until the session's absolute expiry. The server enforces the idle
 * expiry, which moves, so the cookie never needs to be sent again while the session is in use.
 */
export function setSessionCookie(
  ctx: CookieContext,
  token: string,
  absoluteExpiresAt: number,
  now = Date.now(),
): void {
  ctx.cookies.set(SESSION_COOKIE, token, {
    ...attributes(ctx),
    maxAge: Math.max(0, absoluteExpiresAt - now),
  })
}

/** Tells the browser to drop the token cookie. */
export function clearSessionCookie(ctx: CookieContext): void {
  ctx.cookies.set(SESSION_COOKIE, null, attributes(ctx))
}
