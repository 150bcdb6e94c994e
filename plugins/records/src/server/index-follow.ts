import type { Knex } from 'knex'
import type { RecordData } from '@shopwright/core'
import { namesOf, parseRef, titleFieldsOf } from './index-labels.js'
import { KEY_LENGTH, prefixEnd } from './index-terms.js'
import { naturalKey } from './natural-key.js'

/** Refs looked up per statement. */
const LOOKUP_BATCH = 500

/**
 * Keeps list and record columns' keys on the names they show (docs/admin.md, "Finding records"),
 * in the transaction of the write that changed a name: a record's title (or a new record that a
 * dangling reference named by its id), a list type's value names, or a value a list type dropped
 * (whose cells show its id again). The lookup reads the distinct (ref, key) pairs of the
 * `record_keys_ref` index, without locks, so a write that changes no name costs one index read
 * and locks nothing more; each ref whose rows show another name is updated by one statement.
 * On MySQL/MariaDB that update reads as committed, so it also reaches rows another write
 * committed meanwhile; such a write read the name with a lock (loadLabels), so it either waited
 * for this one and read the new name, or committed first.
 */
export async function followNames(
  trx: Knex.Transaction,
  records: readonly RecordData[],
): Promise<void> {
  const keys = new Map<string, string>()
  // Each record is named by its type's title field (docs/admin.md, "Names").
  const titleFields = await titleFieldsOf(
    trx,
    records.map((record) => record.type),
  )
  for (const record of records)
    for (const [ref, name] of namesOf(record, titleFields.get(record.type)))
      keys.set(ref, naturalKey(name, KEY_LENGTH))
  const stale = new Set<string>()
  const refs = [...keys.keys()]
  for (let start = 0; start < refs.length; start += LOOKUP_BATCH) {
    const rows = (await trx('record_keys')
      .distinct('ref', 'sortkey')
      .whereIn('ref', refs.slice(start, start + LOOKUP_BATCH))) as KeyRow[]
    for (const row of rows) if (row.sortkey !== keys.get(row.ref)) stale.add(row.ref)
  }
  for (const record of records) {
    if (record.type !== 'listtype') continue
    // Values the list type no longer holds: their cells show the id.
    const prefix = `l|${record.id}|`
    const rows = (await trx('record_keys')
      .distinct('ref', 'sortkey')
      .where('ref', '>=', prefix)
      .where('ref', '<', prefixEnd(prefix))) as KeyRow[]
    for (const row of rows) {
      if (!keys.has(row.ref)) keys.set(row.ref, naturalKey(parseRef(row.ref).id, KEY_LENGTH))
      if (row.sortkey !== keys.get(row.ref)) stale.add(row.ref)
    }
  }
  for (const ref of stale) {
    const key = keys.get(ref)!
    await trx('record_keys').where({ ref }).whereNot({ sortkey: key }).update({ sortkey: key })
  }
}

interface KeyRow {
  ref: string
  sortkey: string
}
