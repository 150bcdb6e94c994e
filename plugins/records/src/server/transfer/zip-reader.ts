import type { Readable } from 'node:stream'
import type { Entry, ZipFile } from 'yauzl'
import { createError } from '@shopwright/core'
import { loadOnce } from '../load-once.js'

/** Limits that keep a hostile archive from exhausting the server (docs/security.md, "Imports"). */
export interface ZipLimits {
  /** Entries in the archive, directories included. */
  maxEntries: number
  /** Bytes of all entries together, once inflated. */
  maxTotalBytes: number
  /** Bytes of one entry once inflated: what is held in memory at a time. */
  maxEntryBytes: number
}

export const IMPORT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 10_000,
  maxTotalBytes: 100 * 1024 * 1024,
  maxEntryBytes: 32 * 1024 * 1024,
}

/** One file of an archive. */
export interface ZipEntry {
  name: string
  data: Buffer
}

/** Why an entry name is unsafe (a path that climbs out, an absolute path), or null. */
export function unsafeEntryName(name: string): string | null {
  if (name.includes('\0')) return 'contains a NUL character'
  const normal = name.replace(/\\/g, '/')
  if (normal.startsWith('/') || /^[A-Za-z]:/.test(normal)) return 'is an absolute path'
  if (normal.split('/').some((part) => part === '..')) return 'climbs out with ..'
  return null
}

const damaged = () =>
  createError('ERROR_IMPORT_FILE_TYPE', {
    reason: 'The upload is not a complete ZIP archive, or it is damaged.',
  })

const tooLarge = (limit: number, what: string) =>
  createError('ERROR_BODY_TOO_LARGE', {
    status: 413,
    reason: `${what} more than ${limit} bytes uncompressed.`,
  })

/** yauzl comes in with the first archive imported, not at start. */
const loadYauzl = loadOnce(() => import('yauzl').then((module) => module.default))

async function open(data: Buffer): Promise<ZipFile> {
  const yauzl = await loadYauzl()
  return new Promise((resolve, reject) => {
    // Names are checked here (unsafeEntryName) so the answer can name the entry; lazy entries read
    // the central directory one entry at a time, so 10,000 entries cost no deep call stack.
    yauzl.fromBuffer(
      data,
      { lazyEntries: true, decodeStrings: false, validateEntrySizes: true },
      (error, zip) => (error || !zip ? reject(damaged()) : resolve(zip)),
    )
  })
}

/** The next entry of the central directory, or null at its end. */
function next(zip: ZipFile): Promise<Entry | null> {
  return new Promise((resolve, reject) => {
    const cleanUp = () => {
      zip.off('entry', onEntry)
      zip.off('end', onEnd)
      zip.off('error', onError)
    }
    const onEntry = (entry: Entry) => (cleanUp(), resolve(entry))
    const onEnd = () => (cleanUp(), resolve(null))
    const onError = () => (cleanUp(), reject(damaged()))
    zip.on('entry', onEntry)
    zip.on('end', onEnd)
    zip.on('error', onError)
    zip.readEntry()
  })
}

function openStream(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) =>
      error || !stream ? reject(damaged()) : resolve(stream),
    )
  })
}

/**
 * Reads an entry as it inflates, holding at most `limit` bytes: the stream stops the moment more
 * comes out, whatever the headers said. yauzl's size check also stops an entry that inflates to
 * more than its header declared (a zip bomb with lying headers).
 */
async function readEntry(stream: Readable, limit: number, name: string): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length
      if (size > limit) throw tooLarge(limit, `The entry "${name}" holds`)
      chunks.push(chunk)
    }
  } catch (error) {
    stream.destroy()
    if ((error as { code?: string }).code?.startsWith('ERROR_')) throw error
    throw createError('ERROR_IMPORT_FILE_TYPE', {
      reason: `The entry "${name}" cannot be read: it is damaged or inflates to more than its header says.`,
    })
  }
  return Buffer.concat(chunks, size)
}

/**
 * Where the central directory must end: the end record, or the ZIP64 end record before it. An
 * archive whose declared entry count leaves part of its directory unread lies about its count.
 */
function directoryEnd(data: Buffer): number {
  for (let offset = data.length - 22; offset >= Math.max(0, data.length - 22 - 0xffff); offset--) {
    if (data.readUInt32LE(offset) !== 0x06054b50) continue
    const locator = offset - 20
    if (locator >= 0 && data.readUInt32LE(locator) === 0x07064b50)
      return Number(data.readBigUInt64LE(locator + 8))
    return offset
  }
  return -1
}

/**
 * The files of a ZIP archive, one at a time, each inflated only when asked for. The whole central
 * directory is judged before anything is inflated or handed out: the entry count, every name (an
 * unsafe one refuses the archive, naming the entry), and the declared sizes against the limits, so
 * an honest bomb or a bad name is refused before one record is written. The bytes that actually
 * come out are then counted as they come, so a bomb with lying headers is stopped at its declared
 * size. Memory stays about one entry, whatever the archive claims.
 */
export async function* readZipEntries(
  data: Buffer,
  limits: ZipLimits = IMPORT_ZIP_LIMITS,
): AsyncGenerator<ZipEntry> {
  const zip = await open(data)
  try {
    if (zip.entryCount > limits.maxEntries)
      throw createError('ERROR_IMPORT_FILE_TYPE', {
        status: 413,
        reason: `The archive has more than ${limits.maxEntries} entries.`,
      })
    const files: Array<{ entry: Entry; name: string }> = []
    let total = 0
    for (let entry = await next(zip); entry; entry = await next(zip)) {
      const name = (entry.fileName as unknown as Buffer).toString('utf8')
      const problem = unsafeEntryName(name)
      if (problem)
        throw createError('ERROR_IMPORT_FILE_TYPE', { reason: `The entry "${name}" ${problem}.` })
      if (name.endsWith('/')) continue
      if (entry.uncompressedSize > limits.maxEntryBytes)
        throw tooLarge(limits.maxEntryBytes, `The entry "${name}" holds`)
      total += entry.uncompressedSize
      if (total > limits.maxTotalBytes) throw tooLarge(limits.maxTotalBytes, 'The archive holds')
      files.push({ entry, name })
    }
    if ((zip as unknown as { readEntryCursor: number }).readEntryCursor !== directoryEnd(data))
      throw createError('ERROR_IMPORT_FILE_TYPE', {
        reason: 'The archive holds more entries than its end record says.',
      })
    for (const { entry, name } of files) {
      const stream = await openStream(zip, entry)
      yield { name, data: await readEntry(stream, entry.uncompressedSize, name) }
    }
  } finally {
    zip.close()
  }
}
