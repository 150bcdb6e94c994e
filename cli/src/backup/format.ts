/**
 * The layout of a `shopwright backup` archive (docs/operations.md, "Backups"): a tar stream, whole
 * or inside an age passphrase envelope, holding in this order
 *
 * - `shopwright-backup.json`, the header: the format, who wrote it, the engine it came from, the
 *   migrations its database had and every table's columns;
 * - `tables/<table>/<part>.ndjson.gz`: each table's rows, a JSON array of values per line in the
 *   header's column order, at most ROWS_PER_PART a part;
 * - `blobs/drive/<key>`: the drive's file contents, one member a blob, before the tables' parts
 *   when the blob copy worker copied them while the rows were read (write-backup.ts), else after;
 * - `shopwright-backup-end.json`, the manifest, last: every member's size and SHA-256, the row and
 *   blob counts. An archive without it was cut short and is refused whole.
 */
export const HEADER_NAME = 'shopwright-backup.json'
export const MANIFEST_NAME = 'shopwright-backup-end.json'
export const FORMAT = 'shopwright-backup'
export const FORMAT_VERSION = 1
export const TABLES_PREFIX = 'tables/'
export const DRIVE_BLOBS_PREFIX = 'blobs/drive/'

/** Rows per table part: a part is built in memory, gzipped, then written as one member. */
export const ROWS_PER_PART = 5000

/** Where a part's rows go: the header names the table, the part number orders it. */
export function partName(table: string, index: number): string {
  return `${TABLES_PREFIX}${table}/${String(index).padStart(6, '0')}.ndjson.gz`
}

export interface TableHeader {
  name: string
  columns: string[]
}

export interface BackupHeader {
  format: typeof FORMAT
  version: typeof FORMAT_VERSION
  /** When the snapshot was taken, ISO 8601. */
  created: string
  /** The `@shopwright/cli` version that wrote it. */
  shopwright: string
  /** `sqlite` or `mysql`: where the rows came from (they restore into either). */
  engine: 'sqlite' | 'mysql'
  /** The migrations the database had, in the order they were applied. */
  migrations: string[]
  tables: TableHeader[]
}

/** One member as written: what restore checks before it writes anything. */
export interface MemberSum {
  name: string
  size: number
  sha256: string
}

export interface BackupManifest {
  format: typeof FORMAT
  version: typeof FORMAT_VERSION
  members: MemberSum[]
  rows: Record<string, number>
  blobs: { count: number; bytes: number }
  /**
   * Blobs rows named that were gone by the time they were read (a file emptied from the bin while
   * the backup ran): their rows are restored, their bytes cannot be.
   */
  missingBlobs: string[]
}

/** Refusal of an archive restore cannot use; `reason` says what is wrong. */
export class BackupArchiveError extends Error {
  override readonly name = 'BackupArchiveError'
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/

/** A table or column name as an archive may give it: plain identifiers only, never SQL. */
export function isPlainName(value: unknown): value is string {
  return typeof value === 'string' && NAME.test(value)
}

function parseJson(text: Buffer, what: string): unknown {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(text))
  } catch {
    throw new BackupArchiveError(`${what} is not JSON.`)
  }
}

/** The header, checked field by field. */
export function parseHeader(text: Buffer): BackupHeader {
  const header = parseJson(text, HEADER_NAME) as Partial<BackupHeader> | null
  if (header?.format !== FORMAT) throw new BackupArchiveError('It is not a Shopwright backup.')
  if (header.version !== FORMAT_VERSION)
    throw new BackupArchiveError(
      `It is a backup of format version ${String(header.version)}; this version of Shopwright reads version ${FORMAT_VERSION}.`,
    )
  if (header.engine !== 'sqlite' && header.engine !== 'mysql')
    throw new BackupArchiveError(`${HEADER_NAME} names no engine.`)
  const migrations = header.migrations
  if (!Array.isArray(migrations) || !migrations.every((name) => typeof name === 'string'))
    throw new BackupArchiveError(`${HEADER_NAME} lists no migrations.`)
  if (!Array.isArray(header.tables)) throw new BackupArchiveError(`${HEADER_NAME} lists no tables.`)
  const seen = new Set<string>()
  for (const table of header.tables as unknown[]) {
    const { name, columns } = (table ?? {}) as Partial<TableHeader>
    if (!isPlainName(name) || seen.has(name))
      throw new BackupArchiveError(`${HEADER_NAME} names a table ${JSON.stringify(name)}.`)
    seen.add(name)
    if (!Array.isArray(columns) || columns.length === 0 || !columns.every(isPlainName))
      throw new BackupArchiveError(`${HEADER_NAME} gives the table ${name} no usable columns.`)
  }
  return header as BackupHeader
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0

/** The closing manifest, checked field by field. */
export function parseManifest(text: Buffer): BackupManifest {
  const manifest = parseJson(text, MANIFEST_NAME) as Partial<BackupManifest> | null
  if (manifest?.format !== FORMAT || manifest.version !== FORMAT_VERSION)
    throw new BackupArchiveError(`${MANIFEST_NAME} is not this format's.`)
  if (!Array.isArray(manifest.members))
    throw new BackupArchiveError(`${MANIFEST_NAME} lists no members.`)
  for (const member of manifest.members as unknown[]) {
    const { name, size, sha256 } = (member ?? {}) as Partial<MemberSum>
    if (typeof name !== 'string' || !isCount(size) || !/^[0-9a-f]{64}$/.test(String(sha256)))
      throw new BackupArchiveError(`${MANIFEST_NAME} lists a member it cannot check.`)
  }
  const rows = manifest.rows ?? {}
  if (typeof rows !== 'object' || !Object.values(rows).every(isCount))
    throw new BackupArchiveError(`${MANIFEST_NAME} has no row counts.`)
  if (!isCount(manifest.blobs?.count) || !isCount(manifest.blobs?.bytes))
    throw new BackupArchiveError(`${MANIFEST_NAME} has no blob counts.`)
  if (!Array.isArray(manifest.missingBlobs))
    throw new BackupArchiveError(`${MANIFEST_NAME} has no list of missing blobs.`)
  return manifest as BackupManifest
}
