import type { Knex } from 'knex'
import { OTHER_KEY } from '@shopwright/core/shared'
import { FACTS_KEYS, type DayFacts, type LocatedSession, type Tally } from '../shared/types.js'
import { PAGES_TABLE, SESSIONS_TABLE } from './migrations.js'

const DAY_MS = 86_400_000
export const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/

/** The sessions that count: genuine, confirmed, started within the day. */
function genuineOfDay(query: Knex.QueryBuilder, from: number, alias = ''): Knex.QueryBuilder {
  const column = (name: string) => (alias ? `${alias}.${name}` : name)
  return query
    .where(column('started_at'), '>=', from)
    .andWhere(column('started_at'), '<', from + DAY_MS)
    .andWhere(column('confirmed'), true)
    .andWhere(column('robot'), false)
    .andWhere(column('virus'), false)
    .andWhere(column('spam'), false)
}

/** A page's path: what a browser sent (an address or a path) without its host, query or hash. */
export function pathOf(href: string): string {
  try {
    return new URL(href, 'http://site.invalid').pathname
  } catch {
    return href.split(/[?#]/, 1)[0] ?? href
  }
}

/** Adds a count to a tally; `__proto__` and its kind are ordinary keys in a null-prototype tally. */
function count(tally: Tally, key: string, amount: number): void {
  tally[key] = (tally[key] ?? 0) + amount
}

const tally = (): Tally => Object.create(null) as Tally

/** The FACTS_KEYS largest keys of a tally, the rest summed under OTHER_KEY. */
export function largest(all: Tally, keep = FACTS_KEYS): Tally {
  const entries = Object.entries(all).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
  const kept = tally()
  for (const [key, value] of entries.slice(0, keep)) kept[key] = value
  const rest = entries.slice(keep).reduce((sum, [, value]) => sum + value, 0)
  if (rest > 0) count(kept, OTHER_KEY, rest)
  return kept
}

/**
 * The aggregate reads insights needs from the sessions tables (the plugin's own: other plugins ask
 * the sessions service, never the tables). A day's facts are a handful of grouped queries over the
 * day's sessions (the `sessions_list` index) and their pages (the pages' primary key).
 */
export class SessionFacts {
  constructor(private readonly db: Knex) {}

  async day(day: string): Promise<DayFacts> {
    const from = Date.parse(`${day}T00:00:00.000Z`)
    const db = this.db
    const [groups, pages, entries] = await Promise.all([
      genuineOfDay(db(SESSIONS_TABLE), from)
        .select('browser', 'os', 'language', 'medium', 'country', 'region', 'city')
        .select(db.raw('COUNT(*) AS n'))
        .select(db.raw('SUM(CASE WHEN visits > 1 THEN 1 ELSE 0 END) AS returning_n'))
        .groupBy('browser', 'os', 'language', 'medium', 'country', 'region', 'city') as Promise<
        Array<Record<string, unknown>>
      >,
      genuineOfDay(
        db(`${PAGES_TABLE} as p`).join(`${SESSIONS_TABLE} as s`, 's.id', 'p.session_id'),
        from,
        's',
      )
        .select('p.href as href')
        .select(db.raw('COUNT(*) AS n'))
        .groupBy('p.href') as Promise<Array<{ href: string; n: unknown }>>,
      // Each session's first page: the smallest key (the browser's start time) of its pages.
      db(`${PAGES_TABLE} as p`)
        .join(
          genuineOfDay(
            db(`${PAGES_TABLE} as f`).join(`${SESSIONS_TABLE} as s`, 's.id', 'f.session_id'),
            from,
            's',
          )
            .select('f.session_id as session_id')
            .min('f.page_key as first_key')
            .groupBy('f.session_id')
            .as('e'),
          (join) => join.on('e.session_id', 'p.session_id').andOn('e.first_key', 'p.page_key'),
        )
        .select('p.href as href')
        .select(db.raw('COUNT(*) AS n'))
        .groupBy('p.href') as Promise<Array<{ href: string; n: unknown }>>,
    ])
    const facts: DayFacts = {
      day,
      sessions: 0,
      newSessions: 0,
      returningSessions: 0,
      pages: 0,
      browsers: tally(),
      os: tally(),
      languages: tally(),
      sources: tally(),
      places: tally(),
      entryPages: tally(),
      routes: tally(),
    }
    const text = (value: unknown) => (typeof value === 'string' ? value : '')
    for (const group of groups) {
      const n = Number(group.n)
      const returning = Number(group.returning_n)
      facts.sessions += n
      facts.returningSessions += returning
      facts.newSessions += n - returning
      count(facts.browsers, text(group.browser), n)
      count(facts.os, text(group.os), n)
      count(facts.languages, text(group.language), n)
      count(facts.sources, text(group.medium), n)
      const country = text(group.country)
      if (country) count(facts.places, `${country}|${text(group.region)}|${text(group.city)}`, n)
    }
    for (const page of pages) {
      facts.pages += Number(page.n)
      count(facts.routes, pathOf(page.href), Number(page.n))
    }
    for (const entry of entries) count(facts.entryPages, pathOf(entry.href), Number(entry.n))
    facts.places = largest(facts.places)
    facts.routes = largest(facts.routes)
    facts.entryPages = largest(facts.entryPages)
    return facts
  }

  /** Up to `limit` sessions with a place, the most recently active first (so the live ones lead). */
  async located(limit: number): Promise<LocatedSession[]> {
    const rows = (await this.db(SESSIONS_TABLE)
      .select(
        'latitude',
        'longitude',
        'city',
        'region',
        'country',
        'confirmed',
        'robot',
        'virus',
        'spam',
      )
      .whereNotNull('latitude')
      .whereNotNull('longitude')
      .orderBy('ended_at', 'desc')
      .limit(limit)) as Array<Record<string, unknown>>
    const flag = (value: unknown) => value === true || Number(value) === 1
    const text = (value: unknown) => (typeof value === 'string' ? value : '')
    return rows.map((row) => ({
      latitude: Number(row.latitude),
      longitude: Number(row.longitude),
      city: text(row.city),
      region: text(row.region),
      country: text(row.country),
      confirmed: flag(row.confirmed),
      genuine: !flag(row.robot) && !flag(row.virus) && !flag(row.spam),
    }))
  }
}
