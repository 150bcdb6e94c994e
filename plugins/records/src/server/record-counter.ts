import type { Knex } from 'knex'
import { isLockRace, toBase62, type DatabaseDialect, type RecordData } from '@shopwright/core'
import type { Executor } from './record-reads.js'
import { groupByType } from './record-keys.js'

/** Tries of one counter statement that lost a write race to another node. */
const COUNTER_ATTEMPTS = 20

/**
 * The ids of new records: each type's counter in `record_counters`, taken in one atomic statement
 * and written in base 62, skipping ids someone chose by hand (docs/architecture.md, "Records").
 */
export class RecordCounter {
  constructor(
    private readonly db: Knex,
    private readonly dialect: DatabaseDialect,
  ) {}

  /**
   * On MySQL/MariaDB, gives the records their types' next free ids before their write, each type's
   * numbers taken in one statement of its own; answers the records still waiting for an id (all of
   * them on SQLite, whose writes take their numbers inside the transaction, see nextId).
   *
   * Why apart: the counter is one row per type, which every create of the type changes. Inside the
   * write's transaction, creates on two nodes of a Galera cluster conflict on it at commit, and a
   * whole create runs again for each conflict (about a third of 200 concurrent creates were refused
   * after five tries). A statement of its own is short, retried alone, and a refused write leaves a
   * gap in the numbers instead of a conflict (docs/operations.md, "Galera").
   */
  async reserveIds(records: readonly RecordData[]): Promise<RecordData[]> {
    if (this.dialect === 'sqlite' || records.length === 0) return [...records]
    for (const [type, waiting] of groupByType(records, (record) => record)) {
      while (waiting.length > 0) {
        const last = await this.incrementAlone(type, waiting.length)
        const ids = Array.from({ length: waiting.length }, (_, n) =>
          toBase62(last - waiting.length + 1 + n),
        )
        // Ids someone chose by hand are skipped, as nextId does.
        const taken = new Set(
          (await this.db('records').where({ type }).whereIn('id', ids).pluck('id')) as string[],
        )
        const free = ids.filter((id) => !taken.has(id))
        for (const [n, id] of free.entries()) waiting[n]!.id = id
        waiting.splice(0, free.length)
      }
    }
    return []
  }

  /**
   * The next free id of a type. The increment is one atomic statement, so two processes never get
   * the same number. Inside a write's transaction (`trx`) a refused write takes its number back
   * with it.
   */
  async nextId(type: string, trx?: Knex.Transaction): Promise<string> {
    const executor = trx ?? this.db
    for (;;) {
      const id = toBase62(await this.increment(type, executor))
      const taken = await executor('records').where({ type, id }).first('id')
      if (!taken) return id
    }
  }

  /** increment() in a statement of its own, again when it lost a write race to another node. */
  private async incrementAlone(type: string, count: number): Promise<number> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.increment(type, this.db, count)
      } catch (error) {
        if (attempt >= COUNTER_ATTEMPTS || !isLockRace(error)) throw error
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt))
      }
    }
  }

  /** Adds `count` to a type's counter in one atomic statement; answers the new value. */
  private async increment(type: string, executor: Executor, count = 1): Promise<number> {
    if (this.dialect === 'sqlite') {
      const rows = (await executor.raw(
        'INSERT INTO record_counters (type, value) VALUES (?, ?) ON CONFLICT(type) DO UPDATE SET value = value + ? RETURNING value',
        [type, count, count],
      )) as Array<{ value: number }>
      return Number(rows[0]!.value)
    }
    // LAST_INSERT_ID(expr) makes the statement's insertId the new value, on this very connection.
    const [result] = (await executor.raw(
      'INSERT INTO record_counters (type, value) VALUES (?, LAST_INSERT_ID(?)) ON DUPLICATE KEY UPDATE value = LAST_INSERT_ID(value + ?)',
      [type, count, count],
    )) as [{ insertId: number }]
    return Number(result.insertId)
  }
}
