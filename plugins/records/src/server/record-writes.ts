import type { Knex } from 'knex'
import {
  createError,
  insertRows,
  isDuplicateKey,
  retryTransaction,
  type RecordData,
} from '@shopwright/core'
import type { RecordIndex } from './record-index.js'
import { idsByType, keyText } from './record-keys.js'
import { changeLive, recountLive } from './record-live-count.js'
import { bodyOf, ROW_COLUMNS, rowValues, toRow, toStored, type Row } from './record-rows.js'

// The write statements of RecordStore, each in the caller's transaction (a seed's insertMissing in
// one of its own): the rows, the live counts (record-live-count.ts) and the lists' index (`index`,
// null where none is kept) change together, or none does. Dropping cached texts is the caller's,
// after its commit (RecordStore.forget).

// Statements of at most INSERT_BATCH rows and about INSERT_BYTES of bodies: MySQL refuses a
// statement over its max_allowed_packet (16 MB by default), and a record may hold 1 MB. SQLite
// allows 32,766 variables a statement: 500 rows of 7 columns stay far below.
const INSERT_BATCH = 500
const INSERT_BYTES = 4 * 1024 * 1024

/** Records per insert-or-skip statement of a seed. */
const SEED_BATCH = 200

/**
 * Inserts new records in one statement per batch; ERROR_RECORD_ALREADY_EXISTS when any (type, id)
 * is taken, even in the bin (nothing of a failed statement is written).
 */
export async function insertRecords(
  trx: Knex.Transaction,
  index: RecordIndex | null,
  records: readonly RecordData[],
): Promise<void> {
  const now = Date.now()
  try {
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
  for (const [type, count] of added) await changeLive(trx, type, count)
  await index?.write(trx, records, false)
}

/**
 * Replaces a live record's fields and bumps its version; false when there is no such record. With
 * `version`, only if its version is still that (optimistic concurrency: a writer that lost the
 * race re-reads and re-applies its change instead of overwriting another's).
 */
export async function replaceRecord(
  trx: Knex.Transaction,
  index: RecordIndex | null,
  record: RecordData,
  version?: number,
): Promise<boolean> {
  const updated = await trx('records')
    .where({ type: record.type, id: record.id, ...(version === undefined ? {} : { version }) })
    .whereNull('binned_at')
    .update({
      body: JSON.stringify(bodyOf(record)),
      modified_at: Date.now(),
      version: version === undefined ? trx.raw('version + 1') : version + 1,
    })
  if (updated > 0) await index?.write(trx, [record], true)
  return updated > 0
}

/**
 * Gives the live record `oldId` at `version` the id (and fields) of `record`, keeping its creation
 * time. ERROR_RECORD_ALREADY_EXISTS when the new id is taken; false when the record changed.
 */
export async function renameRecord(
  trx: Knex.Transaction,
  index: RecordIndex | null,
  record: RecordData,
  oldId: string,
  version: number,
): Promise<boolean> {
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
  await index?.drop(trx, record.type, [oldId])
  await index?.write(trx, [record], true)
  return true
}

/**
 * Moves a record into the bin (`binned`) or out of it, at `version` when given: counts it out of or
 * back into its type's live records, and drops or rewrites its index rows. False when it was not
 * where it should move from (no such live record to bin, or no such record in the bin to restore).
 */
export async function setBinned(
  trx: Knex.Transaction,
  index: RecordIndex | null,
  type: string,
  id: string,
  binned: boolean,
  version?: number,
): Promise<boolean> {
  const record = trx('records').where({ type, id, ...(version === undefined ? {} : { version }) })
  const updated = await (
    binned ? record.whereNull('binned_at') : record.whereNotNull('binned_at')
  ).update({ binned_at: binned ? Date.now() : null, version: trx.raw('version + 1') })
  if (updated === 0) return false
  await changeLive(trx, type, binned ? -updated : updated)
  if (binned) await index?.drop(trx, type, [id])
  else if (index) {
    const row = (await trx('records').where({ type, id }).first('body')) as Row | undefined
    if (row) await index.write(trx, [toStored({ ...row, type, id } as Row).record], true)
  }
  return true
}

/**
 * Deletes a record for good, binned or not; false when there is none. With `version`, only the
 * record as it was read; with `binnedOnly`, only from the bin.
 */
export async function removeRecord(
  trx: Knex.Transaction,
  index: RecordIndex | null,
  type: string,
  id: string,
  version: number | undefined,
  binnedOnly: boolean,
): Promise<boolean> {
  const key = { type, id, ...(version === undefined ? {} : { version }) }
  // A live record leaves the live count; one in the bin had left it already.
  const live = binnedOnly ? 0 : await trx('records').where(key).whereNull('binned_at').delete()
  if (live > 0) await changeLive(trx, type, -live)
  const binned = live > 0 ? 0 : await trx('records').where(key).whereNotNull('binned_at').delete()
  if (live + binned > 0) await index?.drop(trx, type, [id])
  return live + binned > 0
}

/** Inserts the records whose (type, id) is free, in batches, in a transaction of its own. */
export async function insertMissing(
  db: Knex,
  index: RecordIndex | null,
  records: readonly RecordData[],
): Promise<{ inserted: number; existing: number }> {
  const unique = new Map(records.map((record) => [keyText(record.type, record.id), record]))
  const now = Date.now()
  let inserted = 0
  // Two nodes seeding a new site at once collide on the same rows (a Galera conflict at commit).
  await retryTransaction(db, async (trx) => {
    const all = [...unique.values()]
    for (let start = 0; start < all.length; start += SEED_BATCH) {
      const batch = all.slice(start, start + SEED_BATCH)
      const before = await countKeys(trx, batch)
      // A restart finds every seed stored: nothing to insert, nothing to count again.
      if (before === batch.length) continue
      await trx('records')
        .insert(batch.map((record) => toRow(record, now)))
        .onConflict(['type', 'id'])
        .ignore()
      inserted += (await countKeys(trx, batch)) - before
    }
    // Rows a concurrent writer inserted meanwhile were skipped, so the types are counted again.
    if (inserted > 0) {
      const types = [...new Set(all.map((record) => record.type))]
      await recountLive(trx, types)
      // Which of the batch were new is not known row by row: their index is built again.
      await index?.outdate(trx, types)
    }
  })
  return { inserted, existing: unique.size - inserted }
}

/**
 * How many of the batch's (type, id) are stored: one `type = ? and id in (...)` per type, as
 * seeds come a few types at a time (a clause per record made the start build hundreds).
 */
async function countKeys(trx: Knex.Transaction, batch: readonly RecordData[]): Promise<number> {
  const query = trx('records').count<{ n: number | string }[]>({ n: '*' })
  query.where((where) => {
    for (const [type, ids] of idsByType(batch))
      where.orWhere((one) => one.where({ type }).whereIn('id', ids))
  })
  return Number((await query)[0]?.n ?? 0)
}
