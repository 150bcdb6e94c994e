import { randomBytes } from 'node:crypto'
import { mkdir, open, rename, rm, stat, type FileHandle } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  BlobNotFoundError,
  assertBlobKey,
  assertPutOptions,
  hashingTap,
  resolveRange,
  type BlobDownload,
  type BlobInfo,
  type BlobStat,
  type BlobStore,
  type GetOptions,
  type PutOptions,
} from './blob-store.js'

/** Temporary files start with a dot, which no key does: a key can never name one. */
const TEMP_PREFIX = '.tmp-'

const isCode = (error: unknown, ...codes: string[]): boolean =>
  typeof error === 'object' &&
  error !== null &&
  codes.includes(String((error as { code?: unknown }).code))

/** Flushes a file's data (or a directory's entries) to disk. */
async function syncFile(file: string): Promise<void> {
  const handle = await open(file, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/**
 * Makes a rename or a new entry of a directory durable. Some platforms (Windows) and file systems
 * cannot open or sync a directory: there the rename is as durable as the platform makes it.
 */
async function syncDirectory(directory: string): Promise<void> {
  try {
    await syncFile(directory)
  } catch (error) {
    if (!isCode(error, 'EISDIR', 'EPERM', 'EINVAL', 'EACCES', 'ENOTSUP')) throw error
  }
}

/** Flushes waiting at once in `flush`: enough for the journal to take them together. */
const FLUSH_BATCH = 64

async function inBatches<T>(
  items: readonly T[],
  size: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  for (let at = 0; at < items.length; at += size)
    await Promise.all(items.slice(at, at + size).map(task))
}

/**
 * Blobs as files under one directory, fanned out by the key's first two pairs of characters
 * (`ab/cd/abcdef01...`) so no directory grows past a few thousand entries.
 *
 * A put writes a temporary file in the blob's own directory, syncs it, renames it over the final
 * name (atomic on one file system) and syncs the directory; a put that fails removes its temporary
 * file. Only a crash in the middle of a put can leave one: they start with `.tmp-`, are never read,
 * and may be removed when older than a day. A put with `durable: false` skips both syncs until
 * `flush` makes many at once.
 */
export class LocalBlobStore implements BlobStore {
  readonly kind = 'local' as const
  readonly directory: string

  constructor(directory: string) {
    this.directory = path.resolve(directory)
  }

  /** The blob's file (the key is checked first). */
  pathOf(key: string): string {
    assertBlobKey(key)
    return path.join(this.directory, key.slice(0, 2), key.slice(2, 4), key)
  }

  async check(): Promise<void> {
    await mkdir(this.directory, { recursive: true })
    // Write access, tried rather than asked (access() answers yes to root on a read-only mount).
    const probe = path.join(this.directory, `${TEMP_PREFIX}probe-${randomBytes(8).toString('hex')}`)
    const handle = await open(probe, 'wx')
    await handle.close()
    await rm(probe, { force: true })
  }

  async put(key: string, source: Readable, options: PutOptions = {}): Promise<BlobInfo> {
    const target = this.pathOf(key)
    assertPutOptions(options)
    const folder = path.dirname(target)
    const durable = options.durable !== false
    const created = await mkdir(folder, { recursive: true })
    if (created !== undefined && durable) {
      // New fan-out folders: their own entries must survive a crash too.
      await syncDirectory(path.dirname(folder))
      await syncDirectory(this.directory)
    }
    const temp = path.join(folder, `${TEMP_PREFIX}${randomBytes(12).toString('hex')}`)
    // Created here, not by the stream: the file exists before any byte moves, so a failure at any
    // point finds it to remove.
    const handle = await open(temp, 'wx')
    try {
      const tap = hashingTap(source, options)
      // The stream owns the handle: `flush` syncs the file's data before it closes it, and the
      // pipeline settles once it has closed.
      await pipeline(tap, handle.createWriteStream({ flush: durable }))
      const info = tap.result()
      await rename(temp, target)
      if (durable) await syncDirectory(folder)
      return info
    } catch (error) {
      source.destroy()
      await handle.close().catch(() => undefined)
      await rm(temp, { force: true })
      throw error
    }
  }

  stagingPath(): string {
    return path.join(this.directory, `${TEMP_PREFIX}${randomBytes(12).toString('hex')}`)
  }

  async adopt(
    key: string,
    staged: string,
    options: Pick<PutOptions, 'durable'> = {},
  ): Promise<void> {
    const target = this.pathOf(key)
    // Only a staging path of this store: a rename from elsewhere could take any file in.
    if (path.dirname(staged) !== this.directory || !path.basename(staged).startsWith(TEMP_PREFIX))
      throw new Error(`${staged} is not a staging path of this store`)
    const folder = path.dirname(target)
    const durable = options.durable !== false
    const created = await mkdir(folder, { recursive: true })
    if (durable) await syncFile(staged)
    await rename(staged, target)
    if (durable) {
      await syncDirectory(folder)
      if (created !== undefined) await syncDirectory(path.dirname(folder))
      await syncDirectory(this.directory)
    }
  }

  async flush(keys: readonly string[]): Promise<void> {
    const files = keys.map((key) => this.pathOf(key))
    const folders = new Set(files.map((file) => path.dirname(file)))
    for (const folder of [...folders]) folders.add(path.dirname(folder))
    folders.add(this.directory)
    // Many at a time: the file system commits its journal once for a batch of waiting flushes.
    await inBatches(files, FLUSH_BATCH, syncFile)
    await inBatches([...folders], FLUSH_BATCH, syncDirectory)
  }

  async get(key: string, options: GetOptions = {}): Promise<BlobDownload> {
    const file = this.pathOf(key)
    let handle: FileHandle
    try {
      handle = await open(file, 'r')
    } catch (error) {
      if (isCode(error, 'ENOENT')) throw new BlobNotFoundError(key, { cause: error })
      throw error
    }
    try {
      // Size and bytes come from the one open file: a put replacing the blob meanwhile changes
      // neither (the reader keeps the old file until it closes).
      const { size: totalSize } = await handle.stat()
      if (!options.range) return { body: handle.createReadStream(), size: totalSize, totalSize }
      const { start, end } = resolveRange(options.range, totalSize)
      return {
        body: handle.createReadStream({ start, end }),
        size: end - start + 1,
        totalSize,
      }
    } catch (error) {
      await handle.close()
      throw error
    }
  }

  async stat(key: string): Promise<BlobStat | null> {
    const file = this.pathOf(key)
    try {
      const stats = await stat(file)
      return stats.isFile() ? { size: stats.size } : null
    } catch (error) {
      if (isCode(error, 'ENOENT')) return null
      throw error
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true })
  }

  async close(): Promise<void> {}
}
