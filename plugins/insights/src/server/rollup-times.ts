import type { Knex } from 'knex'
import type { LastRollUp } from '../shared/types.js'
import { ROLLUPS_TABLE } from './migrations.js'

/**
 * The roll-up's times (README, "The roll-up"): one row per stored day, written once by the node
 * that stored it, after its record write; read for a month's answer (`lastrollup`).
 */
export class RollUpTimes {
  constructor(private readonly db: Knex) {}

  /** Notes that `day` was stored at `at` (epoch ms); a day noted already keeps its first time. */
  async noted(day: string, at: number): Promise<void> {
    await this.db(ROLLUPS_TABLE)
      .insert({ day, month: day.slice(0, 7), rolled_up_at: at })
      .onConflict('day')
      .ignore()
  }

  /** The month's most recent roll-up: which day it stored, and when; null before the first. */
  async lastOf(month: string): Promise<LastRollUp | null> {
    const row = (await this.db(ROLLUPS_TABLE)
      .where({ month })
      .orderBy([
        { column: 'rolled_up_at', order: 'desc' },
        { column: 'day', order: 'desc' },
      ])
      .first('day', 'rolled_up_at')) as { day: string; rolled_up_at: number | string } | undefined
    return row ? { day: row.day, at: new Date(Number(row.rolled_up_at)).toISOString() } : null
  }
}
