/** A record named in a call. */
export interface RecordKey {
  type: string
  id: string
}

/** The `type|id,type|id` path part of the calls that name several records. */
export function keysParam(keys: readonly RecordKey[]): string {
  return keys
    .map((key) => `${encodeURIComponent(key.type)}|${encodeURIComponent(key.id)}`)
    .join(',')
}

/** The key a table row of a record uses. */
export function rowKey(record: RecordKey): string {
  return `${record.type}|${record.id}`
}

/** The record key of a table row key. */
export function keyOfRow(key: string): RecordKey {
  const at = key.indexOf('|')
  return { type: key.slice(0, at), id: key.slice(at + 1) }
}

// The rule lives in shared/, where the lists' index reads it too.
export { recordName } from '../shared/record-name.js'
