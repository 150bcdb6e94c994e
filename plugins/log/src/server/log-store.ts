import { setImmediate as yieldTurn } from 'node:timers/promises'
import type { Knex } from 'knex'
import { insertRows, type DatabaseDialect } from '@shopwright/core'
import {
  levelName,
  type LogLine,
  type LogPage,
  type LogPart,
  type LogSource,
} from '../shared/types.js'
import { LOG_TABLE } from './migrations.js'

/** One line as stored. */
export interface LogRow {
  time: number
  level: number
  source: LogSource
  type: string
  name: string
  actor: string
  /** The parts as JSON (messageJson). */
  message: string
}

/** What one page asks for; the route has checked every value. */
export interface LogQuery {
  /** One record (`type.id`) or server source (`server.drive`). */
  name?: string
  /** One record type, or `server`. */
  type?: string
  /** One level, as its number. */
  level?: number
  /** The page's token: lines before this position. */
  before?: number
  /** Epoch milliseconds: lines at or before this moment (when no token is given). */
  until?: number
  pagesize: number
}

const COLUMNS = ['time', 'level', 'source', 'type', 'name', 'actor', 'message'] as const
/** Lines per insert statement, and about how many bytes of messages (MySQL's packet limit is far above). */
const INSERT_ROWS = 200
const INSERT_BYTES = 2_000_000
/** Lines one delete statement of the pruning takes at most, each its own short transaction. */
const PRUNE_CHUNK = 5_000

interface StoredRow {
  seq: number | string
  time: number | string
  level: number | string
  source: string
  type: string
  name: string
  actor: string
  message: string
}

/**
 * The `log_lines` table: inserts in few statements, pages in `seq` order by keyset (never OFFSET:
 * the millionth line costs what the first does), the clear, and pruning in short chunks that
 * several nodes may run at once.
 */
export class LogStore {
  constructor(
    private readonly db: Knex,
    private readonly dialect: DatabaseDialect,
  ) {}

  /** Writes lines, in the caller's transaction when given. */
  async insert(rows: readonly LogRow[], db: Knex | Knex.Transaction = this.db): Promise<void> {
    let batch: Array<readonly unknown[]> = []
    let bytes = 0
    const write = async () => {
      if (batch.length > 0) await insertRows(db, LOG_TABLE, COLUMNS, batch)
      batch = []
      bytes = 0
    }
    for (const row of rows) {
      batch.push([row.time, row.level, row.source, row.type, row.name, row.actor, row.message])
      bytes += row.message.length + row.name.length + row.actor.length
      if (batch.length >= INSERT_ROWS || bytes >= INSERT_BYTES) await write()
    }
    await write()
  }

  /** One page, newest first, with the tokens of the pages around it. */
  async list(query: LogQuery): Promise<LogPage> {
    let start = query.before
    if (start === undefined && query.until !== undefined) {
      // The newest line at or before the moment, found on the time index; the page starts there.
      const row = (await this.db(LOG_TABLE)
        .where('time', '<=', query.until)
        .orderBy([
          { column: 'time', order: 'desc' },
          { column: 'seq', order: 'desc' },
        ])
        .first('seq')) as { seq: number | string } | undefined
      start = row ? Number(row.seq) + 1 : 1
    }
    const page = this.filtered(query)
      .select('seq', ...COLUMNS)
      .orderBy('seq', 'desc')
      .limit(query.pagesize + 1)
    if (start !== undefined) page.where('seq', '<', start)
    const rows = (await page) as StoredRow[]
    const more = rows.length > query.pagesize
    const shown = more ? rows.slice(0, query.pagesize) : rows
    const answer: LogPage = {
      list: shown.map(toLine),
      nextpage: more ? String(shown.at(-1)!.seq) : null,
      prevpage: null,
      newer: false,
      pagesize: query.pagesize,
    }
    if (start === undefined) return answer
    // What a page above this one holds: the lines just newer than its top, oldest first.
    const top = shown.length > 0 ? Number(shown[0]!.seq) : start - 1
    const newer = (await this.filtered(query)
      .where('seq', '>', top)
      .orderBy('seq', 'asc')
      .limit(query.pagesize + 1)
      .select('seq')) as Array<{ seq: number | string }>
    answer.newer = newer.length > 0
    // More than a page above: the previous page starts at the page-th line up; else it is the first.
    if (newer.length > query.pagesize)
      answer.prevpage = String(Number(newer[query.pagesize - 1]!.seq) + 1)
    return answer
  }

  /** Deletes every line. */
  async clear(): Promise<void> {
    // TRUNCATE on MySQL/MariaDB, a whole-table DELETE on SQLite: both take no time per line.
    await this.db(LOG_TABLE).truncate()
  }

  /** Deletes the lines logged up to a moment (right after a clear: the few written late). */
  async deleteUntil(time: number): Promise<number> {
    return this.db(LOG_TABLE).where('time', '<=', time).delete()
  }

  /**
   * Deletes lines older than `before` (epoch ms) and beyond the newest `keep`, a chunk per
   * statement from the oldest up. Deleting what another node deleted already deletes nothing, so
   * every node may prune at once. Answers how many lines it deleted.
   */
  async prune(options: { before?: number; keep?: number }): Promise<number> {
    let deleted = 0
    if (options.before !== undefined) deleted += await this.deleteOlderThan(options.before)
    if (options.keep !== undefined && options.keep > 0) {
      const bound = await this.boundBeyond(options.keep)
      if (bound !== undefined) deleted += await this.deleteUpTo(bound)
    }
    return deleted
  }

  /**
   * Lines older than the moment, chunk by chunk of positions from the lowest: lines are written
   * in time order (within a second: nodes write their copies in batches), so the first chunk
   * that keeps a line is where the old ones end.
   */
  private async deleteOlderThan(before: number): Promise<number> {
    let deleted = 0
    for (;;) {
      const low = await this.lowest()
      if (low === undefined) return deleted
      const chunk = () =>
        this.db(LOG_TABLE)
          .where('seq', '>=', low)
          .andWhere('seq', '<', low + PRUNE_CHUNK)
      deleted += await chunk().andWhere('time', '<', before).delete()
      if (await chunk().first('seq')) return deleted
      await yieldTurn()
    }
  }

  /** The position of the newest line beyond the newest `keep`, if there are more lines. */
  private async boundBeyond(keep: number): Promise<number | undefined> {
    const range = (await this.db(LOG_TABLE).min('seq as low').max('seq as high').first()) as
      { low: number | string | null; high: number | string | null } | undefined
    if (range?.low === null || range?.low === undefined || range.high === null) return undefined
    const low = Number(range.low)
    const high = Number(range.high)
    // Positions have no gaps below the top on SQLite (one writer, pruned from the bottom): the bound
    // is arithmetic. MySQL may leave gaps (a rolled-back insert, a Galera cluster's step), so the
    // server counts; that read runs on the database, never in this process's event loop.
    if (high - low + 1 <= keep) return undefined
    if (this.dialect === 'sqlite') return high - keep
    const row = (await this.db(LOG_TABLE).orderBy('seq', 'desc').offset(keep).first('seq')) as
      { seq: number | string } | undefined
    return row ? Number(row.seq) : undefined
  }

  /** Lines at positions up to `bound`, a chunk per statement. */
  private async deleteUpTo(bound: number): Promise<number> {
    let deleted = 0
    for (;;) {
      const low = await this.lowest()
      if (low === undefined || low > bound) return deleted
      const upTo = Math.min(bound, low + PRUNE_CHUNK - 1)
      deleted += await this.db(LOG_TABLE).where('seq', '<=', upTo).delete()
      // SQLite runs in this thread: a turn for requests between chunks.
      await yieldTurn()
    }
  }

  /** The lowest position in the table (the primary key's first entry), if any line is there. */
  private async lowest(): Promise<number | undefined> {
    const row = (await this.db(LOG_TABLE).min('seq as low').first()) as
      { low: number | string | null } | undefined
    return row?.low === null || row?.low === undefined ? undefined : Number(row.low)
  }

  /** The lines a query's filters keep: one name or type, one level. */
  private filtered(query: LogQuery): Knex.QueryBuilder {
    const builder = this.db(LOG_TABLE)
    if (query.name !== undefined) builder.where('name', query.name)
    else if (query.type !== undefined) builder.where('type', query.type)
    if (query.level !== undefined) {
      // With a name or a type, that index is the one to walk: `level + 0` keeps the planner off
      // the level index, which would read every line of the level to find the record's few.
      if (query.name !== undefined || query.type !== undefined)
        builder.whereRaw('level + 0 = ?', [query.level])
      else builder.where('level', query.level)
    }
    return builder
  }
}

function toLine(row: StoredRow): LogLine {
  let message: LogPart[]
  try {
    message = JSON.parse(row.message) as LogPart[]
    if (!Array.isArray(message)) message = [{ kind: 'text', text: String(row.message) }]
  } catch {
    message = [{ kind: 'text', text: row.message }]
  }
  return {
    id: String(row.seq),
    time: new Date(Number(row.time)).toISOString(),
    level: levelName(Number(row.level)),
    source: row.source === 'record' ? 'record' : 'server',
    type: row.type,
    name: row.name,
    actor: row.actor,
    message,
  }
}
