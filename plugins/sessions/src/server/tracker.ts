import { createError, type Logger } from '@shopwright/core'
import { LIVE_MS } from '../shared/types.js'
import { isReferrerSpam, payloadSpamReasons, virusReasons } from './flags.js'
import { mediumOf } from './medium.js'
import type { PageWrite } from './session-store.js'
import type { PendingSession, SessionWriter } from './session-writer.js'
import { AgentReader, MAX_USER_AGENT } from './user-agent.js'
import {
  firstLanguage,
  newToken,
  previousVisits,
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

function absoluteHttp(address: string): boolean {
  return /^https?:\/\//i.test(address)
}

/** The session a request speaks for: its cookie's, or a new one (cookies set either way). */
function visitOf(request: VisitorRequest): { id: string; visits: number; fresh: boolean } {
  const known = visitToken(request)
  const before = previousVisits(request)
  if (known) {
    setVisitCookies(request, known, LIVE_MS)
    return { id: sessionIdOf(known), visits: Math.max(before, 1), fresh: false }
  }
  const token = newToken()
  const visits = Math.min(before + 1, MAX_VISITS)
  setVisitCookies(request, token, LIVE_MS, visits)
  return { id: sessionIdOf(token), visits, fresh: true }
}

/**
 * Starts and extends visitors' sessions: from storefront pages (the storefront's page event) and
 * from tracked pages (`/query/track`). A request only ever writes to the session of the cookie it
 * carries, or to a new one; nothing in a payload names a session.
 */
export class Tracker {
  private readonly agents = new AgentReader()
  private lastDrop = 0

  constructor(
    private readonly writer: SessionWriter,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** What the request itself says about the visit. */
  private describe(
    request: VisitorRequest,
    visit: { id: string; visits: number },
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
      ip: '',
      userAgent,
      device: '',
      browser: agent.browser.name,
      browserVersion: agent.browser.version,
      os: agent.os.name,
      osVersion: agent.os.version,
      platform: agent.platform,
      city: '',
      region: '',
      country: '',
      latitude: null,
      longitude: null,
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
    const visit = visitOf(request)
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
   * stored. Times are moved to the server's clock (the newest end is "now"). Resolves once they
   * are stored; ERROR_TRACKING_BUSY when this node's queue is full.
   */
  async track(
    request: VisitorRequest,
    pages: readonly TrackedPageInput[],
    device: string,
  ): Promise<number> {
    if (this.writer.full(pages.length)) throw createError('ERROR_TRACKING_BUSY')
    const at = this.now()
    const visit = visitOf(request)
    const skew = at - Math.max(...pages.map((page) => page.end))
    const timed = pages
      .map((page) => ({ ...page, key: page.start, start: page.start + skew, end: page.end + skew }))
      .sort((a, b) => a.start - b.start)
    const first = timed[0]!
    // A new visit seen first here (no page of it was served with a cookie): where it came from
    // is what the tracker says the first page's referrer was.
    const referer = absoluteHttp(first.entry) ? first.entry : ''
    const session = this.describe(request, visit, first.start, first.href, referer)
    session.endedAt = at
    session.confirmed = true
    session.device = device.slice(0, 256)
    const spam = payloadSpamReasons(timed, request.host)
    if (spam.length > 0) {
      session.spam = true
      session.reasons = [session.reasons, ...spam].filter(Boolean).join(',')
    }
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
    this.writer.add(session, writes)
    await this.writer.commit()
    return writes.length
  }
}
