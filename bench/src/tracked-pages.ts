import { SESSION_COLUMNS } from './scenarios/sessions-track.js'
import { writeSqlite } from './sqlite-write.js'

/**
 * Tracked pages written straight into the sessions plugin's tables (`sessions_sessions`,
 * `sessions_pages`), as the insights-month and dashboard scenarios fill a site: a million calls of
 * `POST /query/track` would take minutes and measure tracking. Sessions start evenly over a span,
 * PAGES_PER_SESSION pages each, 30 s apart.
 */

/** Tracked pages a session holds. */
export const PAGES_PER_SESSION = 4
const DAY_MS = 86_400_000

const BROWSERS = ['Chrome', 'Safari', 'Firefox', 'Microsoft Edge', 'Samsung Internet'] as const
const SYSTEMS = ['Windows', 'iOS', 'Android', 'macOS', 'Linux'] as const
const PLACES = [
  ['London', 'England', 'GB'],
  ['Paris', 'Île-de-France', 'FR'],
  ['Mountain View', 'California', 'US'],
  ['Berlin', 'Land Berlin', 'DE'],
  ['', '', ''],
] as const
const MEDIA = ['direct', 'search', 'social', 'email', 'referral'] as const

/** Where the pages fall: `pages` of them, in sessions starting from `fromMs` to `toMs`. */
export interface TrackedSpan {
  pages: number
  fromMs: number
  toMs: number
}

/** The start of session `n` of a span (epoch ms): evenly spread, the first at `fromMs`. */
export function sessionStart(span: TrackedSpan, n: number): number {
  const sessions = span.pages / PAGES_PER_SESSION
  return span.fromMs + Math.floor((n / sessions) * Math.max(60_000, span.toMs - span.fromMs))
}

/**
 * The pages of a span by UTC day (`YYYY-MM-DD`), as insights counts them: a session counts on the
 * day it started, with all its pages.
 */
export function pagesByDay(span: TrackedSpan): Map<string, number> {
  const days = new Map<string, number>()
  for (let n = 0; n < span.pages / PAGES_PER_SESSION; n++) {
    const day = new Date(Math.floor(sessionStart(span, n) / DAY_MS) * DAY_MS)
      .toISOString()
      .slice(0, 10)
    days.set(day, (days.get(day) ?? 0) + PAGES_PER_SESSION)
  }
  return days
}

/**
 * Writes a span's pages (transactions of 25,000 sessions; the kernel may be running): five
 * browsers, systems, places and sources, 2,000 paths; answers the milliseconds it took.
 */
export function insertTrackedPages(file: string, span: TrackedSpan): number {
  const begun = performance.now()
  const sessions = span.pages / PAGES_PER_SESSION
  writeSqlite(file, (db) => {
    const session = db.prepare(
      `INSERT INTO sessions_sessions (${SESSION_COLUMNS})
         VALUES (?, ?, ?, 1, ?, '203.0.113.0', 'Mozilla/5.0', 'bench', ?, '1', ?, '1', 'desktop', ?, ?,
          ?, 51.5, -0.1, ?, '', ?, 0, 0, 0, '')`,
    )
    const page = db.prepare(
      `INSERT INTO sessions_pages (session_id, page_key, started_at, ended_at, href, entry, exit_href,
          scroll) VALUES (?, ?, ?, ?, ?, '', '', 50)`,
    )
    const batch = db.transaction((from: number, to: number) => {
      for (let n = from; n < to; n++) {
        const id = `bench${n.toString(36).padStart(8, '0')}`
        const start = sessionStart(span, n)
        const [city, region, country] = PLACES[n % PLACES.length]!
        session.run(
          id,
          start,
          start + PAGES_PER_SESSION * 30_000,
          n % 4 === 0 ? 2 : 1,
          BROWSERS[n % BROWSERS.length]!,
          SYSTEMS[(n >> 1) % SYSTEMS.length]!,
          city,
          region,
          country,
          n % 7 === 0 ? 'fr-fr' : 'en-gb',
          MEDIA[n % MEDIA.length]!,
        )
        for (let p = 0; p < PAGES_PER_SESSION; p++)
          page.run(
            id,
            start + p * 30_000,
            start + p * 30_000,
            start + (p + 1) * 30_000,
            `/item/${(n + p) % 2_000}`,
          )
      }
    })
    for (let from = 0; from < sessions; from += 25_000)
      batch(from, Math.min(sessions, from + 25_000))
  })
  return performance.now() - begun
}
