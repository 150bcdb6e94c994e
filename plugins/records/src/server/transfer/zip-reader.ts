import { Unzip, UnzipInflate } from 'fflate'
import { createError, type AppError } from '@shopwright/core'

/** Limits that keep a hostile archive from exhausting the server. */
export interface ZipLimits {
  maxEntries: number
  maxTotalBytes: number
}

export const IMPORT_ZIP_LIMITS: ZipLimits = { maxEntries: 10_000, maxTotalBytes: 100 * 1024 * 1024 }

/** One file of an archive. */
export interface ZipEntry {
  name: string
  data: Uint8Array
}

/** Why an entry name is unsafe (a path that climbs out, an absolute path), or null. */
export function unsafeEntryName(name: string): string | null {
  if (name.includes('\0')) return 'contains a NUL character'
  const normal = name.replace(/\\/g, '/')
  if (normal.startsWith('/') || /^[A-Za-z]:/.test(normal)) return 'is an absolute path'
  if (normal.split('/').some((part) => part === '..')) return 'climbs out with ..'
  return null
}

/**
 * Reads every file of a ZIP archive, inflating as it goes and counting the bytes that actually come
 * out, so an archive whose headers lie about its sizes (a zip bomb) is stopped at the limit rather
 * than trusted. Refuses more than `maxEntries` entries and any unsafe path, naming the entry.
 */
export function readZip(data: Uint8Array, limits: ZipLimits = IMPORT_ZIP_LIMITS): ZipEntry[] {
  const declared = declaredEntries(data)
  if (declared > limits.maxEntries) {
    throw createError('ERROR_IMPORT_FILE_TYPE', {
      status: 413,
      reason: `The archive has more than ${limits.maxEntries} entries.`,
    })
  }
  const entries: ZipEntry[] = []
  let count = 0
  let total = 0
  // fflate wraps what its callbacks throw, so the first refusal is kept here and thrown after push().
  let refusal: AppError | undefined
  const refuse = (error: AppError): never => {
    refusal ??= error
    throw error
  }
  const unzip = new Unzip((file) => {
    if (refusal) return
    count += 1
    if (count > limits.maxEntries) {
      refuse(
        createError('ERROR_IMPORT_FILE_TYPE', {
          status: 413,
          reason: `The archive has more than ${limits.maxEntries} entries.`,
        }),
      )
    }
    const problem = unsafeEntryName(file.name)
    if (problem)
      refuse(
        createError('ERROR_IMPORT_FILE_TYPE', { reason: `The entry "${file.name}" ${problem}.` }),
      )
    if (file.name.endsWith('/')) return
    const chunks: Uint8Array[] = []
    let size = 0
    file.ondata = (error, chunk, final) => {
      if (refusal) return
      if (error)
        refuse(
          createError('ERROR_IMPORT_FILE_TYPE', {
            reason: `The entry "${file.name}" cannot be read: ${error.message}`,
          }),
        )
      size += chunk.length
      total += chunk.length
      if (total > limits.maxTotalBytes) {
        refuse(
          createError('ERROR_BODY_TOO_LARGE', {
            status: 413,
            reason: `The archive holds more than ${limits.maxTotalBytes} bytes uncompressed.`,
          }),
        )
      }
      chunks.push(chunk)
      if (final) entries.push({ name: file.name, data: join(chunks, size) })
    }
    file.start()
  })
  unzip.register(UnzipInflate)
  try {
    unzip.push(data, true)
  } catch (error) {
    if (refusal) throw refusal
    throw createError('ERROR_IMPORT_FILE_TYPE', {
      reason: `The archive cannot be read: ${(error as Error).message}`,
    })
  }
  if (refusal) throw refusal
  return entries
}

const END_OF_ARCHIVE = 0x06054b50
/** The end record is 22 bytes plus a comment of at most 65,535. */
const END_SEARCH = 22 + 0xffff

/**
 * The entry count of the archive's end record. Its absence means the upload is not a complete ZIP
 * (the streaming reader alone would quietly find nothing in a truncated one). The count may lie; the
 * streaming count above is what holds.
 */
function declaredEntries(data: Uint8Array): number {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  for (let offset = data.length - 22; offset >= Math.max(0, data.length - END_SEARCH); offset--) {
    if (view.getUint32(offset, true) === END_OF_ARCHIVE) return view.getUint16(offset + 10, true)
  }
  throw createError('ERROR_IMPORT_FILE_TYPE', {
    reason: 'The upload is not a complete ZIP archive.',
  })
}

function join(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!
  const out = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    out.set(chunk, offset)
    offset += chunk.length
  }
  return out
}
