import type { Knex } from 'knex'
import { insertRows, retryTransaction, type DatabaseDialect } from '@shopwright/core'

/** One application log line (docs/api.md, "Records"), with who made the change. */
export interface LogLine {
  time: string
  type: string
  name: string
  message: string
  /** `type|id` of the account that made the change, `system`, or `anonymous`. */
  actor: string
}

/** A line to write: the record's type and id, what happened, and who did it. */
export interface LogEntry {
  type: string
  id: string
  message: string
  actor: string
  /** Epoch milliseconds; now when not given (a line moved from this table keeps its own). */
  time?: number
}

/**
 * Where record-change lines go when a plugin keeps the site's one log (the log plugin provides it
 * as the `recordLogSink` service): each write's lines are written in that write's transaction, as
 * they are here without one. Declared here so that records knows no such plugin by name.
 */
export interface RecordLogSink {
  write(entries: readonly LogEntry[], trx: Knex | Knex.Transaction): Promise<void>
}

/** Lines per insert statement. */
const BATCH = 500
const COLUMNS = ['time', 'type', 'name', 'message', 'actor']

interface StoredLine {
  seq: number
  time: number | string
  type: string
  name: string
  message: string
  actor: string
}

/**
 * The application log of record operations, kept in the database (not the process's stdout) so the
 * Log screen can page through it on any node. A write's line is written in the write's own
 * transaction, so a change is never stored without its line, nor the line without the change.
 * Without a log plugin the lines stay in this plugin's `app_log`; with one (`useSink`), they go
 * to its table, and the lines written here before move there once.
 */
export class AppLog {
  private sink: RecordLogSink | undefined

  constructor(
    private readonly db: Knex,
    private readonly dialect: DatabaseDialect,
  ) {}

  /**
   * From now on, lines go to the sink; the lines of `app_log` move to it first, oldest first, a
   * batch per transaction, so two nodes starting together move each line once.
   */
  async useSink(sink: RecordLogSink | undefined): Promise<{ moved: number }> {
    this.sink = sink
    if (!sink) return { moved: 0 }
    let moved = 0
    for (;;) {
      const count = await retryTransaction(this.db, async (trx) => {
        const query = trx('app_log').orderBy('seq').limit(BATCH)
        // Another node moving the same lines waits here, then sees only the lines left.
        if (this.dialect !== 'sqlite') query.forUpdate()
        const rows = (await query) as StoredLine[]
        if (rows.length === 0) return 0
        await sink.write(
          rows.map((row) => ({
            type: row.type,
            // Types pass the id rule, which has no dot: the id is what follows `type.`.
            id: row.name.slice(row.type.length + 1),
            message: row.message,
            actor: row.actor,
            time: Number(row.time),
          })),
          trx,
        )
        await trx('app_log')
          .whereIn(
            'seq',
            rows.map((row) => row.seq),
          )
          .delete()
        return rows.length
      })
      moved += count
      if (count < BATCH) return { moved }
    }
  }

  /** Writes lines: `type` is the record type, the name `type.id`. */
  async write(entries: readonly LogEntry[], trx?: Knex.Transaction): Promise<void> {
    if (this.sink) return this.sink.write(entries, trx ?? this.db)
    const time = Date.now()
    // Lines are short (a message and names), so BATCH of them stay far below MySQL's packet limit.
    for (let start = 0; start < entries.length; start += BATCH) {
      await insertRows(
        trx ?? this.db,
        'app_log',
        COLUMNS,
        entries
          .slice(start, start + BATCH)
          .map((entry) => [
            entry.time ?? time,
            entry.type,
            `${entry.type}.${entry.id}`,
            entry.message,
            entry.actor,
          ]),
      )
    }
  }

  /**
   * The newest lines of `app_log` first, optionally for one `type.id` name: the lines written
   * while no log plugin runs (with one, read its calls: `/query/log/list`).
   */
  async list(options: {
    name?: string
    limit: number
    before?: number
  }): Promise<Array<LogLine & { seq: number }>> {
    const query = this.db('app_log').orderBy('seq', 'desc').limit(options.limit)
    if (options.name) query.where({ name: options.name })
    if (options.before) query.where('seq', '<', options.before)
    const rows = (await query) as StoredLine[]
    return rows.map((row) => ({
      seq: Number(row.seq),
      time: new Date(Number(row.time)).toISOString(),
      type: row.type,
      name: row.name,
      message: row.message,
      actor: row.actor,
    }))
  }
}
