import { createError } from '@shopwright/core'
import {
  LIVE_MS,
  type DayFacts,
  type LocatedSession,
  type Medium,
  type Platform,
  type SessionDetail,
  type SessionPage,
  type SessionRow,
} from '../shared/types.js'
import type { LiveCounter } from './live-counter.js'
import { DAY, type SessionFacts } from './session-facts.js'
import type { ListPosition, SessionRecord, SessionStore } from './session-store.js'
import type { SessionWriter } from './session-writer.js'

/** The list's page size (the admin list's, 100) and the most one page may hold. */
export const DEFAULT_PAGE_SIZE = 100
export const MAX_PAGE_SIZE = 1_000
/** The most pages the detail shows (a session may have thousands). */
export const MAX_DETAIL_PAGES = 1_000
/** The most sessions `located` gives (live insights shows up to 1,000). */
export const MAX_LOCATED = 1_000

const text = (value: unknown): string => (typeof value === 'string' ? value : '')
const flag = (value: unknown): boolean => value === true || Number(value) === 1
const time = (value: unknown): number => Number(value)
const iso = (value: unknown): string => new Date(time(value)).toISOString()

/** The list's page token: the start and id of the page's last row, base64url. */
export function encodePosition(position: ListPosition): string {
  return Buffer.from(`${position.startedAt}.${position.id}`).toString('base64url')
}

/** A page token back to its position; a token this plugin did not make is ERROR_INVALID_INPUT. */
export function decodePosition(token: string): ListPosition {
  const match =
    token.length <= 64 && /^[A-Za-z0-9_-]+$/.test(token)
      ? /^(\d{1,16})\.([A-Za-z0-9_-]{1,32})$/.exec(Buffer.from(token, 'base64url').toString())
      : null
  if (!match) throw createError('ERROR_INVALID_INPUT', { reason: 'nextpage' })
  return { startedAt: Number(match[1]), id: match[2]! }
}

function rowOf(record: SessionRecord, now: number): SessionRow {
  return {
    id: text(record.id),
    startDate: iso(record.started_at),
    endDate: iso(record.ended_at),
    city: text(record.city),
    region: text(record.region),
    country: text(record.country),
    browser: { name: text(record.browser), version: text(record.browser_version) },
    os: { name: text(record.os), version: text(record.os_version) },
    platform: text(record.platform) as Platform,
    robot: flag(record.robot),
    virus: flag(record.virus),
    spam: flag(record.spam),
    confirmed: flag(record.confirmed),
    live: now - time(record.ended_at) < LIVE_MS,
  }
}

const nullableNumber = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value)

/** The sessions as the admin reads them, and the clear. Rights are checked by the routes. */
export class SessionsService {
  constructor(
    private readonly store: SessionStore,
    private readonly writer: SessionWriter,
    private readonly live: LiveCounter,
    private readonly facts: SessionFacts,
    /** Called after a clear: what this node remembers of sessions it queued goes too. */
    private readonly cleared: () => void = () => undefined,
    private readonly now: () => number = Date.now,
  ) {}

  async list(options: { pagesize?: number; nextpage?: string }): Promise<SessionPage> {
    const pagesize = options.pagesize ?? DEFAULT_PAGE_SIZE
    if (!Number.isInteger(pagesize) || pagesize < 1 || pagesize > MAX_PAGE_SIZE)
      throw createError('ERROR_INVALID_INPUT', { reason: `pagesize: 1 to ${MAX_PAGE_SIZE}` })
    const after = options.nextpage ? decodePosition(options.nextpage) : undefined
    const records = await this.store.list(pagesize + 1, after)
    const now = this.now()
    const list = records.slice(0, pagesize).map((record) => rowOf(record, now))
    const last = records.length > pagesize ? records[pagesize - 1] : undefined
    return {
      list,
      pagesize,
      ...(last
        ? { nextpage: encodePosition({ startedAt: time(last.started_at), id: text(last.id) }) }
        : {}),
    }
  }

  async get(id: string): Promise<SessionDetail> {
    const record = await this.store.get(id)
    if (!record) throw createError('ERROR_SESSION_NOT_AVAILABLE', { reason: id })
    const pages = await this.store.pages(id, MAX_DETAIL_PAGES)
    return {
      ...rowOf(record, this.now()),
      sessions: Number(record.visits) || 1,
      language: text(record.language),
      latitude: nullableNumber(record.latitude),
      longitude: nullableNumber(record.longitude),
      ip: text(record.ip),
      userAgent: text(record.user_agent),
      referer: { medium: text(record.medium) as Medium, referer: text(record.referer) },
      reasons: [...new Set(text(record.reasons).split(',').filter(Boolean))],
      pages: pages.map((page) => ({
        href: text(page.href),
        entry: text(page.entry),
        exit: text(page.exit_href),
        startDate: iso(page.started_at),
        endDate: iso(page.ended_at),
        scroll: Number(page.scroll),
      })),
    }
  }

  /**
   * What the genuine confirmed sessions started on a UTC day did (DayFacts), for insights. This
   * node's queued writes are not in it until they are flushed (within SESSIONS_FLUSH_MS).
   */
  async dayFacts(day: string): Promise<DayFacts> {
    if (!DAY.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00.000Z`)))
      throw createError('ERROR_INVALID_INPUT', { reason: 'day: YYYY-MM-DD' })
    return this.facts.day(day)
  }

  /** Up to `limit` (at most MAX_LOCATED) sessions with a place, the most recently active first. */
  async located(limit = MAX_LOCATED): Promise<LocatedSession[]> {
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LOCATED)
      throw createError('ERROR_INVALID_INPUT', { reason: `limit: 1 to ${MAX_LOCATED}` })
    return this.facts.located(limit)
  }

  async liveCount(): Promise<number> {
    return this.live.count(this.now())
  }

  /** Deletes every session: this node's queue, the tables and the live count. */
  async clear(): Promise<void> {
    await this.writer.flush()
    this.writer.discard()
    await this.store.clear()
    this.cleared()
    await this.live.clear()
  }
}
