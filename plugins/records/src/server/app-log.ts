import type { Knex } from 'knex'

/** One application log line (spec 001 section 3, "Log line"). */
export interface LogLine {
  time: string
  type: string
  name: string
  message: string
}

/**
 * The application log of record operations, kept in the database (not the process's stdout) so the
 * Log screen can page through it on any node.
 */
export class AppLog {
  constructor(private readonly db: Knex) {}

  /** Writes one line: `type` is the record type, the name `type.id`. */
  async write(type: string, id: string, message: string): Promise<void> {
    await this.db('app_log').insert({ time: Date.now(), type, name: `${type}.${id}`, message })
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
    }>
    return rows.map((row) => ({
      seq: Number(row.seq),
      time: new Date(Number(row.time)).toISOString(),
      type: row.type,
      name: row.name,
      message: row.message,
    }))
  }
}
