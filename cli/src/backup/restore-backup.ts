import { Readable } from 'node:stream'
import type { Knex } from 'knex'
import { migrationNames, runMigrations, type DatabaseDialect } from '@shopwright/core'
import type { Progress } from '../progress.js'
import { quoted, tableNames, tableShapes } from './catalog.js'
import type { BackupHeader, BackupManifest } from './format.js'
import { memberKind, partRows, readWhole, PART_LIMIT } from './read-backup.js'
import type { SiteParts } from './site-parts.js'
import { sqliteBinding, sqliteConnection } from './sqlite-connection.js'
import { writeFilesAside, type ArchivePlaces } from './restore-files.js'
import { tarMembers } from './tar.js'

/** Bound values per INSERT: under SQLite's 32,766 and MySQL's 65,535 placeholders. */
const BINDINGS_PER_INSERT = 30_000
const ROWS_PER_INSERT = 500
/** And at most about this many bytes: far inside MariaDB's default max_allowed_packet (16 MiB). */
const BYTES_PER_INSERT = 4 * 1024 * 1024

/** Bytes of files written between two flushes of them to disk (loadArchive). */
const FLUSH_BYTES = 64 * 1024 * 1024

/** Refusal of the target: the database is not empty, or the archive needs what it lacks. */
export class RestoreRefused extends Error {
  override readonly name = 'RestoreRefused'
}

/** The load stopped by its signal (Ctrl+C) between two members, with what it had written. */
export class RestoreStopped extends Error {
  override readonly name = 'RestoreStopped'
  constructor(readonly counts: RestoreCounts) {
    super('the restore was stopped')
  }
}

export interface RestoreCounts {
  rows: Record<string, number>
  blobs: { count: number; bytes: number }
}

/**
 * Makes the target ready for an archive's rows, writing nothing when it refuses: every migration
 * the archive's site had must be one this project knows (else it came from a newer Shopwright or
 * a plugin the project lacks), and the database must be empty unless `replace` (then its tables
 * are dropped). Then the schema is built as the archive's site had it, no further, and each of
 * the archive's tables must be there with every column it carries.
 */
export async function prepareTarget(
  parts: SiteParts,
  header: BackupHeader,
  replace: boolean,
): Promise<void> {
  const known = new Set(migrationNames(parts.plugins, { redis: true }))
  const unknown = header.migrations.filter((name) => !known.has(name))
  if (unknown.length > 0)
    throw new RestoreRefused(
      `The backup's site had migrations this project does not know (${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ', ...' : ''}): it was made by a newer Shopwright or with plugins this project lacks.`,
    )
  const existing = await tableNames(parts.db, parts.dialect)
  if (existing.length > 0 && !replace)
    throw new RestoreRefused(
      `The database is not empty (${existing.length} tables): restore writes into an empty database. Give --replace to drop its tables first.`,
    )
  if (existing.length > 0) await dropTables(parts.db, parts.dialect, existing)
  await runMigrations(parts.db, parts.plugins, { redis: true, only: new Set(header.migrations) })
  const shapes = new Map(
    (await tableShapes(parts.db, parts.dialect)).map((shape) => [shape.name, shape]),
  )
  for (const table of header.tables) {
    const shape = shapes.get(table.name)
    const missing = shape ? table.columns.filter((column) => !shape.columns.includes(column)) : []
    if (!shape || missing.length > 0) {
      // What the migrations made is taken away again: the database is left as it was found.
      await dropTables(parts.db, parts.dialect, await tableNames(parts.db, parts.dialect))
      throw new RestoreRefused(
        shape
          ? `The backup's table ${table.name} has columns this project's migrations do not make (${missing.join(', ')}).`
          : `The backup holds a table this project's migrations do not make: ${table.name}.`,
      )
    }
  }
  // Rows a migration wrote (a key it made, a default setting) give way to the backup's own.
  for (const table of header.tables)
    await parts.db.raw(`DELETE FROM ${quoted(parts.dialect, table.name)}`)
}

async function dropTables(db: Knex, dialect: DatabaseDialect, names: readonly string[]) {
  for (const name of names) await db.raw(`DROP TABLE IF EXISTS ${quoted(dialect, name)}`)
}

/**
 * Writes an archive already checked (checkArchive) into a prepared target: each part's rows in
 * one transaction, then each blob through the drive's store, whose hash must again be the
 * manifest's (the file could have changed since it was checked).
 */
export async function loadArchive(
  parts: SiteParts,
  source: Readable,
  header: BackupHeader,
  manifest: BackupManifest,
  progress: Progress,
  signal?: AbortSignal,
  places: ArchivePlaces | null = null,
): Promise<RestoreCounts> {
  const columns = new Map(header.tables.map((table) => [table.name, table.columns]))
  const sums = new Map(manifest.members.map((member) => [member.name, member.sha256]))
  const counts: RestoreCounts = { rows: {}, blobs: { count: 0, bytes: 0 } }
  const totalRows = Object.values(manifest.rows).reduce((sum, count) => sum + count, 0)
  // One bar at a time, for rows or files, whichever the archive holds next (format.ts: the files
  // come before or after the rows).
  const shown: { kind?: 'rows' | 'blob'; bar?: ReturnType<Progress['bar']> } = {}
  const barFor = (kind: 'rows' | 'blob') => {
    if (shown.kind !== kind || !shown.bar) {
      shown.bar?.end()
      const rowsDone = Object.values(counts.rows).reduce((sum, count) => sum + count, 0)
      shown.kind = kind
      shown.bar =
        kind === 'rows'
          ? progress.bar('rows', totalRows)
          : progress.bar('files', manifest.blobs.count)
      if (kind === 'rows') shown.bar.tick(rowsDone)
      else shown.bar.tick(counts.blobs.count, counts.blobs.bytes)
    }
    return shown.bar
  }
  // The files are flushed to disk a batch at a time while the next ones are written, each batch
  // once FLUSH_BYTES of them are written, one batch in flight: the flush at the end has little left.
  const unflushed: string[] = []
  let unflushedBytes = 0
  let flushing: Promise<void> = Promise.resolve()
  const flushSome = async (all: boolean) => {
    if (!all && unflushedBytes < FLUSH_BYTES) return
    await flushing
    const keys = unflushed.splice(0)
    unflushedBytes = 0
    flushing = parts.blobs?.flush?.(keys) ?? Promise.resolve()
    // Seen when awaited next; a rejection is not left unhandled meanwhile.
    flushing.catch(() => undefined)
  }
  const store = parts.blobs
  // From an unencrypted archive file into a drive folder, the blob copy worker writes the files
  // out while the rows load here; the loop below then passes their members by.
  const aside =
    places && store?.stagingPath && store.adopt && manifest.blobs.count > 0
      ? writeFilesAside(
          store as typeof store & Required<Pick<typeof store, 'stagingPath' | 'adopt'>>,
          places,
          manifest,
          async (key, size) => {
            counts.blobs.count += 1
            counts.blobs.bytes += size
            unflushed.push(key)
            unflushedBytes += size
            if (shown.kind === 'blob') shown.bar?.tick(1, size)
            await flushSome(false)
          },
        )
      : null
  // Ctrl+C stops the worker's copy at once; the rows stop between two parts.
  const stopAside = () => void aside?.stop()
  if (aside) signal?.addEventListener('abort', stopAside, { once: true })
  try {
    await loadMembers()
    if (signal?.aborted) throw new RestoreStopped(counts)
    if (aside) {
      barFor('blob')
      await aside.finish()
    }
    // Every row the manifest counts, whatever way the archive was read.
    for (const [table, count] of Object.entries(manifest.rows))
      if ((counts.rows[table] ?? 0) !== count)
        throw new Error(
          `the archive gave ${counts.rows[table] ?? 0} rows of ${table} where it was checked with ${count}`,
        )
  } catch (error) {
    await aside?.stop()
    if (signal?.aborted && !(error instanceof RestoreStopped)) throw new RestoreStopped(counts)
    throw error
  } finally {
    signal?.removeEventListener('abort', stopAside)
  }
  // The files on disk for good before the restore says it is done.
  await flushSome(true)
  await flushing
  shown.bar?.end()
  return counts

  async function loadMembers(): Promise<void> {
    for await (const member of tarMembers(source)) {
      if (signal?.aborted) {
        source.destroy()
        throw new RestoreStopped(counts)
      }
      const kind = memberKind(member.name)
      if (kind?.kind === 'rows') {
        const bar = barFor('rows')
        const tableColumns = columns.get(kind.table)!
        const rows = partRows(await readWhole(member, PART_LIMIT), member.name, tableColumns.length)
        await parts.db.transaction((trx) =>
          insertAll(trx, parts.dialect, kind.table, tableColumns, rows),
        )
        counts.rows[kind.table] = (counts.rows[kind.table] ?? 0) + rows.length
        bar.tick(rows.length)
      } else if (kind?.kind === 'blob') {
        if (aside) continue
        const bar = barFor('blob')
        if (!parts.blobs)
          throw new RestoreRefused('The backup holds drive files and this project has no drive.')
        // The store hashes what it writes: the same bytes as checked, or the file changed since.
        const stored = await parts.blobs.put(kind.key, Readable.from(member.body), {
          size: member.size,
          durable: false,
        })
        if (stored.sha256 !== sums.get(member.name))
          throw new Error(`${member.name} changed since the archive was checked`)
        unflushed.push(kind.key)
        unflushedBytes += member.size
        await flushSome(false)
        counts.blobs.count += 1
        counts.blobs.bytes += member.size
        bar.tick(1, member.size)
      }
    }
  }
}

async function insertAll(
  trx: Knex.Transaction,
  dialect: DatabaseDialect,
  table: string,
  columns: readonly string[],
  rows: readonly unknown[][],
): Promise<void> {
  const into = `INSERT INTO ${quoted(dialect, table)} (${columns.map((column) => quoted(dialect, column)).join(', ')}) VALUES `
  const tuple = `(${columns.map(() => '?').join(', ')})`
  // SQLite: one prepared statement, a row at a time, inside the part's transaction.
  if (dialect === 'sqlite') {
    const insert = (await sqliteConnection(trx)).prepare(into + tuple)
    for (const row of rows) insert.run(row.map(sqliteBinding))
    return
  }
  const perInsert = Math.max(
    1,
    Math.min(ROWS_PER_INSERT, Math.floor(BINDINGS_PER_INSERT / columns.length)),
  )
  let batch: unknown[][] = []
  let bytes = 0
  const flush = async () => {
    if (batch.length === 0) return
    await trx.raw(
      into + Array(batch.length).fill(tuple).join(', '),
      batch.flat() as Knex.RawBinding[],
    )
    batch = []
    bytes = 0
  }
  for (const row of rows) {
    batch.push(row)
    for (const value of row)
      bytes +=
        typeof value === 'string'
          ? Buffer.byteLength(value)
          : Buffer.isBuffer(value)
            ? value.length
            : 8
    if (batch.length >= perInsert || bytes >= BYTES_PER_INSERT) await flush()
  }
  await flush()
}
