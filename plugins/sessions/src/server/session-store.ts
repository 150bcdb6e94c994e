import type { Knex } from 'knex'
import { retryTransaction, type DatabaseDialect } from '@shopwright/core'
import type { Medium, Platform } from '../shared/types.js'
import type { GeoLocation } from '../shared/types.js'
import { PAGES_TABLE, SESSIONS_TABLE } from './migrations.js'

/** A session as it is written: a new visit, or what a later request adds to it. */
export interface SessionWrite extends GeoLocation {
  id: string
  startedAt: number
  endedAt: number
  confirmed: boolean
  visits: number
  ip: string
  userAgent: string
  device: string
  browser: string
  browserVersion: string
  os: string
  osVersion: string
  platform: Platform
  language: string
  referer: string
  medium: Medium
  robot: boolean
  virus: boolean
  spam: boolean
  reasons: string
}

/** A tracked page as it is written; a second write of one page keeps the latest end and deepest scroll. */
export interface PageWrite {
  sessionId: string
  /** The start in the browser's clock: the page's identity within its session. */
  key: number
  startedAt: number
  endedAt: number
  href: string
  entry: string
  exit: string
  scroll: number
}

/** A session row as read back (booleans as 0/1 or true/false, numbers maybe as text on MariaDB). */
export type SessionRecord = Record<string, unknown>

/** Rows per statement: well under SQLite's 32,766 bound parameters and MariaDB's packet size. */
const SESSION_CHUNK = 200
const PAGE_CHUNK = 500

/**
 * Each field of a session write and its column, in the order of the insert. One table for both, so
 * that a field cannot be added to the columns and not to the values; `satisfies` makes every field
 * of SessionWrite name its column.
 */
const SESSION_COLUMN_OF = {
  id: 'id',
  startedAt: 'started_at',
  endedAt: 'ended_at',
  confirmed: 'confirmed',
  visits: 'visits',
  ip: 'ip',
  userAgent: 'user_agent',
  device: 'device',
  browser: 'browser',
  browserVersion: 'browser_version',
  os: 'os',
  osVersion: 'os_version',
  platform: 'platform',
  city: 'city',
  region: 'region',
  country: 'country',
  latitude: 'latitude',
  longitude: 'longitude',
  language: 'language',
  referer: 'referer',
  medium: 'medium',
  robot: 'robot',
  virus: 'virus',
  spam: 'spam',
  reasons: 'reasons',
} as const satisfies Record<keyof SessionWrite, string>

/** Each field of a page write and its column, likewise. */
const PAGE_COLUMN_OF = {
  sessionId: 'session_id',
  key: 'page_key',
  startedAt: 'started_at',
  endedAt: 'ended_at',
  href: 'href',
  entry: 'entry',
  exit: 'exit_href',
  scroll: 'scroll',
} as const satisfies Record<keyof PageWrite, string>

const SESSION_COLUMNS = Object.values(SESSION_COLUMN_OF)
const PAGE_COLUMNS = Object.values(PAGE_COLUMN_OF)

/** A write's values in its table's column order; flags as 1/0, which both dialects store. */
function rowOf<W extends object>(columnOf: Record<keyof W, string>) {
  const fields = Object.keys(columnOf) as Array<keyof W>
  return (write: W): unknown[] =>
    fields.map((field) => {
      const value = write[field]
      return typeof value === 'boolean' ? (value ? 1 : 0) : value
    })
}

const sessionValues = rowOf<SessionWrite>(SESSION_COLUMN_OF)
const pageValues = rowOf<PageWrite>(PAGE_COLUMN_OF)

/**
 * The SQL of the upserts' merges, per dialect: `incoming(column)` is the value the insert brought.
 * Only these columns change on a second write; what the first write said about the visit
 * (address, agent, location) stays.
 */
function merges(dialect: DatabaseDialect): { session: string; page: string } {
  const incoming = (column: string) =>
    dialect === 'mysql' ? `VALUES(${column})` : `excluded.${column}`
  const larger = (column: string) =>
    dialect === 'mysql'
      ? `GREATEST(${column}, ${incoming(column)})`
      : `MAX(${column}, ${incoming(column)})`
  const smaller = (column: string) =>
    dialect === 'mysql'
      ? `LEAST(${column}, ${incoming(column)})`
      : `MIN(${column}, ${incoming(column)})`
  const earlier = (column: string) =>
    `CASE WHEN ${incoming('started_at')} < started_at THEN ${incoming(column)} ELSE ${column} END`
  const unlessEmpty = (column: string) =>
    `CASE WHEN ${incoming(column)} = '' THEN ${column} ELSE ${incoming(column)} END`
  const firstFilled = (column: string) =>
    `CASE WHEN ${column} = '' THEN ${incoming(column)} ELSE ${column} END`
  const contains =
    dialect === 'mysql'
      ? `LOCATE(${incoming('reasons')}, reasons) > 0`
      : `instr(reasons, ${incoming('reasons')}) > 0`
  const joined =
    dialect === 'mysql'
      ? `LEFT(CONCAT(reasons, ',', ${incoming('reasons')}), 255)`
      : `substr(reasons || ',' || ${incoming('reasons')}, 1, 255)`
  const set = (pairs: Array<[string, string]>) =>
    pairs.map(([column, value]) => `${column} = ${value}`).join(', ')
  const prefix = dialect === 'mysql' ? 'ON DUPLICATE KEY UPDATE' : 'DO UPDATE SET'
  return {
    session: `${dialect === 'mysql' ? '' : 'ON CONFLICT (id) '}${prefix} ${set([
      // What the visit's first request said wins (it knows where the visitor came from): a write
      // that started earlier brings its referer. Before started_at: MariaDB's assignments see the
      // columns already assigned.
      ['referer', earlier('referer')],
      ['medium', earlier('medium')],
      ['started_at', smaller('started_at')],
      ['ended_at', larger('ended_at')],
      ['confirmed', larger('confirmed')],
      ['robot', larger('robot')],
      ['virus', larger('virus')],
      ['spam', larger('spam')],
      ['device', firstFilled('device')],
      [
        'reasons',
        `CASE WHEN ${incoming('reasons')} = '' OR ${contains} THEN reasons WHEN reasons = '' THEN ${incoming('reasons')} ELSE ${joined} END`,
      ],
    ])}`,
    page: `${dialect === 'mysql' ? '' : 'ON CONFLICT (session_id, page_key) '}${prefix} ${set([
      ['started_at', smaller('started_at')],
      ['ended_at', larger('ended_at')],
      ['scroll', larger('scroll')],
      ['exit_href', unlessEmpty('exit_href')],
    ])}`,
  }
}

/**
 * The text of a many-row upsert, made once per table and row count: the bulk writes of a busy
 * site would otherwise spend more in knex's query builder than in the database (as
 * core's insertRows notes). Table, columns and merge are this file's constants, never input.
 */
class UpsertStatements {
  private readonly texts = new Map<string, string>()

  sql(table: string, columns: readonly string[], merge: string, rows: number): string {
    const key = `${table}\u0000${rows}`
    let text = this.texts.get(key)
    if (!text) {
      const row = `(${columns.map(() => '?').join(', ')})`
      text = `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${Array<string>(rows).fill(row).join(', ')} ${merge}`
      this.texts.set(key, text)
    }
    return text
  }
}

/** A position in the list order (newest first): the start and id of the last row shown. */
export interface ListPosition {
  startedAt: number
  id: string
}

/** The plugin's two tables; every query here runs on SQLite and MariaDB. */
export class SessionStore {
  private readonly merge: { session: string; page: string }
  private readonly statements = new UpsertStatements()

  constructor(
    private readonly db: Knex,
    dialect: DatabaseDialect,
  ) {
    this.merge = merges(dialect)
  }

  /**
   * Writes sessions and pages in one transaction (per 200 or 500 rows a statement): all of a
   * batch is stored, or none, and SQLite commits once. Rows go in key order, so two nodes writing
   * the same sessions lock them in the same order; a deadlock MariaDB still reports (or a Galera
   * certification failure) is retried.
   */
  async write(sessions: readonly SessionWrite[], pages: readonly PageWrite[]): Promise<void> {
    if (sessions.length === 0 && pages.length === 0) return
    sessions = [...sessions].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    pages = [...pages].sort((a, b) =>
      a.sessionId < b.sessionId ? -1 : a.sessionId > b.sessionId ? 1 : a.key - b.key,
    )
    await retryTransaction(this.db, async (trx) => {
      await this.upsert(
        trx,
        SESSIONS_TABLE,
        SESSION_COLUMNS,
        this.merge.session,
        SESSION_CHUNK,
        sessions.map(sessionValues),
      )
      await this.upsert(
        trx,
        PAGES_TABLE,
        PAGE_COLUMNS,
        this.merge.page,
        PAGE_CHUNK,
        pages.map(pageValues),
      )
    })
  }

  private async upsert(
    trx: Knex.Transaction,
    table: string,
    columns: readonly string[],
    merge: string,
    chunk: number,
    rows: ReadonlyArray<readonly unknown[]>,
  ): Promise<void> {
    for (let at = 0; at < rows.length; at += chunk) {
      const part = rows.slice(at, at + chunk)
      const bindings: unknown[] = []
      for (const values of part) for (const value of values) bindings.push(value)
      await trx.raw(
        this.statements.sql(table, columns, merge, part.length),
        bindings as Knex.RawBinding[],
      )
    }
  }

  /** A page of sessions, newest first, after `after` (keyset paging on the `sessions_list` index). */
  async list(limit: number, after?: ListPosition): Promise<SessionRecord[]> {
    const query = this.db(SESSIONS_TABLE)
      .select(
        'id',
        'started_at',
        'ended_at',
        'confirmed',
        'browser',
        'browser_version',
        'os',
        'os_version',
        'platform',
        'city',
        'region',
        'country',
        'robot',
        'virus',
        'spam',
      )
      .orderBy([
        { column: 'started_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(limit)
    if (after)
      // The first condition is the index range; the second drops the rows of the same start
      // already shown.
      query
        .where('started_at', '<=', after.startedAt)
        .andWhere((inner) =>
          inner.where('started_at', '<', after.startedAt).orWhere('id', '<', after.id),
        )
    return (await query) as SessionRecord[]
  }

  async get(id: string): Promise<SessionRecord | undefined> {
    return (await this.db(SESSIONS_TABLE).where({ id }).first()) as SessionRecord | undefined
  }

  /** The session's pages in the order they were shown, at most `limit`. */
  async pages(id: string, limit: number): Promise<SessionRecord[]> {
    return (await this.db(PAGES_TABLE)
      .where({ session_id: id })
      .orderBy('page_key')
      .limit(limit)) as SessionRecord[]
  }

  /** Which of `ids` are stored already (primary-key reads, 500 ids a query). */
  async existing(ids: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>()
    for (let at = 0; at < ids.length; at += 500) {
      const rows = (await this.db(SESSIONS_TABLE)
        .whereIn('id', ids.slice(at, at + 500))
        .select('id')) as Array<{ id: string }>
      for (const row of rows) found.add(row.id)
    }
    return found
  }

  /** How many sessions had activity since `since` (the live count without Redis). */
  async activeSince(since: number): Promise<number> {
    const row = (await this.db(SESSIONS_TABLE)
      .where('ended_at', '>=', since)
      .count({ count: '*' })
      .first()) as { count?: number | string } | undefined
    return Number(row?.count ?? 0)
  }

  /** Deletes every session and page. */
  async clear(): Promise<void> {
    await this.db(PAGES_TABLE).truncate()
    await this.db(SESSIONS_TABLE).truncate()
  }

  /**
   * Deletes sessions whose last activity is before `before`, with their pages, a thousand at a
   * time (short transactions: tracking goes on meanwhile). Answers how many sessions went.
   */
  async prune(before: number, shouldStop: () => boolean = () => false): Promise<number> {
    let removed = 0
    for (;;) {
      const ids = (
        (await this.db(SESSIONS_TABLE)
          .select('id')
          .where('ended_at', '<', before)
          .limit(1_000)) as Array<{ id: string }>
      ).map((row) => row.id)
      if (ids.length === 0) return removed
      await retryTransaction(this.db, async (trx) => {
        await trx(PAGES_TABLE).whereIn('session_id', ids).delete()
        await trx(SESSIONS_TABLE).whereIn('id', ids).delete()
      })
      removed += ids.length
      if (ids.length < 1_000 || shouldStop()) return removed
    }
  }
}
