import type { Knex } from 'knex'
import { isDuplicateKey, type DatabaseDialect } from '@shopwright/core'
import { DATABASE_TABLE, SAMPLES_TABLE } from './migrations.js'

/** A sampled figure's last reading. */
export interface Sample {
  at: number
  bytes: number
}

/** Billing's own rows (knex, SQLite and MariaDB): the database's daily size and the last samples. */
export class BillingStore {
  constructor(
    private readonly db: Knex,
    private readonly dialect: DatabaseDialect,
  ) {}

  /** Keeps the day's largest database size: a sample below the stored one changes nothing. */
  async recordDatabase(day: string, bytes: number, at: number): Promise<void> {
    const mysql = this.dialect === 'mysql'
    const sql = mysql
      ? `INSERT INTO ${DATABASE_TABLE} (day, bytes, sampled_at) VALUES (?, ?, ?)
         ON DUPLICATE KEY UPDATE sampled_at = IF(VALUES(bytes) > bytes, VALUES(sampled_at), sampled_at),
         bytes = GREATEST(bytes, VALUES(bytes))`
      : `INSERT INTO ${DATABASE_TABLE} (day, bytes, sampled_at) VALUES (?, ?, ?)
         ON CONFLICT (day) DO UPDATE SET
         sampled_at = CASE WHEN excluded.bytes > bytes THEN excluded.sampled_at ELSE sampled_at END,
         bytes = MAX(bytes, excluded.bytes)`
    await this.db.raw(sql, [day, bytes, at])
  }

  /** The stored daily sizes of the days from..to (inclusive, `YYYY-MM-DD`). */
  async databaseDays(from: string, to: string): Promise<Map<string, number>> {
    const rows = (await this.db(DATABASE_TABLE)
      .select('day', 'bytes')
      .whereBetween('day', [from, to])) as Array<{ day: string; bytes: unknown }>
    return new Map(rows.map((row) => [row.day, Number(row.bytes)]))
  }

  async lastSample(name: string): Promise<Sample | null> {
    const row = (await this.db(SAMPLES_TABLE).where({ name }).first()) as
      { at: unknown; bytes: unknown } | undefined
    return row ? { at: Number(row.at), bytes: Number(row.bytes) } : null
  }

  /**
   * Replaces the last sample, only if it is still `previous` (null: there was none): false when
   * another run got there first, so one interval is never counted twice.
   */
  async replaceSample(name: string, previous: Sample | null, next: Sample): Promise<boolean> {
    if (!previous) {
      try {
        await this.db(SAMPLES_TABLE).insert({ name, ...next })
        return true
      } catch (error) {
        if (isDuplicateKey(error)) return false
        throw error
      }
    }
    const changed = await this.db(SAMPLES_TABLE)
      .where({ name, at: previous.at })
      .update({ at: next.at, bytes: next.bytes })
    return changed === 1
  }
}
