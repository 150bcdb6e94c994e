import { createError, type Logger } from '@shopwright/core'
import { LIVE_MS } from '../shared/types.js'
import { isReferrerSpam, payloadSpamReasons, virusReasons } from './flags.js'
import { NO_LOCATION } from './geo.js'
import { mediumOf } from './medium.js'
import type { PageWrite } from './session-store.js'
import type { PendingSession, SessionWriter } from './session-writer.js'
import { AgentReader, MAX_USER_AGENT } from './user-agent.js'
import {
  firstLanguage,
  newToken,
  previousVisits,
  SessionIds,
  sessionIdOf,
  setVisitCookies,
  visitToken,
  type VisitorRequest,
} from './visitor.js'

/** One tracked page as `/query/track` takes it (validated by the route). */
export interface TrackedPageInput {
  href: string
  entry: string
  exit: string
  start: number
  end: number
  scroll: number
}

const MAX_TEXT = 2_000
const MAX_VISITS = 999_999
/**
 * A confirmed session this node queued less than this long ago is not written again for a track
 * post that changes nothing but its last activity: its pages are. The session's end date lags
 * by at most this much; live (30 minutes) is unaffected.
 */
export const TOUCH_MS = 10_000
const RECENT_LIMIT = 50_000

function absoluteHttp(address: string): boolean {
  return /^https?:\/\//i.test(address)
}

/**
 * Starts and extends visitors' sessions: from storefront pages (the storefront's page event) and
 * from tracked pages (`/query/track`). A request only ever writes to the session of the cookie it
 * carries, or to a new one; nothing in a payload names a session.
 */
export class Tracker {
  private readonly agents = new AgentReader()
  private readonly ids = new SessionIds()
  private lastDrop = 0
  /** Confirmed sessions this node queued lately, by id: when. */
  private readonly recent = new Map<string, number>()

  constructor(
    private readonly writer: SessionWriter,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** The session a request speaks for: its cookie's, or a new one (cookies set either way). */
  private visitOf(request: VisitorRequest): { id: string; visits: number; fresh: boolean } {
    const known = visitToken(request)
    const before = previousVisits(request)
    if (known) {
      setVisitCookies(request, known, LIVE_MS)
      return { id: this.ids.of(known), visits: Math.max(before, 1), fresh: false }
    }
    // Metered when it is first stored (session-starts.ts): most cookie-less requests never are.
    const token = newToken()
    const visits = Math.min(before + 1, MAX_VISITS)
    setVisitCookies(request, token, LIVE_MS, visits)
    return { id: sessionIdOf(token), visits, fresh: true }
  }

  /** What the request itself says about the visit. */
  private describe(
    request: VisitorRequest,
    visit: { id: string; visits: number; fresh: boolean },
    at: number,
    landing: string,
    referer: string,
  ): PendingSession {
    const userAgent = request.get('user-agent').slice(0, MAX_USER_AGENT)
    const agent = this.agents.read(userAgent)
    const cutReferer = referer.slice(0, MAX_TEXT)
    const reasons: string[] = []
    if (agent.robot) reasons.push(agent.robot)
    const spam = isReferrerSpam(cutReferer)
    if (spam) reasons.push('referrer-spam')
    const hostname = request.host.replace(/:\d+$/, '')
    return {
      id: visit.id,
      startedAt: at,
      endedAt: at,
      confirmed: false,
      visits: visit.visits,
      address: request.ip,
      // A page asked for with the cookie it was given proves a browser that keeps cookies.
      proven: !visit.fresh,
      ip: '',
      userAgent,
      device: '',
      browser: agent.browser.name,
      browserVersion: agent.browser.version,
      os: agent.os.name,
      osVersion: agent.os.version,
      platform: agent.platform,
      // Looked up when the session is written, on the address before it is cut.
      ...NO_LOCATION,
      language: firstLanguage(request.get('accept-language')),
      referer: cutReferer,
      medium: mediumOf(landing, cutReferer, hostname),
      robot: agent.robot !== null,
      virus: false,
      spam,
      reasons: reasons.join(','),
    }
  }

  /**
   * A storefront page is being served: the visit starts (or goes on), its cookie is set on the
   * page, and probes for other software flag it. Never waits for the database, never throws into
   * the page: when the queue is full the change is dropped (and said in the log, once a minute).
   */
  page(request: VisitorRequest, href: string): void {
    const at = this.now()
    const visit = this.visitOf(request)
    if (this.writer.full(0)) {
      if (at - this.lastDrop > 60_000) {
        this.lastDrop = at
        this.logger.warn(
          this.writer.pending,
          'sessions: queue full, storefront visits not recorded',
        )
      }
      return
    }
    const session = this.describe(request, visit, at, href, request.get('referer'))
    const virus = virusReasons(href)
    if (virus.length > 0) {
      session.virus = true
      session.reasons = [session.reasons, ...virus].filter(Boolean).join(',')
    }
    this.writer.add(session)
  }

  /**
   * Tracked pages from the browser (validated already): the session is confirmed and its pages
   * queued, written within SESSIONS_FLUSH_MS (or at once when a batch is full) and at a graceful
   * stop. Times are moved to the server's clock (the newest end is "now"). ERROR_TRACKING_BUSY
   * when this node's queue is full: what is answered 2xx is always taken.
   */
  track(request: VisitorRequest, pages: readonly TrackedPageInput[], device: string): number {
    if (this.writer.full(pages.length)) throw createError('ERROR_TRACKING_BUSY')
    const at = this.now()
    const visit = this.visitOf(request)
    let latest = 0
    for (const page of pages) latest = Math.max(latest, page.end)
    const skew = at - latest
    const timed = pages.map((page) => ({
      ...page,
      key: page.start,
      start: page.start + skew,
      end: page.end + skew,
    }))
    if (timed.length > 1) timed.sort((a, b) => a.start - b.start)
    const writes: PageWrite[] = timed.map((page) => ({
      sessionId: visit.id,
      key: page.key,
      startedAt: page.start,
      endedAt: page.end,
      href: page.href,
      entry: page.entry,
      exit: page.exit,
      scroll: Math.round(page.scroll),
    }))
    const spam = payloadSpamReasons(timed, request.host)
    const queued = this.recent.get(visit.id)
    if (!visit.fresh && spam.length === 0 && queued !== undefined && at - queued < TOUCH_MS) {
      this.writer.addPages(writes)
    } else {
      this.writer.add(this.confirmed(request, visit, timed, at, device, spam), writes)
      this.remember(visit.id, at)
    }
    return writes.length
  }

  /**
   * Forgets which sessions were queued: all (they were cleared), or one that was not stored (its
   * address had started too many), so its next post queues it whole instead of adding pages alone.
   */
  forget(id?: string): void {
    if (id === undefined) this.recent.clear()
    else this.recent.delete(id)
  }

  private remember(id: string, at: number): void {
    this.recent.delete(id)
    if (this.recent.size >= RECENT_LIMIT) this.recent.delete(this.recent.keys().next().value!)
    this.recent.set(id, at)
  }

  /** The session a track post confirms, described from the request and its first page. */
  private confirmed(
    request: VisitorRequest,
    visit: { id: string; visits: number; fresh: boolean },
    timed: ReadonlyArray<TrackedPageInput & { key: number }>,
    at: number,
    device: string,
    spam: readonly string[],
  ): PendingSession {
    const first = timed[0]!
    // A new visit seen first here (no page of it was served with a cookie): where it came from
    // is what the tracker says the first page's referrer was.
    const referer = absoluteHttp(first.entry) ? first.entry : ''
    const session = this.describe(request, visit, first.start, first.href, referer)
    session.endedAt = at
    session.confirmed = true
    // Posted by the storefront's tracker: it runs only in a browser.
    session.proven = true
    session.device = device.slice(0, 256)
    if (spam.length > 0) {
      session.spam = true
      session.reasons = [session.reasons, ...spam].filter(Boolean).join(',')
    }
    return session
  }
}
