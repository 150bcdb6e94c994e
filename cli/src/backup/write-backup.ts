import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { gzip as gzipCallback } from 'node:zlib'
import type { Knex } from 'knex'
import { MIGRATIONS_TABLE, type DatabaseDialect } from '@shopwright/core'
import {
  snapshotBlobs,
  type BackupBlob,
  type BlobDownload,
  type BlobStore,
} from '@shopwright/plugin-drive'
import type { Progress } from '../progress.js'
import { quoted, tableShapes, type TableShape } from './catalog.js'
import {
  DRIVE_BLOBS_PREFIX,
  FORMAT,
  FORMAT_VERSION,
  HEADER_NAME,
  MANIFEST_NAME,
  ROWS_PER_PART,
  partName,
  type BackupHeader,
  type BackupManifest,
  type MemberSum,
} from './format.js'
import { encodeValues } from './row-codec.js'
import { sqliteConnection } from './sqlite-connection.js'
import type { TarWriter } from './tar.js'

const gzip = promisify(gzipCallback)

/** Rows read per query: a page of a table in memory, whatever its size. */
const PAGE = 1000
/** A part also ends at this many bytes of lines, so one of large rows stays small. */
const PART_BYTES = 16 * 1024 * 1024

export interface SnapshotSource {
  db: Knex
  dialect: DatabaseDialect
  blobs: BlobStore | null
}

export interface WrittenBackup {
  header: BackupHeader
  manifest: BackupManifest
}

/**
 * Writes a site's backup into `tar`: the header and every table's rows read in one snapshot (a
 * read transaction: on SQLite in WAL mode and on InnoDB it sees the database as it was at its first
 * read, while the site goes on writing), then the blobs the snapshot's rows name, then the
 * manifest. The snapshot ends before the blobs are copied: they are immutable under their keys.
 */
export async function writeBackup(
  source: SnapshotSource,
  tar: TarWriter,
  progress: Progress,
  cliVersion: string,
): Promise<WrittenBackup> {
  const members: MemberSum[] = []
  const rows: Record<string, number> = {}
  const add = async (name: string, body: Buffer) => {
    await tar.addBuffer(name, body)
    members.push({ name, size: body.length, sha256: sha256(body) })
  }

  const { header, blobs } = await inSnapshot(source, async (trx) => {
    const shapes = await tableShapes(trx, source.dialect)
    const applied = (await trx(MIGRATIONS_TABLE).select('name').orderBy('id')) as Array<{
      name: string
    }>
    const header: BackupHeader = {
      format: FORMAT,
      version: FORMAT_VERSION,
      created: new Date().toISOString(),
      shopwright: cliVersion,
      engine: source.dialect,
      migrations: applied.map((row) => row.name),
      tables: shapes.map((shape) => ({ name: shape.name, columns: shape.columns })),
    }
    await add(HEADER_NAME, Buffer.from(JSON.stringify(header, null, 2)))
    const counts = await rowCounts(trx, source.dialect, shapes)
    const bar = progress.bar(
      'rows',
      [...counts.values()].reduce((sum, count) => sum + count, 0),
    )
    // One part is compressed on libuv's threads while the next is read and encoded here.
    let compressing: Promise<void> = Promise.resolve()
    for (const shape of shapes) {
      let part = 0
      let lines: string[] = []
      let bytes = 0
      const flush = async () => {
        if (lines.length === 0) return
        part += 1
        const name = partName(shape.name, part)
        const text = `${lines.join('\n')}\n`
        lines = []
        bytes = 0
        await compressing
        compressing = gzip(text, { level: 1, chunkSize: 1024 * 1024 }).then((body) =>
          add(name, body),
        )
        // Seen when awaited next; a rejection is not left unhandled meanwhile.
        compressing.catch(() => undefined)
      }
      rows[shape.name] = 0
      for await (const page of tablePages(trx, source.dialect, shape)) {
        for (const line of page) {
          lines.push(line)
          bytes += line.length + 1
          if (lines.length >= ROWS_PER_PART || bytes >= PART_BYTES) await flush()
        }
        rows[shape.name]! += page.length
        bar.tick(page.length)
      }
      await flush()
    }
    await compressing
    bar.end()
    // The drive's own query, in the same snapshot: its rows are the drive's business.
    const blobs: BackupBlob[] = source.blobs ? await snapshotBlobs(trx) : []
    return { header, blobs }
  })

  const missingBlobs: string[] = []
  let blobBytes = 0
  const bar = progress.bar('files', blobs.length)
  for (const blob of blobs) {
    const written = await copyBlob(source.blobs!, blob, tar)
    if (written) {
      members.push(written)
      blobBytes += written.size
    } else missingBlobs.push(blob.key)
    bar.tick(1, written?.size ?? 0)
  }
  bar.end()

  const manifest: BackupManifest = {
    format: FORMAT,
    version: FORMAT_VERSION,
    members: [...members],
    rows,
    blobs: { count: blobs.length - missingBlobs.length, bytes: blobBytes },
    missingBlobs,
  }
  await tar.addBuffer(MANIFEST_NAME, Buffer.from(JSON.stringify(manifest)))
  return { header, manifest }
}

function sha256(body: Buffer): string {
  return createHash('sha256').update(body).digest('hex')
}

/**
 * Runs `read` in one read-only snapshot. SQLite: a deferred transaction, whose first read fixes
 * what it sees (WAL mode lets writers go on). MySQL/MariaDB: REPEATABLE READ, whose
 * first read of a table fixes the snapshot every later read sees, as `mariadb-dump
 * --single-transaction` reads.
 */
async function inSnapshot<T>(
  source: SnapshotSource,
  read: (trx: Knex.Transaction) => Promise<T>,
): Promise<T> {
  if (source.dialect === 'sqlite') return source.db.transaction(read)
  // Only reads run in it (knex's read-only option writes SQL MariaDB refuses).
  const trx = await source.db.transaction({ isolationLevel: 'repeatable read' })
  try {
    const result = await read(trx)
    await trx.commit()
    return result
  } catch (error) {
    await trx.rollback().catch(() => undefined)
    throw error
  }
}

async function rowCounts(
  trx: Knex.Transaction,
  dialect: DatabaseDialect,
  shapes: readonly TableShape[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>()
  for (const shape of shapes) {
    const [row] = (await trx
      .raw(`SELECT COUNT(*) AS n FROM ${quoted(dialect, shape.name)}`)
      .then((answer: unknown) =>
        dialect === 'sqlite' ? answer : (answer as unknown[])[0],
      )) as Array<{ n: number | string }>
    counts.set(shape.name, Number(row?.n ?? 0))
  }
  return counts
}

/** A page of a table's rows, each its line (row-codec.ts): its values in the header's order. */
type Page = string[]

/**
 * A table's rows a page at a time. SQLite: one statement over the whole table on the snapshot's
 * own connection, each row's line made by SQLite's `json_array` (a page costs no query of its own,
 * and no row becomes a JavaScript object). MySQL/MariaDB: in primary-key order from where the last
 * page ended, so a page costs the same at any depth; a table without a primary key by offset (the
 * snapshot keeps the order stable; the site's tables all have keys).
 */
async function* tablePages(
  trx: Knex.Transaction,
  dialect: DatabaseDialect,
  shape: TableShape,
): AsyncGenerator<Page> {
  const table = quoted(dialect, shape.name)
  if (dialect === 'sqlite') {
    yield* sqlitePages(trx, shape)
    return
  }
  const select = shape.columns.map((column) => quoted(dialect, column)).join(', ')
  const run = async (sql: string, bindings: unknown[]) => {
    const [rows] = (await trx.raw(sql, bindings as Knex.RawBinding[])) as unknown as [
      Array<Record<string, unknown>>,
    ]
    return rows
  }
  const lines = (rows: Array<Record<string, unknown>>): Page =>
    rows.map((row) => encodeValues(shape.columns.map((column) => row[column])))
  const keys = shape.primaryKey
  if (keys.length === 0) {
    for (let offset = 0; ; offset += PAGE) {
      const page = await run(`SELECT ${select} FROM ${table} LIMIT ? OFFSET ?`, [PAGE, offset])
      if (page.length > 0) yield lines(page)
      if (page.length < PAGE) return
    }
  }
  const keyList = keys.map((key) => quoted(dialect, key)).join(', ')
  let after: unknown[] | null = null
  for (;;) {
    const where = after ? `WHERE (${keyList}) > (${keys.map(() => '?').join(', ')})` : ''
    const page = await run(`SELECT ${select} FROM ${table} ${where} ORDER BY ${keyList} LIMIT ?`, [
      ...(after ?? []),
      PAGE,
    ])
    if (page.length > 0) {
      const last = page[page.length - 1]!
      after = keys.map((key) => last[key])
      yield lines(page)
    }
    if (page.length < PAGE) return
  }
}

/**
 * A SQLite table's lines, a page at a time, on the transaction's own connection: in its snapshot.
 * `json_array` writes numbers exactly and strings escaped as JSON does; bytes, which JSON cannot
 * hold, become `{"$hex": "..."}` (half again the cost of the line without them, twice as quick as
 * making each row a JavaScript array to encode: docs/benchmarks.md, "Backup and restore").
 */
async function* sqlitePages(trx: Knex.Transaction, shape: TableShape): AsyncGenerator<Page> {
  const values = shape.columns.map((column) => {
    const name = quoted('sqlite', column)
    return `CASE WHEN typeof(${name}) = 'blob' THEN json_object('$hex', hex(${name})) ELSE ${name} END`
  })
  const statement = (await sqliteConnection(trx))
    .prepare(`SELECT json_array(${values.join(', ')}) FROM ${quoted('sqlite', shape.name)}`)
    .pluck(true)
  let page: Page = []
  for (const line of statement.iterate() as IterableIterator<string>) {
    page.push(line)
    if (page.length === PAGE) {
      yield page
      page = []
    }
  }
  if (page.length > 0) yield page
}

/** Copies one blob into the archive, hashing it on the way; null when it is gone from the store. */
async function copyBlob(
  store: BlobStore,
  blob: BackupBlob,
  tar: TarWriter,
): Promise<MemberSum | null> {
  const name = `${DRIVE_BLOBS_PREFIX}${blob.key}`
  const hash = createHash('sha256')
  const onChunk = (chunk: Buffer) => hash.update(chunk)
  let size: number
  if (store.pathOf) {
    const copied = await tar.addFile(name, store.pathOf(blob.key), onChunk)
    if (copied === null) return null
    size = copied
  } else {
    let download: BlobDownload
    try {
      download = await store.get(blob.key)
    } catch (error) {
      if ((error as { code?: string }).code === 'BLOB_NOT_FOUND') return null
      throw error
    }
    size = download.size
    await tar.addStream(name, size, download.body, onChunk)
  }
  const digest = hash.digest('hex')
  if (blob.sha256 && blob.sha256 !== digest)
    throw new Error(
      `the drive's blob ${blob.key} does not hold the bytes its file row records (SHA-256 ${digest}, not ${blob.sha256})`,
    )
  return { name, size, sha256: digest }
}
