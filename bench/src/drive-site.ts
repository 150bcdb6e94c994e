import { createHash, randomBytes } from 'node:crypto'
import http from 'node:http'
import path from 'node:path'
import { Readable } from 'node:stream'
import Database from 'better-sqlite3'
import { unzipSync } from 'fflate'
import type { BenchContext } from './scenario.js'
import { HOST, readBody } from './http-probe.js'
import { sqliteFile } from './record-table.js'
import { withManagerSite, type ManagerSite } from './manager-site.js'
import type { Keep } from './with-servers.js'
import { median } from './stats.js'

/** The plugin list of a site with the drive, named so the figures never depend on the default list. */
export const DRIVE_PLUGINS = 'records,account,translations,drive'

/**
 * The staff account the drive scenarios sign in with: a manager (role `allmanagers`, which the
 * seeded `drive` security record gives every right), not an administrator, whose rights skip the
 * security records.
 */
export const MANAGER = { email: 'drive-manager@example.com', password: 'bench-password-1' } as const

/** The drive's metadata table (plugins/drive/src/server/migrations.ts). */
export const ENTRIES_TABLE = 'drive_entries'

/** A running kernel with the drive and its signed-in manager. */
export interface DriveSite extends ManagerSite {
  /** The local store's directory (DRIVE_DIR): DATA_DIR/drive. */
  driveDir: string
}

export interface DriveSiteOptions {
  /** The scenario's name. */
  label: string
  /** Settings on top of the drive's (DRIVE_MAX_FILE_SIZE, DRIVE_WRITE_LIMIT, PLUGINS...). */
  settings?: Record<string, string>
  /** What the progress line says the kernel runs; `the drive` unless said. */
  what?: string
  graceMs?: number
}

/**
 * Runs a scenario's body against a kernel with the drive (local store) on a fresh DATA_DIR, with
 * the bench's manager signed in (see withManagerSite); the kernel is stopped when the body ends.
 */
export function withDriveSite<T>(
  context: BenchContext,
  options: DriveSiteOptions,
  body: (site: DriveSite, keep: Keep) => Promise<T>,
): Promise<T> {
  const settings: Record<string, string> = {
    PLUGINS: DRIVE_PLUGINS,
    DRIVE_STORAGE: 'local',
    ...options.settings,
  }
  return withManagerSite(
    context,
    {
      label: options.label,
      what: options.what ?? 'the drive',
      settings,
      manager: MANAGER,
      ...(options.graceMs ? { graceMs: options.graceMs } : {}),
    },
    (site, keep) =>
      body({ ...site, driveDir: settings.DRIVE_DIR ?? path.join(site.dataDir, 'drive') }, keep),
  )
}

/**
 * `total` bytes as chunks of at most `block.length`, each a view of `block` (nothing is copied, so
 * a file of any size costs one block of memory). The last chunk is cut to fit.
 */
export function* repeatedBlock(block: Uint8Array, total: number): Generator<Uint8Array> {
  if (block.length === 0) throw new Error('repeatedBlock: an empty block')
  for (let sent = 0; sent < total; sent += block.length)
    yield sent + block.length <= total ? block : block.subarray(0, total - sent)
}

/** The hex SHA-256 of what `repeatedBlock(block, total)` yields. */
export function repeatedBlockSha256(block: Uint8Array, total: number): string {
  const hash = createHash('sha256')
  for (const chunk of repeatedBlock(block, total)) hash.update(chunk)
  return hash.digest('hex')
}

/** A streamed upload's answer and timing. */
export interface StreamedUpload {
  status: number
  body: string
  /** From the request's start to the end of the answer. */
  ms: number
}

/**
 * POSTs `total` bytes streamed from `repeatedBlock` with Content-Length and
 * `Content-Type: application/octet-stream` on a new connection; never holds the body in memory.
 */
export function streamUpload(
  port: number,
  urlPath: string,
  headers: Record<string, string>,
  block: Uint8Array,
  total: number,
  timeoutMs: number,
): Promise<StreamedUpload> {
  return new Promise((resolve, reject) => {
    const begun = performance.now()
    const outgoing = http.request(
      {
        host: HOST,
        port,
        path: urlPath,
        method: 'POST',
        agent: false,
        headers: {
          ...headers,
          'Content-Type': 'application/octet-stream',
          'Content-Length': String(total),
        },
      },
      (response) =>
        readBody(
          response,
          (text) => {
            clearTimeout(timer)
            resolve({ status: response.statusCode ?? 0, body: text, ms: performance.now() - begun })
          },
          fail,
        ),
    )
    const timer = setTimeout(
      () => outgoing.destroy(new Error(`POST ${urlPath} got no answer within ${timeoutMs} ms`)),
      timeoutMs,
    )
    function fail(error: Error): void {
      clearTimeout(timer)
      reject(error)
    }
    outgoing.on('error', fail)
    // A server that answers early (a refusal) stops reading: the error above reports it.
    Readable.from(repeatedBlock(block, total), { objectMode: false }).pipe(outgoing)
  })
}

/** The timings of one GET, from sending it: status line, first body byte, last byte. */
export interface TimedGet {
  status: number
  headers: http.IncomingHttpHeaders
  headersMs: number
  /** The first byte of the body (the status line's time for an empty body). */
  firstByteMs: number
  totalMs: number
  bytes: number
  /** The body, when asked to keep it. */
  body?: Buffer
}

/** One GET on a new connection, timed; the body is counted, and kept when `keep` is set. */
export function timedGet(
  port: number,
  urlPath: string,
  headers: Record<string, string>,
  keep = false,
  timeoutMs = 60_000,
): Promise<TimedGet> {
  return new Promise((resolve, reject) => {
    const begun = performance.now()
    const outgoing = http.get(
      { host: HOST, port, path: urlPath, headers, agent: false },
      (response) => {
        const headersMs = performance.now() - begun
        let firstByteMs = Number.NaN
        let bytes = 0
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => {
          if (bytes === 0) firstByteMs = performance.now() - begun
          bytes += chunk.length
          if (keep) chunks.push(chunk)
        })
        response.on('end', () => {
          clearTimeout(timer)
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            headersMs,
            firstByteMs: Number.isNaN(firstByteMs) ? headersMs : firstByteMs,
            totalMs: performance.now() - begun,
            bytes,
            ...(keep ? { body: Buffer.concat(chunks) } : {}),
          })
        })
        response.on('error', fail)
      },
    )
    const timer = setTimeout(
      () => outgoing.destroy(new Error(`GET ${urlPath} got no full answer within ${timeoutMs} ms`)),
      timeoutMs,
    )
    function fail(error: Error): void {
      clearTimeout(timer)
      reject(error)
    }
    outgoing.on('error', fail)
  })
}

/**
 * Median time of `count` one-at-a-time GETs of a path (a new connection each): the figures the
 * log-list and search scenarios note beside their load rounds. Anything but a 200 throws.
 */
export async function timedMedian(
  port: number,
  urlPath: string,
  headers: Record<string, string>,
  count: number,
): Promise<number> {
  const ms: number[] = []
  for (let n = 0; n < count; n++) {
    const answer = await timedGet(port, urlPath, headers)
    if (answer.status !== 200) throw new Error(`GET ${urlPath} answered ${answer.status}`)
    ms.push(answer.totalMs)
  }
  return median(ms)
}

/** `file-00042.txt`: names that sort as their numbers do. */
export function numberedName(n: number, width: number, extension = 'txt'): string {
  return `file-${String(n).padStart(width, '0')}.${extension}`
}

/** A row of `drive_entries` as the kernel writes it (entry-store.ts). */
export interface DriveEntryRow {
  id: string
  parent_id: string
  path: string
  name: string
  rank: number
  size: number
  hash: string | null
  blob: string | null
  content_type: string | null
  security: string | null
  created: number
  modified: number
  modified_by: string | null
  bin_id: string
  binned: number | null
  bin_root: number
}

/** A new entry id like the drive's (newEntryId): 16 characters of base64url. */
export function entryId(): string {
  return randomBytes(12).toString('base64url')
}

/**
 * Copies of a file row the kernel made (an empty file created through the API), renamed to each
 * of `names` in the same folder, each with an id of its own: what `create` would have written.
 */
export function cloneFileRows(template: DriveEntryRow, names: readonly string[]): DriveEntryRow[] {
  const folder = template.path.slice(0, template.path.length - template.name.length)
  return names.map((name) => ({ ...template, id: entryId(), name, path: `${folder}${name}` }))
}

/** Inserts rows into `drive_entries` in one transaction (the kernel may be running: WAL). */
export function insertEntryRows(dataDir: string, rows: readonly DriveEntryRow[]): void {
  const db = new Database(sqliteFile(dataDir))
  try {
    db.pragma('busy_timeout = 10000')
    const columns = Object.keys(rows[0] ?? {})
    if (!columns.length) return
    const insert = db.prepare(
      `INSERT INTO ${ENTRIES_TABLE} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
    )
    db.transaction(() => {
      for (const row of rows) insert.run(row)
    })()
  } finally {
    db.close()
  }
}

/** The live row of a path in `drive_entries`, or undefined. */
export function liveEntry(dataDir: string, entryPath: string): DriveEntryRow | undefined {
  const db = new Database(sqliteFile(dataDir), { readonly: true })
  try {
    db.pragma('busy_timeout = 10000')
    return db
      .prepare(`SELECT * FROM ${ENTRIES_TABLE} WHERE path = ? AND bin_id = ''`)
      .get(entryPath) as DriveEntryRow | undefined
  } finally {
    db.close()
  }
}

/** How many live entries a folder holds, straight from the table. */
export function liveChildren(dataDir: string, parentId: string): number {
  const db = new Database(sqliteFile(dataDir), { readonly: true })
  try {
    db.pragma('busy_timeout = 10000')
    const row = db
      .prepare(`SELECT count(*) AS n FROM ${ENTRIES_TABLE} WHERE parent_id = ? AND bin_id = ''`)
      .get(parentId) as { n: number }
    return row.n
  } finally {
    db.close()
  }
}

/** A small file's size, 1,024 to 4,096 bytes, spread evenly and the same every run. */
export function smallFileSize(n: number): number {
  return 1024 + ((n * 2_654_435_761) % 3073)
}

/** The contents of small file `n`: `size` bytes of text that differ from file to file. */
export function smallFileBody(n: number, size: number): Buffer {
  const line = `file ${n}: the quick brown fox jumps over the lazy dog\n`
  return Buffer.from(line.repeat(Math.ceil(size / line.length)).slice(0, size), 'latin1')
}

/**
 * The RSS growth of an upload: the highest RSS seen (polled, or the kernel's own high-water mark
 * when it rose during the upload, catching a peak between two samples) minus the RSS before it.
 */
export function rssGrowth(sample: {
  beforeMb: number
  hwmBeforeMb: number
  polledPeakMb: number
  hwmAfterMb: number
}): { peakMb: number; growthMb: number } {
  const hwmRose = sample.hwmAfterMb > sample.hwmBeforeMb
  const peakMb = Math.max(sample.polledPeakMb, hwmRose ? sample.hwmAfterMb : 0, sample.beforeMb)
  return { peakMb, growthMb: peakMb - sample.beforeMb }
}

/**
 * What is wrong with a downloaded zip, given the files it should hold (name to contents length):
 * missing, extra or wrongly sized files. Folder entries (names ending in `/`) are not counted.
 */
export function zipProblems(zip: Uint8Array, expected: ReadonlyMap<string, number>): string[] {
  let files: Record<string, Uint8Array>
  try {
    files = unzipSync(zip)
  } catch (error) {
    return [`not a readable zip: ${(error as Error).message}`]
  }
  const problems: string[] = []
  const names = Object.keys(files).filter((name) => !name.endsWith('/'))
  for (const name of names) {
    const size = expected.get(name)
    if (size === undefined) problems.push(`unexpected ${name}`)
    else if (files[name]!.length !== size)
      problems.push(`${name}: ${files[name]!.length} bytes, not ${size}`)
  }
  for (const name of expected.keys()) if (!(name in files)) problems.push(`missing ${name}`)
  return problems
}
