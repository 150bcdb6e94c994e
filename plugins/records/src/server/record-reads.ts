import type { Knex } from 'knex'
import type { RecordData } from '@shopwright/core'
import type { SqliteReader } from './sqlite-reader.js'
import { idsByType, keyText } from './record-keys.js'
import { bodyText, toStored, type Row, type StoredRecord } from './record-rows.js'

// The read statements of RecordStore. `reader` is its read-only SQLite connection for the hottest
// reads (sqlite-reader.ts), null on MySQL/MariaDB or in memory, where the pool answers them.

/** Whoever runs a statement: the pool, or the transaction of a write. */
export type Executor = Knex | Knex.Transaction

/** Keys per lookup: `type = ? AND id IN (...)`, or `where (a) or (b) ...`. */
const KEY_BATCH = 500

/** The stored body text of a live record, or null. */
export async function readLiveBody(
  db: Knex,
  reader: SqliteReader | null,
  type: string,
  id: string,
): Promise<string | null> {
  const row = reader
    ? reader.get<{ body: string }>(
        'SELECT body FROM records WHERE type = ? AND id = ? AND binned_at IS NULL',
        type,
        id,
      )
    : await db<Row>('records').select('body').where({ type, id }).whereNull('binned_at').first()
  return row ? bodyText(row.body) : null
}

/** A record with its metadata, binned or not. */
export async function readStored(
  executor: Executor,
  type: string,
  id: string,
): Promise<StoredRecord | null> {
  const row = await executor<Row>('records').where({ type, id }).first()
  return row ? toStored(row) : null
}

/**
 * Records with their metadata, binned or not, by (type, id); missing ones are left out. The ids are
 * looked up per type first, and only the records that exist are read whole: an import of new
 * records costs one narrow query per batch.
 */
export async function readStoredMany(
  db: Knex,
  keys: ReadonlyArray<{ type: string; id: string }>,
): Promise<StoredRecord[]> {
  const found: StoredRecord[] = []
  for (const [type, ids] of idsByType(keys)) {
    for (let start = 0; start < ids.length; start += KEY_BATCH) {
      const batch = ids.slice(start, start + KEY_BATCH)
      const present = (await db('records')
        .where({ type })
        .whereIn('id', batch)
        .pluck('id')) as string[]
      if (present.length === 0) continue
      const rows = await db<Row>('records').where({ type }).whereIn('id', present)
      found.push(...rows.map(toStored))
    }
  }
  return found
}

/** Live records by (type, id), in the order asked; missing ones are left out. */
export async function readLiveMany(
  db: Knex,
  keys: ReadonlyArray<{ type: string; id: string }>,
): Promise<RecordData[]> {
  if (keys.length === 0) return []
  const rows: Row[] = []
  for (let start = 0; start < keys.length; start += KEY_BATCH) {
    const batch = keys.slice(start, start + KEY_BATCH)
    rows.push(
      ...(await db<Row>('records')
        .whereNull('binned_at')
        .where((where) => {
          for (const key of batch) where.orWhere({ type: key.type, id: key.id })
        })),
    )
  }
  const found = new Map(rows.map((row) => [keyText(row.type, row.id), toStored(row).record]))
  return keys.flatMap((key) => found.get(keyText(key.type, key.id)) ?? [])
}

/** Live records of a type in id order, after the given id (keyset paging). */
export async function listLive(
  db: Knex,
  type: string,
  options: { after?: string; limit: number },
): Promise<RecordData[]> {
  const query = db<Row>('records')
    .where({ type })
    .whereNull('binned_at')
    .orderBy('id')
    .limit(options.limit)
  if (options.after !== undefined) query.where('id', '>', options.after)
  return (await query).map((row) => toStored(row).record)
}

/** The stored JSON text of a page of live records, in id order, without parsing it. */
export async function listLiveText(
  db: Knex,
  reader: SqliteReader | null,
  type: string,
  options: { after?: string; offset?: number; limit: number },
): Promise<Array<{ id: string; body: string }>> {
  if (reader) {
    const sql = 'SELECT id, body FROM records WHERE type = ? AND binned_at IS NULL'
    return options.after !== undefined
      ? reader.all(`${sql} AND id > ? ORDER BY id LIMIT ?`, type, options.after, options.limit)
      : reader.all(`${sql} ORDER BY id LIMIT ? OFFSET ?`, type, options.limit, options.offset ?? 0)
  }
  const query = db<Row>('records')
    .select('id', 'body')
    .where({ type })
    .whereNull('binned_at')
    .orderBy('id')
    .limit(options.limit)
  if (options.after !== undefined) query.where('id', '>', options.after)
  else if (options.offset) query.offset(options.offset)
  return (await query).map((row) => ({ id: row.id, body: bodyText(row.body) }))
}

/** Binned records, newest first, optionally of some types only; keyset paging on (binned_at, type, id). */
export async function listBinned(
  db: Knex,
  options: {
    types?: readonly string[]
    limit: number
    after?: { binned: number; type: string; id: string }
  },
): Promise<StoredRecord[]> {
  const query = db<Row>('records')
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
export async function binnedTypes(db: Knex): Promise<string[]> {
  return db('records').whereNotNull('binned_at').distinct('type').pluck('type')
}

/** The keys of binned records of the given types holding one of the ids (by the primary key). */
export async function binnedKeys(
  db: Knex,
  types: readonly string[],
  ids: readonly string[],
): Promise<Array<{ type: string; id: string }>> {
  if (types.length === 0 || ids.length === 0) return []
  return db<Row>('records')
    .whereIn('type', [...types])
    .whereIn('id', [...ids])
    .whereNotNull('binned_at')
    .select('type', 'id')
}

/** Binned records of a type. */
export async function binnedOf(db: Knex, type: string): Promise<StoredRecord[]> {
  return (await db<Row>('records').where({ type }).whereNotNull('binned_at')).map(toStored)
}

/** True when any record of the type is stored, live or binned, or waits as a draft never published. */
export async function hasRecordsOf(db: Knex, type: string): Promise<boolean> {
  if ((await db('records').where({ type }).first('id')) !== undefined) return true
  // A record never published exists as its draft only (docs/history.md, "Drafts"): it counts too,
  // so a type defined again by someone else never inherits it.
  return (await db('record_drafts').where({ type }).first('id')) !== undefined
}

/** True when nothing at all is stored. */
export async function isEmpty(db: Knex): Promise<boolean> {
  return (await db('records').select('type').limit(1)).length === 0
}
