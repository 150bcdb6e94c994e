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
import type { Progress, ProgressBar } from '../progress.js'
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
import type { CopiedFile } from './file-copy.js'
import { encodeValues } from './row-codec.js'
import { sqliteConnection, type SqliteConnection } from './sqlite-connection.js'
import type { TarWriter } from './tar.js'

const gzip = promisify(gzipCallback)

/** Rows read per query: a page of a table in memory, whatever its size. */
const PAGE = 1000
/** A part also ends at this many bytes of lines, so one of large rows stays small. */
const PART_BYTES = 16 * 1024 * 1024
/** About the most bytes of lines SQLite makes for one page (sqliteRowidPages). */
const SQLITE_PAGE_BYTES = 4 * 1024 * 1024
/**
 * Below this many rows a page (a table with a row of over about 256 KB), a query a page would cost
 * more than it saves (one row a query made a table 16 times slower): such a table is read a line
 * at a time.
 */
const MIN_SQLITE_PAGE = 8

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
 * read, while the site goes on writing), the blobs the snapshot's rows name, then the manifest.
 * Blobs are immutable under their keys. Into a file, from a local drive, the blob copy worker
 * copies them while the rows are read, and they come before the rows; otherwise they are copied
 * once the snapshot has ended, after the rows (format.ts).
 */
export async function writeBackup(
  source: SnapshotSource,
  tar: TarWriter,
  progress: Progress,
  cliVersion: string,
): Promise<WrittenBackup> {
  const headerMembers: MemberSum[] = []
  const rowMembers: MemberSum[] = []
  const rows: Record<string, number> = {}
  const add = async (name: string, body: Buffer, into: MemberSum[]) => {
    await tar.addBuffer(name, body)
    into.push({ name, size: body.length, sha256: sha256(body) })
  }
  const files = new BlobTally(progress)

  const { header, blobs, copying } = await inSnapshot(source, async (trx) => {
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
    await add(HEADER_NAME, Buffer.from(JSON.stringify(header, null, 2)), headerMembers)
    // The drive's own query, in the same snapshot: its rows are the drive's business.
    const blobs: BackupBlob[] = source.blobs ? await snapshotBlobs(trx) : []
    files.expect(blobs)
    const store = source.blobs
    const copying =
      store?.pathOf && tar.copyFilesAside && blobs.length > 0
        ? tar.copyFilesAside(
            blobs.map((blob) => ({ name: blobMember(blob.key), path: store.pathOf!(blob.key) })),
            (file) => files.copied(file),
          )
        : null
    // Seen when awaited after the rows; a rejection is not left unhandled meanwhile.
    copying?.catch(() => undefined)
    const counts = await rowCounts(trx, source.dialect, shapes)
    const bar = progress.bar(
      'rows',
      [...counts.values()].reduce((sum, count) => sum + count, 0),
    )
    // One part is compressed on libuv's threads while the next is read and encoded here.
    let compressing: Promise<void> = Promise.resolve()
    for (const shape of shapes) {
      let part = 0
      let pages: Buffer[] = []
      let partRows = 0
      let bytes = 0
      const flush = async () => {
        if (partRows === 0) return
        part += 1
        const name = partName(shape.name, part)
        const text = pages.length === 1 ? pages[0]! : Buffer.concat(pages)
        pages = []
        partRows = 0
        bytes = 0
        await compressing
        compressing = gzip(text, { level: 1, chunkSize: 1024 * 1024 }).then((body) =>
          add(name, body, rowMembers),
        )
        // Seen when awaited next; a rejection is not left unhandled meanwhile.
        compressing.catch(() => undefined)
      }
      rows[shape.name] = 0
      // A page never takes a part past ROWS_PER_PART rows.
      const room = () => ROWS_PER_PART - partRows
      for await (const page of tablePages(trx, source.dialect, shape, room)) {
        pages.push(page.text)
        partRows += page.rows
        bytes += page.text.length
        rows[shape.name]! += page.rows
        bar.tick(page.rows)
        if (partRows >= ROWS_PER_PART || bytes >= PART_BYTES) await flush()
      }
      await flush()
    }
    await compressing
    bar.end()
    return { header, blobs, copying }
  })

  files.showBar()
  if (copying) await copying
  else for (const blob of blobs) files.copied(await copyBlob(source.blobs!, blob, tar))
  files.end()

  const manifest: BackupManifest = {
    format: FORMAT,
    version: FORMAT_VERSION,
    members: copying
      ? [...headerMembers, ...files.members, ...rowMembers]
      : [...headerMembers, ...rowMembers, ...files.members],
    rows,
    blobs: { count: files.members.length, bytes: files.bytes },
    missingBlobs: files.missing,
  }
  await tar.addBuffer(MANIFEST_NAME, Buffer.from(JSON.stringify(manifest)))
  return { header, manifest }
}

function blobMember(key: string): string {
  return `${DRIVE_BLOBS_PREFIX}${key}`
}

/**
 * The blobs as they are copied: their members in the archive's order, the ones found gone, and a
 * files bar drawn once the rows' bar has ended (the copy aside runs under it). A blob whose bytes
 * are not the SHA-256 its file row records fails the backup.
 */
class BlobTally {
  readonly members: MemberSum[] = []
  readonly missing: string[] = []
  bytes = 0
  private recorded = new Map<string, BackupBlob>()
  private bar: ProgressBar | null = null

  constructor(private readonly progress: Progress) {}

  expect(blobs: readonly BackupBlob[]): void {
    for (const blob of blobs) this.recorded.set(blobMember(blob.key), blob)
  }

  copied(file: CopiedFile): void {
    const blob = this.recorded.get(file.name)!
    if ('missing' in file) this.missing.push(blob.key)
    else {
      if (blob.sha256 && blob.sha256 !== file.sha256)
        throw new Error(
          `the drive's blob ${blob.key} does not hold the bytes its file row records (SHA-256 ${file.sha256}, not ${blob.sha256})`,
        )
      this.members.push({ name: file.name, size: file.size, sha256: file.sha256 })
      this.bytes += file.size
    }
    this.bar?.tick(1, 'missing' in file ? 0 : file.size)
  }

  showBar(): void {
    this.bar = this.progress.bar('files', this.recorded.size)
    this.bar.tick(this.members.length + this.missing.length, this.bytes)
  }

  end(): void {
    this.bar?.end()
  }
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

/** A page of a table's rows: their lines (row-codec.ts), each ended by a line break. */
interface Page {
  text: Buffer
  rows: number
}

/** A page of lines as bytes. */
function pageOf(lines: readonly string[]): Page {
  return { text: Buffer.from(`${lines.join('\n')}\n`), rows: lines.length }
}

/**
 * A table's rows a page at a time, at most `room()` rows a page. SQLite: on the snapshot's own
 * connection (sqlitePages). MySQL/MariaDB: in primary-key order from where the last page ended,
 * so a page costs the same at any depth; a table without a primary key by offset (the snapshot
 * keeps the order stable; the site's tables all have keys).
 */
async function* tablePages(
  trx: Knex.Transaction,
  dialect: DatabaseDialect,
  shape: TableShape,
  room: () => number,
): AsyncGenerator<Page> {
  const table = quoted(dialect, shape.name)
  if (dialect === 'sqlite') {
    yield* sqlitePages(trx, shape, room)
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
    pageOf(rows.map((row) => encodeValues(shape.columns.map((column) => row[column]))))
  const keys = shape.primaryKey
  if (keys.length === 0) {
    for (let offset = 0; ;) {
      const limit = Math.min(PAGE, room())
      const page = await run(`SELECT ${select} FROM ${table} LIMIT ? OFFSET ?`, [limit, offset])
      offset += page.length
      if (page.length > 0) yield lines(page)
      if (page.length < limit) return
    }
  }
  const keyList = keys.map((key) => quoted(dialect, key)).join(', ')
  let after: unknown[] | null = null
  for (;;) {
    const limit = Math.min(PAGE, room())
    const where = after ? `WHERE (${keyList}) > (${keys.map(() => '?').join(', ')})` : ''
    const page = await run(`SELECT ${select} FROM ${table} ${where} ORDER BY ${keyList} LIMIT ?`, [
      ...(after ?? []),
      limit,
    ])
    if (page.length > 0) {
      const last = page[page.length - 1]!
      after = keys.map((key) => last[key])
      yield lines(page)
    }
    if (page.length < limit) return
  }
}

/**
 * A SQLite table's rows, on the transaction's own connection: in its snapshot. Each row's line is
 * made by SQLite: `json_array` writes numbers exactly and strings escaped as JSON does; bytes,
 * which JSON cannot hold, become `{"$hex": "..."}`. A table with a rowid (all but WITHOUT ROWID
 * ones) comes in pages SQLite joins into one run of bytes itself; others a line at a time. Both:
 * docs/benchmarks.md, "Backup and restore".
 */
async function* sqlitePages(
  trx: Knex.Transaction,
  shape: TableShape,
  room: () => number,
): AsyncGenerator<Page> {
  const connection = await sqliteConnection(trx)
  const values = shape.columns.map((column) => {
    const name = quoted('sqlite', column)
    return `CASE WHEN typeof(${name}) = 'blob' THEN json_object('$hex', hex(${name})) ELSE ${name} END`
  })
  const line = `json_array(${values.join(', ')})`
  const rowid = rowidName(connection, shape)
  const perPage = rowid ? rowsPerPage(connection, shape) : 0
  if (rowid && perPage >= MIN_SQLITE_PAGE) {
    yield* sqliteRowidPages(connection, shape, line, rowid, perPage, room)
    return
  }
  // A line at a time, a page ending at PAGE rows or SQLITE_PAGE_BYTES of lines.
  const statement = connection
    .prepare(`SELECT ${line} FROM ${quoted('sqlite', shape.name)}`)
    .pluck(true)
  let lines: string[] = []
  let bytes = 0
  for (const text of statement.iterate() as IterableIterator<string>) {
    lines.push(text)
    bytes += text.length
    if (lines.length >= Math.min(PAGE, room()) || bytes >= SQLITE_PAGE_BYTES) {
      yield pageOf(lines)
      lines = []
      bytes = 0
    }
  }
  if (lines.length > 0) yield pageOf(lines)
}

/**
 * Rows a page of the table holds at SQLITE_PAGE_BYTES, sized by its widest row (measured first,
 * about a tenth of the reading): each value's own bytes doubled for what JSON escapes and hex
 * spell out, plus its framing.
 */
function rowsPerPage(connection: SqliteConnection, shape: TableShape): number {
  const widest = Number(
    connection
      .prepare(
        `SELECT max(${shape.columns.map((column) => `coalesce(octet_length(${quoted('sqlite', column)}), 0)`).join(' + ')}) FROM ${quoted('sqlite', shape.name)}`,
      )
      .pluck(true)
      .get() ?? 0,
  )
  return Math.max(1, Math.floor(SQLITE_PAGE_BYTES / (2 * widest + 16 * shape.columns.length)))
}

/**
 * A name that reaches the table's rowid (one a column of its own does not take), or null for a
 * WITHOUT ROWID table.
 */
function rowidName(connection: SqliteConnection, shape: TableShape): string | null {
  const listed = connection
    .prepare('SELECT wr FROM pragma_table_list WHERE schema = ? AND name = ?')
    .pluck(true)
    .get('main', shape.name)
  if (listed !== 0) return null
  return ['rowid', '_rowid_', 'oid'].find((name) => !shape.columns.includes(name)) ?? null
}

/**
 * A rowid table's pages in rowid order, each one query from where the last ended, its lines joined
 * by SQLite into one run of bytes (`group_concat`): no row becomes a JavaScript string, and the
 * lines need no joining or encoding here (three times quicker than a line at a time). A page holds
 * `perPage` rows (rowsPerPage): a table of large rows comes in small pages, so memory stays
 * bounded whatever its rows hold.
 */
function* sqliteRowidPages(
  connection: SqliteConnection,
  shape: TableShape,
  line: string,
  rowid: string,
  perPage: number,
  room: () => number,
): Generator<Page> {
  const table = quoted('sqlite', shape.name)
  const query = (where: string) =>
    connection
      .prepare(
        `SELECT CAST(group_concat(line, char(10) ORDER BY k) || char(10) AS BLOB), count(*), max(k) FROM (SELECT ${rowid} AS k, ${line} AS line FROM ${table} ${where} ORDER BY ${rowid} LIMIT ?)`,
      )
      .raw(true)
      .safeIntegers(true)
  const first = query('')
  const next = query(`WHERE ${rowid} > ?`)
  let after: bigint | null = null
  for (;;) {
    const limit = Math.min(perPage, room())
    const [text, count, last] = (after === null ? first.get(limit) : next.get(after, limit)) as [
      Buffer | null,
      bigint,
      bigint | null,
    ]
    if (count === 0n || text === null || last === null) return
    yield { text, rows: Number(count) }
    if (count < BigInt(limit)) return
    after = last
  }
}

/** Copies one blob into the archive on this thread, hashing it on the way. */
async function copyBlob(store: BlobStore, blob: BackupBlob, tar: TarWriter): Promise<CopiedFile> {
  const name = blobMember(blob.key)
  const hash = createHash('sha256')
  const onChunk = (chunk: Buffer) => hash.update(chunk)
  let size: number
  if (store.pathOf) {
    const copied = await tar.addFile(name, store.pathOf(blob.key), onChunk)
    if (copied === null) return { name, missing: true }
    size = copied
  } else {
    let download: BlobDownload
    try {
      download = await store.get(blob.key)
    } catch (error) {
      if ((error as { code?: string }).code === 'BLOB_NOT_FOUND') return { name, missing: true }
      throw error
    }
    size = download.size
    await tar.addStream(name, size, download.body, onChunk)
  }
  return { name, size, sha256: hash.digest('hex') }
}
