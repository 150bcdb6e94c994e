import { createHash } from 'node:crypto'
import { pooledRandomBytes } from '@shopwright/core'

/** The visit's cookie: a random token, HttpOnly, renewed for 30 minutes by every request. */
export const VISIT_COOKIE = 'sw_visit'
/** How many visits this browser made (the session's `sessions` count); no identifier. */
export const VISITS_COOKIE = 'sw_visits'

const TOKEN = /^[A-Za-z0-9_-]{22}$/
const COUNT = /^\d{1,6}$/
const YEAR_MS = 365 * 24 * 3600 * 1000

/** The parts of a request the visitor's recognition reads and writes (Koa's context has them). */
export interface VisitorRequest {
  readonly ip: string
  readonly secure: boolean
  /** Host name and port of the site, as the visitor asked for it. */
  readonly host: string
  get(header: string): string
  /** Adds a response header (another Set-Cookie beside any already set). */
  append(header: string, value: string): void
}

const TOKEN_BYTES = 16

/**
 * A fresh visit token: 128 random bits, base64url. Every new visitor's first page makes one, so
 * the bits come from core's pooled generator.
 */
export function newToken(): string {
  return pooledRandomBytes(TOKEN_BYTES).toString('base64url')
}

/**
 * The session's id from its token: a hash, so the id the admin shows (and puts in addresses)
 * cannot be turned back into a cookie that writes to the session.
 */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('base64url').slice(0, 22)
}

/** sessionIdOf with a bounded memory: a visitor's every request would hash its token again. */
export class SessionIds {
  private readonly known = new Map<string, string>()

  constructor(private readonly size = 50_000) {}

  of(token: string): string {
    let id = this.known.get(token)
    if (id === undefined) {
      id = sessionIdOf(token)
      if (this.known.size >= this.size) this.known.delete(this.known.keys().next().value!)
      this.known.set(token, id)
    }
    return id
  }
}

// Read straight from the Cookie header: this runs on every storefront page and tracking call.
const VISIT_VALUE = new RegExp(`(?:^|;\\s*)${VISIT_COOKIE}=([^;]*)`)
const VISITS_VALUE = new RegExp(`(?:^|;\\s*)${VISITS_COOKIE}=([^;]*)`)

/** The visit token the request carries, or undefined (none, or not one this plugin made). */
export function visitToken(request: VisitorRequest): string | undefined {
  const token = VISIT_VALUE.exec(request.get('cookie'))?.[1]
  return token && TOKEN.test(token) ? token : undefined
}

/** How many visits the browser says it made before (0 when it says nothing readable). */
export function previousVisits(request: VisitorRequest): number {
  const count = VISITS_VALUE.exec(request.get('cookie'))?.[1]
  return count && COUNT.test(count) ? Number(count) : 0
}

// Every tracking call renews the visit cookie: its date is written once a second per lifetime (the
// visit's and the count's), not each time.
const expiresByAge = new Map<number, { second: number; text: string }>()

/** The Expires date of a cookie set now for maxAgeMs (for the browsers that ignore Max-Age). */
function expiresOf(maxAgeMs: number): string {
  const second = Math.floor(Date.now() / 1000)
  let known = expiresByAge.get(maxAgeMs)
  if (known?.second !== second) {
    known = { second, text: new Date(second * 1000 + maxAgeMs).toUTCString() }
    // The lifetimes are constants: a couple of entries, whatever the traffic.
    if (expiresByAge.size >= 8) expiresByAge.clear()
    expiresByAge.set(maxAgeMs, known)
  }
  return known.text
}

/** A Set-Cookie value: first-party, HttpOnly, SameSite=Lax, Secure on HTTPS. */
function cookieHeader(name: string, value: string, maxAgeMs: number, secure: boolean): string {
  const expires = expiresOf(maxAgeMs)
  return `${name}=${value}; path=/; max-age=${Math.round(maxAgeMs / 1000)}; expires=${expires}; samesite=lax; httponly${secure ? '; secure' : ''}`
}

/**
 * Sets (or renews) the visit cookie, and the visit count when a visit starts. Both first-party,
 * HttpOnly, SameSite=Lax, Secure on HTTPS.
 */
export function setVisitCookies(
  request: VisitorRequest,
  token: string,
  liveMs: number,
  visits?: number,
): void {
  request.append('Set-Cookie', cookieHeader(VISIT_COOKIE, token, liveMs, request.secure))
  if (visits !== undefined)
    request.append(
      'Set-Cookie',
      cookieHeader(VISITS_COOKIE, String(visits), YEAR_MS, request.secure),
    )
}

/** The first language the visitor's browser asks for (`en-gb`), or ''. */
export function firstLanguage(acceptLanguage: string): string {
  const first = acceptLanguage.split(',')[0]?.split(';')[0]?.trim().toLowerCase() ?? ''
  return /^[a-z]{1,8}(-[a-z0-9]{1,8})*$/.test(first) ? first.slice(0, 35) : ''
}
