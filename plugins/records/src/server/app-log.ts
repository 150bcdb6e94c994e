import type { Knex } from 'knex'
import { insertRows } from '@shopwright/core'

/** One application log line (spec 001 section 3, "Log line"), with who made the change. */
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
}

/** Lines per insert statement. */
const BATCH = 500
const COLUMNS = ['time', 'type', 'name', 'message', 'actor']

/**
 * The application log of record operations, kept in the database (not the process's stdout) so the
 * Log screen can page through it on any node. A write's line is written in the write's own
 * transaction, so a change is never stored without its line, nor the line without the change.
 */
export class AppLog {
  constructor(private readonly db: Knex) {}

  /** Writes lines: `type` is the record type, the name `type.id`. */
  async write(entries: readonly LogEntry[], trx?: Knex.Transaction): Promise<void> {
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
            time,
            entry.type,
            `${entry.type}.${entry.id}`,
            entry.message,
            entry.actor,
          ]),
      )
    }
  }

  /** The newest lines first, optionally for one `type.id` name. */
  async list(options: {
    name?: string
    limit: number
    before?: number
  }): Promise<Array<LogLine & { seq: number }>> {
    const query = this.db('app_log').orderBy('seq', 'desc').limit(options.limit)
    if (options.name) query.where({ name: options.name })
    if (options.before) query.where('seq', '<', options.before)
    const rows = (await query) as Array<{
      seq: number
      time: number | string
      type: string
      name: string
      message: string
      actor: string
    }>
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
