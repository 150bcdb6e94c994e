import type { Knex } from 'knex'
import { SqliteReader } from './sqlite-reader.js'
import type { RecordIndex } from './record-index.js'
import {
  insertRows,
  isDuplicateKey,
  isLockRace,
  createError,
  retryTransaction,
  toBase62,
  type CacheService,
  type DatabaseDialect,
  type RecordData,
  type SeedWriter,
} from '@shopwright/core'

/** A stored record with its storage metadata. */
export interface StoredRecord {
  record: RecordData
  created: number
  modified: number
  binned: number | null
  version: number
}

interface Row {
  type: string
  id: string
  body: string | Record<string, unknown>
  created_at: number | string
  modified_at: number | string
  binned_at: number | string | null
  version: number
}

const SEED_BATCH = 200
/** The rows a type's live count is spread over (see changeLive). */
const LIVE_SLOTS = 8

/** Whoever runs a statement: the pool, or the transaction of a write. */
type Executor = Knex | Knex.Transaction

/** MySQL/MariaDB and SQLite codes of a transaction that lost a lock race and may simply run again. */

/** The cache type of records' JSON text (see getText). */
export const RECORD_TEXT_CACHE = 'recordtext'

function textKey(type: string, id: string): string {
  return `${type}|${id}`
}

/** A record as JSON from its stored body text: `{"type":..,"id":..,<fields>}`, without parsing the body. */
export function spliceRecord(type: string, id: string, body: string): string {
  const head = `{"type":${JSON.stringify(type)},"id":${JSON.stringify(id)}`
  const rest = body.trim()
  return rest === '{}' ? `${head}}` : `${head},${rest.slice(1)}`
}

/**
 * Records as JSON documents keyed by (type, id), on SQLite and MySQL/MariaDB. This is the one place
 * that turns rows into records, so engine differences (a JSON column comes back as a string on one and
 * an object on the other, numbers as strings) are settled here.
 */
export class RecordStore implements SeedWriter {
  private reader: SqliteReader | null | undefined

  constructor(
    private readonly db: Knex,
    private readonly dialect: DatabaseDialect,
    /** The SQLite file, for the read-only connection of the hot reads; null on MySQL or in memory. */
    private readonly sqliteFilename: string | null = null,
    /** Where the JSON text of recently read records is kept; every write below drops its copy. */
    private readonly cache: CacheService | null = null,
    /** The record lists' search and sort index, kept in each write's transaction. */
    private readonly index: RecordIndex | null = null,
  ) {}

  /** A live (not binned) record, or null. */
  async get(type: string, id: string): Promise<RecordData | null> {
    const text = await this.getText(type, id)
    return text === null ? null : (JSON.parse(text) as RecordData)
  }

  /**
   * A live record as JSON text (`{"type":..,"id":..,<fields>}`), or null: from the cache when it was
   * read lately, else from the database, never parsed. Every write method of this store drops the
   * cached copy (on every node, as cache deletes travel), so no caller can leave it stale.
   */
  async getText(type: string, id: string): Promise<string | null> {
    const key = textKey(type, id)
    const cached = await this.cache?.get<string>(RECORD_TEXT_CACHE, key)
    if (cached !== undefined) return cached
    const reader = this.hotReader()
    const row = reader
      ? reader.get<{ body: string }>(
          'SELECT body FROM records WHERE type = ? AND id = ? AND binned_at IS NULL',
          type,
          id,
        )
      : await this.db<Row>('records')
          .select('body')
          .where({ type, id })
          .whereNull('binned_at')
          .first()
    if (!row) return null
    const text = spliceRecord(
      type,
      id,
      typeof row.body === 'string' ? row.body : JSON.stringify(row.body),
    )
    await this.cache?.set(RECORD_TEXT_CACHE, key, text, 'veryshort')
    return text
  }

  /**
   * Runs a write in one transaction. A transaction that lost a lock race (a deadlock on MySQL or
   * MariaDB, a busy SQLite) runs again from the start, so `work` must do nothing outside `trx`.
   */
  transaction<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
    return retryTransaction(this.db, work)
  }

  /**
   * Drops the cached text of a record after a write. Writes given a transaction leave this to
   * their caller, after the commit: dropped earlier, a reader could cache the old text again.
   */
  async forget(type: string, id: string): Promise<void> {
    await this.cache?.delete(RECORD_TEXT_CACHE, textKey(type, id))
  }

  /** Closes the read-only connection, if one was opened. */
  close(): void {
    this.reader?.close()
    this.reader = null
  }

  /** The read-only connection, opened on first use (after migrations made the file). */
  private hotReader(): SqliteReader | null {
    if (this.reader === undefined)
      this.reader = this.sqliteFilename ? new SqliteReader(this.sqliteFilename) : null
    return this.reader
  }

  /** A record with its metadata, binned or not. */
  async getStored(type: string, id: string, trx?: Executor): Promise<StoredRecord | null> {
    const row = await (trx ?? this.db)<Row>('records').where({ type, id }).first()
    return row ? toStored(row) : null
  }

  /**
   * Records with their metadata, binned or not, by (type, id); missing ones are left out. The keys
   * are looked up per type (`type = ? AND id IN (...)`) for their ids first, and only the records
   * that exist are read whole: an import of new records costs one narrow query per batch.
   */
  async getStoredMany(keys: ReadonlyArray<{ type: string; id: string }>): Promise<StoredRecord[]> {
    const byType = new Map<string, string[]>()
    for (const key of keys) byType.set(key.type, [...(byType.get(key.type) ?? []), key.id])
    const found: StoredRecord[] = []
    for (const [type, ids] of byType) {
      for (let start = 0; start < ids.length; start += KEY_BATCH) {
        const batch = ids.slice(start, start + KEY_BATCH)
        const present = (await this.db('records')
          .where({ type })
          .whereIn('id', batch)
          .pluck('id')) as string[]
        if (present.length === 0) continue
        const rows = await this.db<Row>('records').where({ type }).whereIn('id', present)
        found.push(...rows.map(toStored))
      }
    }
    return found
  }

  /**
   * Inserts a new record; ERROR_RECORD_ALREADY_EXISTS when (type, id) is taken, even in the bin.
   * With `trx` the caller drops the cached text after its commit (see forget).
   */
  async insert(record: RecordData, trx?: Knex.Transaction): Promise<RecordData> {
    await this.insertMany([record], trx)
    return record
  }

  /**
   * Inserts new records in one statement per batch; ERROR_RECORD_ALREADY_EXISTS when any
   * (type, id) is taken (nothing of a failed statement is written). With `trx` the caller drops
   * the cached texts after its commit.
   */
  async insertMany(records: readonly RecordData[], trx?: Knex.Transaction): Promise<void> {
    if (records.length === 0) return
    // The rows and the live counts change together, or neither does.
    if (!trx) {
      await this.transaction((own) => this.insertMany(records, own))
      for (const record of records) await this.forget(record.type, record.id)
      return
    }
    const now = Date.now()
    try {
      // Statements of at most INSERT_BATCH rows and about INSERT_BYTES of bodies: MySQL refuses a
      // statement over its max_allowed_packet (16 MB by default), and a record may hold 1 MB.
      let rows: unknown[][] = []
      let bytes = 0
      for (const record of records) {
        const values = rowValues(record, now)
        rows.push(values)
        bytes += (values[2] as string).length
        if (rows.length >= INSERT_BATCH || bytes >= INSERT_BYTES) {
          await insertRows(trx, 'records', ROW_COLUMNS, rows)
          rows = []
          bytes = 0
        }
      }
      await insertRows(trx, 'records', ROW_COLUMNS, rows)
    } catch (error) {
      if (isDuplicateKey(error))
        throw createError('ERROR_RECORD_ALREADY_EXISTS', {
          reason:
            records.length === 1 ? `${records[0]!.type}.${records[0]!.id}` : 'one of the records',
        })
      throw error
    }
    const added = new Map<string, number>()
    for (const record of records) added.set(record.type, (added.get(record.type) ?? 0) + 1)
    for (const [type, count] of added) await this.changeLive(trx, type, count)
    await this.index?.write(trx, records, false)
  }

  /** Replaces a live record's fields; bumps its version. Returns false when there is no such record. */
  async replace(record: RecordData): Promise<boolean> {
    const { type, id } = record
    const updated = await this.transaction(async (trx) => {
      const count = await trx('records')
        .where({ type, id })
        .whereNull('binned_at')
        .update({
          body: JSON.stringify(bodyOf(record)),
          modified_at: Date.now(),
          version: this.db.raw('version + 1'),
        })
      if (count > 0) await this.index?.write(trx, [record], true)
      return count
    })
    await this.forget(type, id)
    return updated > 0
  }

  /**
   * Replaces a live record's fields only if its version is still `version` (optimistic concurrency):
   * a writer that lost the race re-reads and re-applies its change instead of overwriting another's.
   */
  async replaceIfVersion(
    record: RecordData,
    version: number,
    trx?: Knex.Transaction,
  ): Promise<boolean> {
    if (!trx) {
      const replaced = await this.transaction((own) => this.replaceIfVersion(record, version, own))
      await this.forget(record.type, record.id)
      return replaced
    }
    const updated = await trx('records')
      .where({ type: record.type, id: record.id, version })
      .whereNull('binned_at')
      .update({
        body: JSON.stringify(bodyOf(record)),
        modified_at: Date.now(),
        version: version + 1,
      })
    if (updated > 0) await this.index?.write(trx, [record], true)
    return updated > 0
  }

  /**
   * Gives a live record a new id (and new fields) at `version`, keeping its creation time, in one
   * transaction. ERROR_RECORD_ALREADY_EXISTS when the new id is taken; false when the record changed.
   */
  async rename(
    record: RecordData,
    oldId: string,
    version: number,
    outer?: Knex.Transaction,
  ): Promise<boolean> {
    const run = async (trx: Knex.Transaction): Promise<boolean> => {
      const row = await trx<Row>('records')
        .where({ type: record.type, id: oldId, version })
        .whereNull('binned_at')
        .first()
      if (!row) return false
      try {
        await trx('records').insert({
          ...toRow(record, Date.now()),
          created_at: row.created_at,
          version: version + 1,
        })
      } catch (error) {
        if (isDuplicateKey(error))
          throw createError('ERROR_RECORD_ALREADY_EXISTS', {
            reason: `${record.type}.${record.id}`,
          })
        throw error
      }
      await trx('records').where({ type: record.type, id: oldId }).delete()
      await this.index?.drop(trx, record.type, [oldId])
      await this.index?.write(trx, [record], true)
      return true
    }
    if (outer) return run(outer)
    const renamed = await retryTransaction(this.db, run)
    await this.forget(record.type, oldId)
    await this.forget(record.type, record.id)
    return renamed
  }

  /** Moves a live record to the bin (at `version`, when given); false when there is no such live record. */
  async bin(type: string, id: string, trx?: Knex.Transaction, version?: number): Promise<boolean> {
    if (!trx) {
      const binned = await this.transaction((own) => this.bin(type, id, own, version))
      await this.forget(type, id)
      return binned
    }
    const updated = await trx('records')
      .where({ type, id, ...(version === undefined ? {} : { version }) })
      .whereNull('binned_at')
      .update({ binned_at: Date.now(), version: this.db.raw('version + 1') })
    if (updated > 0) {
      await this.changeLive(trx, type, -updated)
      await this.index?.drop(trx, type, [id])
    }
    return updated > 0
  }

  /** Brings a binned record back; false when it is not in the bin (at `version`, when given). */
  async restore(
    type: string,
    id: string,
    trx?: Knex.Transaction,
    version?: number,
  ): Promise<boolean> {
    if (!trx) {
      const restored = await this.transaction((own) => this.restore(type, id, own, version))
      await this.forget(type, id)
      return restored
    }
    const updated = await trx('records')
      .where({ type, id, ...(version === undefined ? {} : { version }) })
      .whereNotNull('binned_at')
      .update({ binned_at: null, version: this.db.raw('version + 1') })
    if (updated > 0) {
      await this.changeLive(trx, type, updated)
      if (this.index) {
        const row = (await trx('records').where({ type, id }).first('body')) as Row | undefined
        if (row) await this.index.write(trx, [toStored({ ...row, type, id } as Row).record], true)
      }
    }
    return updated > 0
  }

  /**
   * Deletes a record for good, binned or not; false when there is none. With `version`, only the
   * record as it was read (the guards judged that one); with `binnedOnly`, only from the bin.
   */
  async remove(
    type: string,
    id: string,
    trx?: Knex.Transaction,
    version?: number,
    binnedOnly = false,
  ): Promise<boolean> {
    if (!trx) {
      const removed = await this.transaction((own) =>
        this.remove(type, id, own, version, binnedOnly),
      )
      await this.forget(type, id)
      return removed
    }
    const key = { type, id, ...(version === undefined ? {} : { version }) }
    // A live record leaves the live count; one in the bin had left it already.
    const live = binnedOnly ? 0 : await trx('records').where(key).whereNull('binned_at').delete()
    if (live > 0) await this.changeLive(trx, type, -live)
    const binned = live > 0 ? 0 : await trx('records').where(key).whereNotNull('binned_at').delete()
    if (live + binned > 0) await this.index?.drop(trx, type, [id])
    return live + binned > 0
  }

  /** Binned records, newest first, optionally of some types only; keyset paging on (binned_at, type, id). */
  async listBin(options: {
    types?: readonly string[]
    limit: number
    after?: { binned: number; type: string; id: string }
  }): Promise<StoredRecord[]> {
    const query = this.db<Row>('records')
      .whereNotNull('binned_at')
      .orderBy([{ column: 'binned_at', order: 'desc' }, 'type', 'id'])
      .limit(options.limit)
    if (options.types) query.whereIn('type', [...options.types])
    const after = options.after
    if (after) {
      query.where((where) =>
        where
          .where('binned_at', '<', after.binned)
          .orWhere((same) =>
            same
              .where('binned_at', after.binned)
              .where((tie) =>
                tie
                  .where('type', '>', after.type)
                  .orWhere((t) => t.where('type', after.type).where('id', '>', after.id)),
              ),
          ),
      )
    }
    return (await query).map(toStored)
  }

  /** The types that have records in the bin. */
  async binnedTypes(): Promise<string[]> {
    return this.db('records').whereNotNull('binned_at').distinct('type').pluck('type')
  }

  /** Binned records of a type (the bin's Empty goes through them one by one). */
  async binnedOf(type: string): Promise<StoredRecord[]> {
    return (await this.db<Row>('records').where({ type }).whereNotNull('binned_at')).map(toStored)
  }

  /** True when any record of the type is stored, live or binned. */
  async hasRecordsOf(type: string): Promise<boolean> {
    return (await this.db('records').where({ type }).first('id')) !== undefined
  }

  /** The stored JSON text of a page of live records, in id order, without parsing it. */
  async listText(
    type: string,
    options: { after?: string; offset?: number; limit: number },
  ): Promise<Array<{ id: string; body: string }>> {
    const reader = this.hotReader()
    if (reader) {
      const sql = 'SELECT id, body FROM records WHERE type = ? AND binned_at IS NULL'
      return options.after !== undefined
        ? reader.all(`${sql} AND id > ? ORDER BY id LIMIT ?`, type, options.after, options.limit)
        : reader.all(
            `${sql} ORDER BY id LIMIT ? OFFSET ?`,
            type,
            options.limit,
            options.offset ?? 0,
          )
    }
    const query = this.db<Row>('records')
      .select('id', 'body')
      .where({ type })
      .whereNull('binned_at')
      .orderBy('id')
      .limit(options.limit)
    if (options.after !== undefined) query.where('id', '>', options.after)
    else if (options.offset) query.offset(options.offset)
    return (await query).map((row) => ({
      id: row.id,
      body: typeof row.body === 'string' ? row.body : JSON.stringify(row.body),
    }))
  }

  /** Live records by (type, id), in the order asked; missing ones are left out. */
  async getMany(keys: ReadonlyArray<{ type: string; id: string }>): Promise<RecordData[]> {
    if (keys.length === 0) return []
    const rows: Row[] = []
    for (let start = 0; start < keys.length; start += KEY_BATCH) {
      const batch = keys.slice(start, start + KEY_BATCH)
      rows.push(
        ...(await this.db<Row>('records')
          .whereNull('binned_at')
          .where((where) => {
            for (const key of batch) where.orWhere({ type: key.type, id: key.id })
          })),
      )
    }
    const found = new Map(rows.map((row) => [`${row.type}\u0000${row.id}`, toStored(row).record]))
    return keys.flatMap((key) => found.get(`${key.type}\u0000${key.id}`) ?? [])
  }

  /** Live records of a type in id order, after the given id (keyset paging). */
  async list(type: string, options: { after?: string; limit: number }): Promise<RecordData[]> {
    const query = this.db<Row>('records')
      .where({ type })
      .whereNull('binned_at')
      .orderBy('id')
      .limit(options.limit)
    if (options.after !== undefined) query.where('id', '>', options.after)
    return (await query).map((row) => toStored(row).record)
  }

  /**
   * How many live records a type has, or all types together: the sum of the type's live-count
   * slots, which every write keeps in its own transaction (migration 005), so this reads a few
   * rows however many records there are.
   */
  async count(type?: string): Promise<number> {
    const query = this.db('record_live')
    if (type) query.where({ type })
    const row = (await query.sum<{ n: number | string | null }[]>({ n: 'live' }))[0]
    return Number(row?.n ?? 0)
  }

  /** How many live records a type has, counted row by row (the check of the kept count). */
  async countRows(type: string): Promise<number> {
    const row = (
      await this.db('records')
        .whereNull('binned_at')
        .where({ type })
        .count<{ n: number | string }[]>({ n: '*' })
    )[0]
    return Number(row?.n ?? 0)
  }

  /**
   * Adds `delta` to a type's live count, in the caller's transaction: one of LIVE_SLOTS rows at
   * random, so concurrent writes of one type (on two nodes, or Galera's nodes) rarely meet on a row.
   */
  private async changeLive(trx: Knex.Transaction, type: string, delta: number): Promise<void> {
    const slot = Math.floor(Math.random() * LIVE_SLOTS)
    await trx('record_live')
      .insert({ type, slot, live: delta })
      .onConflict(['type', 'slot'])
      .merge({ live: trx.raw('?? + ?', ['record_live.live', delta]) })
  }

  /** Sets the live counts of some types from their rows (after a seed's insert-or-skip). */
  private async recountLive(trx: Knex.Transaction, types: readonly string[]): Promise<void> {
    for (const type of types) {
      const row = (
        await trx('records')
          .whereNull('binned_at')
          .where({ type })
          .count<{ n: number | string }[]>({ n: '*' })
      )[0]
      await trx('record_live').where({ type }).delete()
      await trx('record_live').insert({ type, slot: 0, live: Number(row?.n ?? 0) })
    }
  }

  /** True when nothing at all is stored (a new site). */
  async isEmpty(): Promise<boolean> {
    return (await this.db('records').select('type').limit(1)).length === 0
  }

  /** Inserts the records whose (type, id) is free, in batches; existing records stay untouched. */
  async insertMissing(
    records: readonly RecordData[],
  ): Promise<{ inserted: number; existing: number }> {
    const unique = new Map(records.map((record) => [`${record.type}\u0000${record.id}`, record]))
    const now = Date.now()
    let inserted = 0
    // Two nodes seeding a new site at once collide on the same rows (a Galera conflict at commit).
    await retryTransaction(this.db, async (trx) => {
      const all = [...unique.values()]
      for (let start = 0; start < all.length; start += SEED_BATCH) {
        const batch = all.slice(start, start + SEED_BATCH)
        const before = await countKeys(trx, batch)
        await trx('records')
          .insert(batch.map((record) => toRow(record, now)))
          .onConflict(['type', 'id'])
          .ignore()
        inserted += (await countKeys(trx, batch)) - before
      }
      // Rows a concurrent writer inserted meanwhile were skipped, so the types are counted again.
      if (inserted > 0) {
        const types = [...new Set(all.map((record) => record.type))]
        await this.recountLive(trx, types)
        // Which of the batch were new is not known row by row: their index is built again.
        await this.index?.outdate(trx, types)
      }
    })
    return { inserted, existing: unique.size - inserted }
  }

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
    const byType = new Map<string, RecordData[]>()
    for (const record of records) {
      const waiting = byType.get(record.type)
      if (waiting) waiting.push(record)
      else byType.set(record.type, [record])
    }
    for (const [type, waiting] of byType) {
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

  /**
   * The next free id of a type from its base-62 counter (spec 000 section 9). The increment is one
   * atomic statement, so two processes never get the same number; ids someone chose by hand are
   * skipped. Inside a write's transaction (`trx`) a refused write takes its number back with it.
   */
  async nextId(type: string, trx?: Knex.Transaction): Promise<string> {
    const executor = trx ?? this.db
    for (;;) {
      const id = toBase62(await this.increment(type, executor))
      const taken = await executor('records').where({ type, id }).first('id')
      if (!taken) return id
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

/** Tries of one counter statement that lost a write race to another node. */
const COUNTER_ATTEMPTS = 20

/** Keys per `where (a) or (b) ...` lookup, and rows per multi-row insert. */
const KEY_BATCH = 500
// SQLite allows 32,766 variables a statement: 500 rows of 7 columns stay far below.
const INSERT_BATCH = 500
const INSERT_BYTES = 4 * 1024 * 1024

function bodyOf(record: RecordData): Record<string, unknown> {
  const { type: _type, id: _id, ...fields } = record
  return fields
}

/** The columns of a new record's row, in the order rowValues answers them. */
const ROW_COLUMNS = ['type', 'id', 'body', 'created_at', 'modified_at', 'binned_at', 'version']

/** A new record's row as values in ROW_COLUMNS order (a bulk insert: insertRows). */
function rowValues(record: RecordData, now: number): unknown[] {
  return [record.type, record.id, JSON.stringify(bodyOf(record)), now, now, null, 1]
}

function toRow(record: RecordData, now: number): Record<string, unknown> {
  return {
    type: record.type,
    id: record.id,
    body: JSON.stringify(bodyOf(record)),
    created_at: now,
    modified_at: now,
    binned_at: null,
    version: 1,
  }
}

function toStored(row: Row): StoredRecord {
  const body =
    typeof row.body === 'string' ? (JSON.parse(row.body) as Record<string, unknown>) : row.body
  return {
    record: { ...body, type: row.type, id: row.id },
    created: Number(row.created_at),
    modified: Number(row.modified_at),
    binned: row.binned_at === null ? null : Number(row.binned_at),
    version: Number(row.version),
  }
}

async function countKeys(trx: Knex.Transaction, batch: readonly RecordData[]): Promise<number> {
  const query = trx('records').count<{ n: number | string }[]>({ n: '*' })
  query.where((where) => {
    for (const record of batch) where.orWhere({ type: record.type, id: record.id })
  })
  return Number((await query)[0]?.n ?? 0)
}
