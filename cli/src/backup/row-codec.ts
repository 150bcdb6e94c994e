import { BackupArchiveError } from './format.js'

const HEX = /^(?:[0-9A-Fa-f]{2})*$/

/**
 * One value as a part's JSON line holds it. Numbers, strings and nulls are themselves; bytes (a
 * BLOB column) become `{"$b64": "..."}` (or `{"$hex": "..."}` in a SQLite site's backup) and a date (a driver's DATETIME) `{"$date": "<ISO>"}`, so
 * a value reads back as the same type on either engine (docs/operations.md, "Backups").
 */
export function encodeValue(value: unknown): unknown {
  if (value === null || value === undefined) return null
  if (Buffer.isBuffer(value) || value instanceof Uint8Array)
    return { $b64: Buffer.from(value).toString('base64') }
  if (value instanceof Date) return { $date: value.toISOString() }
  if (typeof value === 'bigint') return value.toString()
  if (typeof value === 'boolean') return value ? 1 : 0
  return value
}

/** The value to bind for one decoded JSON value; anything not written by encodeValue is refused. */
export function decodeValue(value: unknown): unknown {
  if (value === null || typeof value === 'number' || typeof value === 'string') return value
  if (typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value)
    const record = value as Record<string, unknown>
    if (keys.length === 1 && typeof record.$b64 === 'string')
      return Buffer.from(record.$b64, 'base64')
    // SQLite writes its own lines (write-backup.ts): its bytes come as hexadecimal.
    if (keys.length === 1 && typeof record.$hex === 'string' && HEX.test(record.$hex))
      return Buffer.from(record.$hex, 'hex')
    if (keys.length === 1 && typeof record.$date === 'string') {
      const date = new Date(record.$date)
      if (!Number.isNaN(date.getTime())) return date
    }
  }
  throw new BackupArchiveError(`a row holds a value no backup writes: ${JSON.stringify(value)}`)
}

/** One row's line: its values in the header's column order. */
export function encodeRow(row: Record<string, unknown>, columns: readonly string[]): string {
  return encodeValues(columns.map((column) => row[column]))
}

/** One row's line from its values, already in the header's column order. */
export function encodeValues(values: readonly unknown[]): string {
  return JSON.stringify(values.map(encodeValue))
}

/** One line back into the values to bind, checked against the header's column count. */
export function decodeRow(line: string, width: number): unknown[] {
  let values: unknown
  try {
    values = JSON.parse(line)
  } catch {
    throw new BackupArchiveError('a row is not JSON.')
  }
  if (!Array.isArray(values) || values.length !== width)
    throw new BackupArchiveError(`a row has not the ${width} values its table's columns ask for.`)
  return values.map(decodeValue)
}
