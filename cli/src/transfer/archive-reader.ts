import type { Readable } from 'node:stream'
import yauzl, { type Entry, type ZipFile } from 'yauzl'
import { createError, isAppError } from '@shopwright/core'
import { checkInflation } from './inflation.js'
import { notAnExport } from './manifest.js'

/** One entry of an archive: its name (UTF-8) and its sizes, inflated and not, as the directory says. */
export interface ArchiveEntry {
  name: string
  size: number
  compressedSize: number
  entry: Entry
}

/**
 * An archive read from its file, a piece at a time: the central directory when it is opened, then
 * each entry only when asked for, so a drive of many gigabytes never sits in memory. The directory's
 * declared sizes are judged against the inflation limits (inflation.ts) before anything inflates;
 * yauzl then counts each entry's bytes while it streams and stops one that inflates past its
 * header, so an entry that lies about its size fails instead of passing on more bytes.
 */
export class ArchiveReader {
  private constructor(
    private readonly zip: ZipFile,
    /** Entries by name, in the archive's order. */
    readonly entries: ReadonlyMap<string, ArchiveEntry>,
  ) {}

  /**
   * Opens an archive and reads its directory; ERROR_IMPORT_FILE_TYPE for no zip, a damaged one,
   * more than `maxEntries`, or sizes past the inflation limits (a zip bomb).
   */
  static async open(file: string, maxEntries: number): Promise<ArchiveReader> {
    const zip = await openFile(file)
    try {
      if (zip.entryCount > maxEntries)
        throw notAnExport(`The archive has more than ${maxEntries} entries.`)
      const entries = new Map<string, ArchiveEntry>()
      for (let entry = await next(zip); entry; entry = await next(zip)) {
        const name = (entry.fileName as unknown as Buffer).toString('utf8')
        if (entries.has(name)) throw notAnExport(`The entry "${name}" is in the archive twice.`)
        entries.set(name, {
          name,
          size: entry.uncompressedSize,
          compressedSize: entry.compressedSize,
          entry,
        })
      }
      checkInflation(entries.values(), zip.fileSize)
      return new ArchiveReader(zip, entries)
    } catch (error) {
      zip.close()
      throw error
    }
  }

  /** An entry's bytes as it inflates. */
  stream(entry: ArchiveEntry): Promise<Readable> {
    return new Promise((resolve, reject) => {
      this.zip.openReadStream(entry.entry, (error, stream) =>
        error || !stream ? reject(damaged(entry.name)) : resolve(stream),
      )
    })
  }

  /**
   * An entry's bytes in memory, for a small one: at most `limit` bytes are ever held, whatever its
   * header says, as the records plugin's reader holds an upload's entry (`what` names the limit in
   * the refusal). Past it, the stream stops at once.
   */
  async read(entry: ArchiveEntry, limit: number, what: string): Promise<Buffer> {
    const tooLarge = () => notAnExport(`${entry.name} is larger than ${what} (${limit} bytes).`)
    if (entry.size > limit) throw tooLarge()
    const stream = await this.stream(entry)
    const chunks: Buffer[] = []
    let size = 0
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        size += chunk.length
        if (size > limit) throw tooLarge()
        chunks.push(chunk)
      }
    } catch (error) {
      stream.destroy()
      if (isAppError(error)) throw error
      throw damaged(entry.name)
    }
    return Buffer.concat(chunks, size)
  }

  close(): void {
    this.zip.close()
  }
}

/** An entry that cannot be read to its end. */
export function damaged(name: string): Error {
  return notAnExport(
    `The entry "${name}" cannot be read: the archive is damaged or cut short, or the entry inflates to more than its header says.`,
  )
}

function openFile(file: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    // Names are decoded by the caller (as UTF-8, whatever the flags say) and judged there, so a
    // refusal can name the entry; lazy entries read the directory one entry at a time.
    yauzl.open(
      file,
      { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, autoClose: false },
      (error, zip) => {
        if (!error && zip) return resolve(zip)
        if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT')
          return reject(createError('ERROR_FILE_NOT_FOUND', { reason: file }))
        reject(notAnExport('It is not a complete ZIP archive, or it is damaged.'))
      },
    )
  })
}

/** The next entry of the central directory, or null at its end. */
function next(zip: ZipFile): Promise<Entry | null> {
  return new Promise((resolve, reject) => {
    const cleanUp = (): void => {
      zip.off('entry', onEntry)
      zip.off('end', onEnd)
      zip.off('error', onError)
    }
    const onEntry = (entry: Entry): void => (cleanUp(), resolve(entry))
    const onEnd = (): void => (cleanUp(), resolve(null))
    const onError = (): void => (
      cleanUp(),
      reject(notAnExport('Its directory is damaged or cut short.'))
    )
    zip.on('entry', onEntry)
    zip.on('end', onEnd)
    zip.on('error', onError)
    zip.readEntry()
  })
}
