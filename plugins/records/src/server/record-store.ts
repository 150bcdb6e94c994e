import type { Knex } from 'knex'
import {
  retryTransaction,
  type CacheService,
  type DatabaseDialect,
  type RecordData,
  type SeedWriter,
} from '@shopwright/core'
import { SqliteReader } from './sqlite-reader.js'
import type { RecordIndex } from './record-index.js'
import { spliceRecord, type StoredRecord } from './record-rows.js'
import * as reads from './record-reads.js'
import * as writes from './record-writes.js'
import { countLive, countLiveRows } from './record-live-count.js'
import { RecordCounter } from './record-counter.js'

/** The cache type of records' JSON text (see getText). */
export const RECORD_TEXT_CACHE = 'recordtext'

function textKey(type: string, id: string): string {
  return `${type}|${id}`
}

/**
 * Records as JSON documents keyed by (type, id), on SQLite and MySQL/MariaDB: the one way to the
 * `records` table. The statements are in record-reads.ts and record-writes.ts, the id counter in
 * record-counter.ts, rows become records in record-rows.ts; this class holds what they share: the
 * cache of records' text, the read-only SQLite connection, and a transaction for a write called
 * without one.
 */
export class RecordStore implements SeedWriter {
  private reader: SqliteReader | null | undefined
  private readonly counter: RecordCounter

  constructor(
    private readonly db: Knex,
    dialect: DatabaseDialect,
    /** The SQLite file, for the read-only connection of the hot reads; null on MySQL or in memory. */
    private readonly sqliteFilename: string | null = null,
    /** Where the JSON text of recently read records is kept; every write below drops its copy. */
    private readonly cache: CacheService | null = null,
    /** The record lists' search and sort index, kept in each write's transaction. */
    private readonly index: RecordIndex | null = null,
  ) {
    this.counter = new RecordCounter(db, dialect)
  }

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
    const body = await reads.readLiveBody(this.db, this.hotReader(), type, id)
    if (body === null) return null
    const text = spliceRecord(type, id, body)
    await this.cache?.set(RECORD_TEXT_CACHE, key, text, 'veryshort')
    return text
  }

  /** A live record's JSON text when this node holds it in its cache, without waiting; else undefined. */
  peekText(type: string, id: string): string | undefined {
    return this.cache?.peek<string>(RECORD_TEXT_CACHE, textKey(type, id))
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

  /**
   * Runs a write of one record in the caller's `trx`, who then drops the cached text after its
   * commit (see forget); without one, in a transaction of its own, after which this store drops it.
   */
  private async writeOne<T>(
    type: string,
    id: string,
    trx: Knex.Transaction | undefined,
    write: (trx: Knex.Transaction) => Promise<T>,
  ): Promise<T> {
    if (trx) return write(trx)
    const written = await this.transaction(write)
    await this.forget(type, id)
    return written
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
  async getStored(type: string, id: string, trx?: reads.Executor): Promise<StoredRecord | null> {
    return reads.readStored(trx ?? this.db, type, id)
  }

  /** Records with their metadata, binned or not, by (type, id); missing ones are left out. */
  async getStoredMany(keys: ReadonlyArray<{ type: string; id: string }>): Promise<StoredRecord[]> {
    return reads.readStoredMany(this.db, keys)
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
    await writes.insertRecords(trx, this.index, records)
  }

  /** Replaces a live record's fields; bumps its version. Returns false when there is no such record. */
  async replace(record: RecordData): Promise<boolean> {
    const updated = await this.transaction((trx) => writes.replaceRecord(trx, this.index, record))
    await this.forget(record.type, record.id)
    return updated
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
    return this.writeOne(record.type, record.id, trx, (write) =>
      writes.replaceRecord(write, this.index, record, version),
    )
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
    if (outer) return writes.renameRecord(outer, this.index, record, oldId, version)
    const renamed = await this.transaction((trx) =>
      writes.renameRecord(trx, this.index, record, oldId, version),
    )
    await this.forget(record.type, oldId)
    await this.forget(record.type, record.id)
    return renamed
  }

  /** Moves a live record to the bin (at `version`, when given); false when there is no such live record. */
  async bin(type: string, id: string, trx?: Knex.Transaction, version?: number): Promise<boolean> {
    return this.writeOne(type, id, trx, (write) =>
      writes.setBinned(write, this.index, type, id, true, version),
    )
  }

  /** Brings a binned record back; false when it is not in the bin (at `version`, when given). */
  async restore(
    type: string,
    id: string,
    trx?: Knex.Transaction,
    version?: number,
  ): Promise<boolean> {
    return this.writeOne(type, id, trx, (write) =>
      writes.setBinned(write, this.index, type, id, false, version),
    )
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
    return this.writeOne(type, id, trx, (write) =>
      writes.removeRecord(write, this.index, type, id, version, binnedOnly),
    )
  }

  /** Binned records, newest first, optionally of some types only; keyset paging on (binned_at, type, id). */
  async listBin(options: {
    types?: readonly string[]
    limit: number
    after?: { binned: number; type: string; id: string }
  }): Promise<StoredRecord[]> {
    return reads.listBinned(this.db, options)
  }

  /** The types that have records in the bin. */
  async binnedTypes(): Promise<string[]> {
    return reads.binnedTypes(this.db)
  }

  /** The keys of binned records of those types holding one of the ids. */
  async binnedKeys(
    types: readonly string[],
    ids: readonly string[],
  ): Promise<Array<{ type: string; id: string }>> {
    return reads.binnedKeys(this.db, types, ids)
  }

  /** Binned records of a type (the bin's Empty goes through them one by one). */
  async binnedOf(type: string): Promise<StoredRecord[]> {
    return reads.binnedOf(this.db, type)
  }

  /** True when any record of the type is stored, live or binned. */
  async hasRecordsOf(type: string): Promise<boolean> {
    return reads.hasRecordsOf(this.db, type)
  }

  /** The stored JSON text of a page of live records, in id order, without parsing it. */
  async listText(
    type: string,
    options: { after?: string; offset?: number; limit: number },
  ): Promise<Array<{ id: string; body: string }>> {
    return reads.listLiveText(this.db, this.hotReader(), type, options)
  }

  /** Live records by (type, id), in the order asked; missing ones are left out. */
  async getMany(keys: ReadonlyArray<{ type: string; id: string }>): Promise<RecordData[]> {
    return reads.readLiveMany(this.db, keys)
  }

  /** Live records of a type in id order, after the given id (keyset paging). */
  async list(type: string, options: { after?: string; limit: number }): Promise<RecordData[]> {
    return reads.listLive(this.db, type, options)
  }

  /**
   * How many live records a type has, or all types together, from the live counts every write
   * keeps (record-live-count.ts): a few rows however many records there are.
   */
  async count(type?: string): Promise<number> {
    return countLive(this.db, type)
  }

  /** How many live records a type has, counted row by row (the check of the kept count). */
  async countRows(type: string): Promise<number> {
    return countLiveRows(this.db, type)
  }

  /** True when nothing at all is stored (a new site). */
  async isEmpty(): Promise<boolean> {
    return reads.isEmpty(this.db)
  }

  /** Inserts the records whose (type, id) is free, in batches; existing records stay untouched. */
  async insertMissing(
    records: readonly RecordData[],
  ): Promise<{ inserted: number; existing: number }> {
    return writes.insertMissing(this.db, this.index, records)
  }

  /**
   * On MySQL/MariaDB, gives the records their types' next free ids before their write; answers the
   * records still waiting for an id, which take theirs inside the write (see RecordCounter).
   */
  async reserveIds(records: readonly RecordData[]): Promise<RecordData[]> {
    return this.counter.reserveIds(records)
  }

  /** The next free id of a type; inside `trx`, a refused write takes its number back with it. */
  async nextId(type: string, trx?: Knex.Transaction): Promise<string> {
    return this.counter.nextId(type, trx)
  }
}
