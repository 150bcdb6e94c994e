import type { RecordData } from '@shopwright/core'

/** A stored record with its storage metadata. */
export interface StoredRecord {
  record: RecordData
  created: number
  modified: number
  binned: number | null
  version: number
}

/**
 * A row of `records` as the engine answers it: the JSON column comes back as a string on one engine
 * and an object on the other, numbers as strings. Rows become records here only, so those
 * differences are settled in one place.
 */
export interface Row {
  type: string
  id: string
  body: string | Record<string, unknown>
  created_at: number | string
  modified_at: number | string
  binned_at: number | string | null
  version: number
}

/** The columns of a new record's row, in the order rowValues answers them. */
export const ROW_COLUMNS = [
  'type',
  'id',
  'body',
  'created_at',
  'modified_at',
  'binned_at',
  'version',
]

/** A record's fields without its key: what the `body` column holds. */
export function bodyOf(record: RecordData): Record<string, unknown> {
  const { type: _type, id: _id, ...fields } = record
  return fields
}

/** A new record's row as values in ROW_COLUMNS order (a bulk insert: insertRows). */
export function rowValues(record: RecordData, now: number): unknown[] {
  return [record.type, record.id, JSON.stringify(bodyOf(record)), now, now, null, 1]
}

/** A new record's row as a column map, created and modified `now`. */
export function toRow(record: RecordData, now: number): Record<string, unknown> {
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

/** A row as a record with its metadata. */
export function toStored(row: Row): StoredRecord {
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

/** A row's body as JSON text, whichever way the engine answered it. */
export function bodyText(body: Row['body']): string {
  return typeof body === 'string' ? body : JSON.stringify(body)
}

/** A record as JSON from its stored body text: `{"type":..,"id":..,<fields>}`, without parsing the body. */
export function spliceRecord(type: string, id: string, body: string): string {
  const head = `{"type":${JSON.stringify(type)},"id":${JSON.stringify(id)}`
  const rest = body.trim()
  return rest === '{}' ? `${head}}` : `${head},${rest.slice(1)}`
}
