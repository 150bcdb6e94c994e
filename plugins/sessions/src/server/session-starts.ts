import { clientKey, isAppError, type Meters, type RateLimiterService } from '@shopwright/core'
import type { SessionStore } from './session-store.js'
import type { PendingSession } from './session-writer.js'

/** The limit on sessions an address starts once it has shown it is a browser (SESSIONS_START_LIMIT). */
export const START_LIMIT = 'sessions-start'
/** The limit on sessions an address starts from pages without the cookie (SESSIONS_COOKIELESS_LIMIT). */
export const COOKIELESS_LIMIT = 'sessions-cookieless'
/** Both limits count an hour. */
export const START_WINDOW_SECONDS = 3_600

/**
 * Decides, as a batch is written, which of its sessions may be stored: those stored already, and
 * new ones within their client address's hourly budget. A script that asks for pages without
 * keeping cookies, or throws its cookie away each time, would otherwise add a row per request
 * (README, "How many sessions an address starts"). New sessions are told from known ones by the
 * table itself, and the budgets are the kernel's limits (in Redis with several nodes), so both
 * hold for the whole site; a visitor proven a browser draws on its own budget, so a cookie-less
 * flood from an address never keeps its real visitors out.
 */
export class SessionStarts {
  constructor(
    private readonly store: Pick<SessionStore, 'existing'>,
    private readonly limiter: Pick<RateLimiterService, 'consume'>,
    /** Which limits are defined (a setting of 0 defines none: no limit). */
    private readonly limits: { start: boolean; cookieless: boolean },
    /** Counts the sessions started (`sessions`, docs/operations.md "Billing meters"). */
    private readonly meters?: Pick<Meters, 'add'>,
  ) {}

  /** The sessions of a batch that may be stored; the new ones among them are metered. */
  async admit(sessions: PendingSession[]): Promise<PendingSession[]> {
    if (sessions.length === 0) return sessions
    const known = await this.store.existing(sessions.map((session) => session.id))
    const verdicts = await Promise.all(
      sessions.map((session) => known.has(session.id) || this.allowed(session)),
    )
    const admitted = sessions.filter((_, index) => verdicts[index])
    const started = admitted.length - admitted.filter((session) => known.has(session.id)).length
    if (started > 0) this.meters?.add('sessions', started)
    return admitted
  }

  /** Whether a new session's address has budget left (one point of the limit it draws on). */
  private async allowed(session: PendingSession): Promise<boolean> {
    const limit = session.proven ? START_LIMIT : COOKIELESS_LIMIT
    if (!(session.proven ? this.limits.start : this.limits.cookieless)) return true
    try {
      await this.limiter.consume(limit, clientKey(session.address))
      return true
    } catch (error) {
      // Used up: the 429 the limiter throws. Anything else is the limiter's own trouble, and
      // visits are not lost to it.
      return !(isAppError(error) && error.status === 429)
    }
  }
}
