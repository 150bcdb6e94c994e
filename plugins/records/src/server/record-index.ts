import type { Knex } from 'knex'
import {
  insertRows,
  retryTransaction,
  type DatabaseDialect,
  type RecordData,
} from '@shopwright/core'
import { indexedFields, prefixEnd, signatureOf, termsOf, type IndexedField } from './index-terms.js'
import { loadLabels, refsOf } from './index-labels.js'
import { followNames } from './index-follow.js'
import { filterRecords, resolveFilters, type IndexFilter } from './index-filters.js'
import { groupByType } from './record-keys.js'

/** What a searched, sorted or filtered page asks for; the list service has checked every part. */
export interface IndexQuery {
  /** Word prefixes a record must all hold (searchWords). */
  words: readonly string[]
  /**
   * Field values a record must hold, each compared as its sort key; a list or record column's
   * value is its name or the id of its value (`refs`: the refs it names, from resolveFilters;
   * the column's own list or type with that exact id when not given).
   */
  filters: readonly IndexFilter[]
  /** A list column, or undefined for id order. */
  sort?: IndexedField
  descending: boolean
  offset: number
  limit: number
}

/** Index rows per insert statement (5 columns: far below SQLite's 32,766 variables). */
const INSERT_BATCH = 500
/** The columns of a key row: `ref` names the list value or record a list or record column shows. */
const KEY_COLUMNS = ['type', 'field', 'id', 'sortkey', 'ref']
/** Records read per step of a rebuild. */
const REBUILD_BATCH = 1_000

/** How many types' columns are remembered (with the definition text they came from). */
const REMEMBERED_TYPES = 500

/**
 * The record lists' index (docs/admin.md, "Finding records"): `record_keys` holds one sort key per
 * list column of each record, `record_words` the words of its text columns; RecordStore keeps both
 * in each write's transaction. `record_index_state` names the columns a type's rows were built
 * for: a type whose list columns changed is rebuilt on its next search, sort or filter. Only
 * live records have rows (a bin drops them, a restore writes them again), so a plain sort walks
 * the sort index alone; searches and filters still join the live records, and a page reads live
 * bodies only. Texts key in natural order (natural-key.ts); list and record columns by the names
 * their cells show (index-labels.ts), kept when a name changes (index-follow.ts).
 */
export class RecordIndex {
  /** The columns last read per type, with the stored definition they came from. */
  private readonly known = new Map<string, { body: string; fields: IndexedField[] }>()

  constructor(
    private readonly db: Knex,
    private readonly dialect: DatabaseDialect,
  ) {}

  /**
   * The indexed columns of a type; none for a type that shows no sortable column (or no type).
   * Read from the stored definition through the caller's connection (a write's transaction holds
   * SQLite's only one), so every node indexes a write for the type as it is committed.
   */
  async fieldsOf(
    type: string,
    executor: Knex | Knex.Transaction = this.db,
  ): Promise<IndexedField[]> {
    const row = (await executor('records')
      .where({ type: 'recordtype', id: type })
      .whereNull('binned_at')
      .first('body')) as { body: string | Record<string, unknown> } | undefined
    if (!row) return []
    const body = typeof row.body === 'string' ? row.body : JSON.stringify(row.body)
    const known = this.known.get(type)
    if (known?.body === body) return known.fields
    const definition = JSON.parse(body) as { fields?: unknown }
    const fields = indexedFields(Array.isArray(definition.fields) ? definition.fields : [])
    if (this.known.size >= REMEMBERED_TYPES) this.known.clear()
    this.known.set(type, { body, fields })
    return fields
  }

  /**
   * Writes the rows of records, in the write's transaction. `replacing`: they had rows (an update),
   * which go first; a new record has none (its delete took them).
   */
  async write(trx: Knex.Transaction, records: readonly RecordData[], replacing: boolean) {
    for (const [type, list] of groupByType(records, (record) => record)) {
      const fields = await this.fieldsOf(type, trx)
      if (replacing)
        await this.drop(
          trx,
          type,
          list.map((record) => record.id),
        )
      // Every record's id is searchable, list columns or not.
      await this.insert(trx, fields, list)
    }
    // Rows of other records that show these records' names (or their list values') follow them.
    await followNames(trx, records)
  }

  /** Removes the rows of some records of a type. */
  async drop(trx: Knex | Knex.Transaction, type: string, ids: readonly string[]): Promise<void> {
    for (let start = 0; start < ids.length; start += INSERT_BATCH) {
      const batch = ids.slice(start, start + INSERT_BATCH)
      await trx('record_keys').where({ type }).whereIn('id', batch).delete()
      await trx('record_words').where({ type }).whereIn('id', batch).delete()
    }
  }

  /** Marks types as needing a rebuild (after writes that did not keep their rows, as a seed's). */
  async outdate(trx: Knex | Knex.Transaction, types: readonly string[]): Promise<void> {
    if (types.length > 0) await trx('record_index_state').whereIn('type', types).delete()
  }

  /**
   * The indexed columns of a type, its rows built for them first when they were built for others
   * (or never): once after the type's list columns change, or on a site's first search.
   */
  async ready(type: string): Promise<IndexedField[]> {
    const fields = await this.fieldsOf(type)
    const signature = signatureOf(fields)
    const state = (await this.db('record_index_state').where({ type }).first('signature')) as
      { signature: string } | undefined
    if (state?.signature === signature) return fields
    await retryTransaction(this.db, (trx) => this.rebuild(trx, type, fields, signature))
    return fields
  }

  /**
   * A searched, sorted or filtered page of a type's live records, as stored: the page's ids from
   * the indexes first, then only their bodies, so a deep page never reads the records before it.
   */
  async page(type: string, query: IndexQuery): Promise<Array<{ id: string; body: string }>> {
    const resolved = { ...query, filters: await resolveFilters(this.db, query.filters) }
    const ids = ((await this.pageQuery(type, resolved)) as Array<{ id: string }>).map(
      (row) => row.id,
    )
    if (ids.length === 0) return []
    const rows = (await this.db('records')
      .select('id', 'body')
      .where({ type })
      .whereNull('binned_at')
      .whereIn('id', ids)) as Array<{ id: string; body: string | Record<string, unknown> }>
    // MySQL's JSON column answers an object; the list splices text.
    const byId = new Map(
      rows.map((row) => [
        row.id,
        { id: row.id, body: typeof row.body === 'string' ? row.body : JSON.stringify(row.body) },
      ]),
    )
    return ids.flatMap((id) => byId.get(id) ?? [])
  }

  /** The statement of a page's ids, in order (the tests read its plan). */
  pageQuery(type: string, query: IndexQuery): Knex.QueryBuilder {
    const direction = query.descending ? 'desc' : 'asc'
    const order = [
      { column: 's.sortkey', order: direction },
      // The index's own id column, so the order is the index's and needs no sort step.
      { column: 's.id', order: direction },
    ]
    if (!query.sort)
      return this.matching(type, query)
        .select('r.id')
        .orderBy('r.id', direction)
        .offset(query.offset)
        .limit(query.limit)
    if (query.words.length === 0 && query.filters.length === 0)
      // A plain sort walks the sort index alone (it holds live records only): a deep page skips
      // index entries, never records.
      return this.db('record_keys as s')
        .select('s.id')
        .where('s.type', type)
        .where('s.field', query.sort.id)
        .orderBy(order)
        .offset(query.offset)
        .limit(query.limit)
    // Searched or filtered: the matches are found first, and only they are sorted.
    return this.matching(type, query)
      .select('r.id')
      .join('record_keys as s', (on) =>
        on
          .on('s.type', '=', 'r.type')
          .andOn('s.id', '=', 'r.id')
          .andOn('s.field', '=', this.db.raw('?', [query.sort!.id])),
      )
      .orderBy(order)
      .offset(query.offset)
      .limit(query.limit)
  }

  /** How many live records of a type match a search and filters. */
  async count(type: string, query: Pick<IndexQuery, 'words' | 'filters'>): Promise<number> {
    const resolved = { ...query, filters: await resolveFilters(this.db, query.filters) }
    const row = (
      await this.matching(type, resolved).count<Array<{ n: number | string }>>({ n: '*' })
    )[0]
    return Number(row?.n ?? 0)
  }

  /** The live records of a type that hold every word prefix and every filtered value. */
  private matching(type: string, query: Pick<IndexQuery, 'words' | 'filters'>): Knex.QueryBuilder {
    const select = this.db('records as r').where('r.type', type).whereNull('r.binned_at')
    for (const word of query.words)
      select.whereIn(
        'r.id',
        this.db('record_words')
          .select('id')
          .where({ type })
          .where('word', '>=', word)
          .where('word', '<', prefixEnd(word)),
      )
    for (const filter of query.filters) filterRecords(this.db, select, type, filter)
    return select
  }

  private async insert(
    trx: Knex.Transaction,
    fields: readonly IndexedField[],
    records: readonly RecordData[],
  ): Promise<void> {
    let keys: unknown[][] = []
    let words: unknown[][] = []
    const labels = await loadLabels(trx, this.dialect, refsOf(fields, records))
    for (const record of records) {
      const terms = termsOf(fields, record, labels)
      for (const [field, key, ref] of terms.keys)
        keys.push([record.type, field, record.id, key, ref])
      for (const word of terms.words) words.push([record.type, word, record.id])
      if (keys.length >= INSERT_BATCH) {
        await insertRows(trx, 'record_keys', KEY_COLUMNS, keys)
        keys = []
      }
      if (words.length >= INSERT_BATCH) {
        await insertRows(trx, 'record_words', ['type', 'word', 'id'], words)
        words = []
      }
    }
    await insertRows(trx, 'record_keys', KEY_COLUMNS, keys)
    await insertRows(trx, 'record_words', ['type', 'word', 'id'], words)
  }

  /**
   * Builds a type's rows again from its live records, and notes the columns. On MySQL the records are read with a shared lock: a write that committed
   * after this transaction began is read as it is now, not as the snapshot had it.
   */
  private async rebuild(
    trx: Knex.Transaction,
    type: string,
    fields: readonly IndexedField[],
    signature: string,
  ): Promise<void> {
    await trx('record_keys').where({ type }).delete()
    await trx('record_words').where({ type }).delete()
    let after = ''
    for (;;) {
      const read = trx('records')
        .select('id', 'body')
        .where({ type })
        .whereNull('binned_at')
        .where('id', '>', after)
        .orderBy('id')
        .limit(REBUILD_BATCH)
      if (this.dialect === 'mysql') read.forShare()
      const rows = (await read) as Array<{ id: string; body: string | Record<string, unknown> }>
      if (rows.length === 0) break
      await this.insert(
        trx,
        fields,
        rows.map((row) => ({
          ...((typeof row.body === 'string' ? JSON.parse(row.body) : row.body) as object),
          type,
          id: row.id,
        })),
      )
      after = rows.at(-1)!.id
    }
    await trx('record_index_state')
      .insert({ type, signature })
      .onConflict('type')
      .merge({ signature })
  }
}
