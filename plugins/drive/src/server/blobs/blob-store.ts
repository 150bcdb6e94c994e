import { createHash } from 'node:crypto'
import { Transform, finished, type Readable, type TransformCallback } from 'node:stream'

/**
 * A blob's key: an opaque content id the caller chooses (a random id, or the hex SHA-256 of the
 * contents). 8 to 128 characters of lower-case a-z, 0-9, `_` and `-`, starting with a letter or
 * digit. Lower case only, so two keys never name one file on a case-insensitive file system; no
 * dot, slash, backslash, NUL or other byte that a path or an S3 key would read as structure.
 */
export const BLOB_KEY = /^[a-z0-9][a-z0-9_-]{7,127}$/

/** What `put` answers once the blob is stored: its byte count and the hex SHA-256 of its bytes. */
export interface BlobInfo {
  size: number
  sha256: string
}

export interface PutOptions {
  /** The exact size announced by the sender: a stream of any other length fails and stores nothing. */
  size?: number
  /** The most bytes accepted: a longer stream fails with `BLOB_TOO_LARGE` and stores nothing. */
  maxSize?: number
  /**
   * `false`: `put` returns once the blob is in place, before it is flushed to disk; the caller
   * flushes many blobs at once with `flush` (a restore writes a thousand files, and a flush a
   * file costs it more than the copy). A store whose writes are durable anyway ignores it.
   */
  durable?: boolean
}

/** Bytes `start` to `end` of a blob, both inclusive as in HTTP's `Range: bytes=start-end`. */
export interface BlobRange {
  start: number
  /** Past the end, or left out: up to the last byte. */
  end?: number
}

export interface GetOptions {
  range?: BlobRange
}

/** What `get` answers: the bytes, how many there are, and the whole blob's size. */
export interface BlobDownload {
  body: Readable
  /** Bytes in `body` (the range's length, or the whole size). */
  size: number
  /** The whole blob's size. */
  totalSize: number
}

export interface BlobStat {
  size: number
}

/**
 * Where the drive keeps file contents. Blobs are immutable byte strings under a caller's key:
 * names, folders, versions and the bin are the drive's records, not the store's business.
 *
 * - `put` streams: memory does not grow with the size. The hash is computed on the way. A put that
 *   fails (the source errors, a size check fails, the store refuses) leaves no blob and no temporary
 *   file behind. A put under an existing key replaces the blob whole: a reader sees the old bytes or
 *   the new ones, never a mix.
 * - `get` throws `BlobNotFoundError` before any byte when the key has no blob, so an HTTP answer
 *   can still be a 404; an unsatisfiable range throws `BLOB_RANGE_INVALID`.
 * - `delete` of a missing key is no error.
 * - Every method refuses a key that does not match `BLOB_KEY` with `BLOB_KEY_INVALID`.
 */
export interface BlobStore {
  /** `local` or `s3`, for logs and the admin. */
  readonly kind: 'local' | 's3'
  /** Checks at boot that the store is usable (the directory writable, the bucket reachable). */
  check(): Promise<void>
  put(key: string, source: Readable, options?: PutOptions): Promise<BlobInfo>
  get(key: string, options?: GetOptions): Promise<BlobDownload>
  /** The blob's size, or null when the key has none. */
  stat(key: string): Promise<BlobStat | null>
  /**
   * The blob's file on this machine, in a store that keeps blobs as files (local): a backup
   * copies it whole rather than through `get`'s stream. The key is checked; the file may be gone.
   */
  pathOf?(key: string): string
  /**
   * In a store that keeps blobs as files: a new path inside the store where a file may be written
   * whole by another writer (a restore's worker thread), then given its key by `adopt`. A path
   * never adopted is the writer's to remove.
   */
  stagingPath?(): string
  /**
   * Moves the file written at a `stagingPath` under `key`, replacing what the key held, as a put
   * would (with `durable: false`, left for `flush`). The key is checked.
   */
  adopt?(key: string, staged: string, options?: Pick<PutOptions, 'durable'>): Promise<void>
  /** Flushes to disk the blobs put under `keys` with `durable: false`, and their folders. */
  flush?(keys: readonly string[]): Promise<void>
  delete(key: string): Promise<void>
  /** Releases connections; the store is not used afterwards. */
  close(): Promise<void>
}

export type BlobErrorCode =
  | 'BLOB_NOT_FOUND'
  | 'BLOB_KEY_INVALID'
  | 'BLOB_SIZE_MISMATCH'
  | 'BLOB_TOO_LARGE'
  | 'BLOB_RANGE_INVALID'

/** Every refusal of a blob store carries one of these codes; the drive's routes map them. */
export class BlobStoreError extends Error {
  constructor(
    readonly code: BlobErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options)
    this.name = 'BlobStoreError'
  }
}

/** The key has no blob. */
export class BlobNotFoundError extends BlobStoreError {
  constructor(
    readonly key: string,
    options?: ErrorOptions,
  ) {
    super('BLOB_NOT_FOUND', `no blob under key ${key}`, options)
    this.name = 'BlobNotFoundError'
  }
}

/** True for the not-found error of any store. */
export function isBlobNotFound(error: unknown): error is BlobNotFoundError {
  return error instanceof BlobStoreError && error.code === 'BLOB_NOT_FOUND'
}

/** Throws BLOB_KEY_INVALID unless the key matches BLOB_KEY (never echoing a long or binary key). */
export function assertBlobKey(key: unknown): asserts key is string {
  if (typeof key !== 'string' || !BLOB_KEY.test(key)) {
    const shown =
      typeof key === 'string'
        ? JSON.stringify(key.slice(0, 40)) + (key.length > 40 ? '…' : '')
        : typeof key
    throw new BlobStoreError('BLOB_KEY_INVALID', `invalid blob key ${shown}`)
  }
}

/** Checks put options before any byte moves. */
export function assertPutOptions(options: PutOptions): void {
  for (const name of ['size', 'maxSize'] as const) {
    const value = options[name]
    if (value !== undefined && (!Number.isSafeInteger(value) || value < 0))
      throw new TypeError(`${name} must be a whole number of bytes, not ${String(value)}`)
  }
  if (options.size !== undefined && options.maxSize !== undefined && options.size > options.maxSize)
    throw new BlobStoreError(
      'BLOB_TOO_LARGE',
      `${options.size} bytes is more than the ${options.maxSize} allowed`,
    )
}

/**
 * Resolves a range against the blob's size to inclusive [start, end], or throws BLOB_RANGE_INVALID
 * when no byte of it exists (HTTP's 416).
 */
export function resolveRange(range: BlobRange, totalSize: number): { start: number; end: number } {
  assertRange(range)
  const { start } = range
  if (start >= totalSize)
    throw new BlobStoreError(
      'BLOB_RANGE_INVALID',
      `range starts at ${start}, the blob has ${totalSize} bytes`,
    )
  const end = range.end === undefined ? totalSize - 1 : Math.min(range.end, totalSize - 1)
  return { start, end }
}

/** Throws BLOB_RANGE_INVALID for a range that is not whole numbers with 0 <= start <= end. */
export function assertRange(range: BlobRange): void {
  const { start, end } = range
  if (
    !Number.isSafeInteger(start) ||
    start < 0 ||
    (end !== undefined && (!Number.isSafeInteger(end) || end < start))
  )
    throw new BlobStoreError('BLOB_RANGE_INVALID', `invalid range ${JSON.stringify(range)}`)
}

/**
 * A pass-through that hashes and counts the bytes, and fails the stream when it is longer than
 * allowed or, at its end, not of the announced size. `result()` is valid once it has ended.
 */
export class HashingCounter extends Transform {
  private readonly hash = createHash('sha256')
  private bytes = 0
  private digest: string | undefined

  constructor(private readonly options: PutOptions) {
    super()
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length
    const limit = this.options.size ?? this.options.maxSize
    if (limit !== undefined && this.bytes > limit) {
      callback(
        this.options.size !== undefined
          ? new BlobStoreError('BLOB_SIZE_MISMATCH', `more than the announced ${limit} bytes`)
          : new BlobStoreError('BLOB_TOO_LARGE', `more than the ${limit} bytes allowed`),
      )
      return
    }
    this.hash.update(chunk)
    callback(null, chunk)
  }

  override _flush(callback: TransformCallback): void {
    if (this.options.size !== undefined && this.bytes !== this.options.size) {
      callback(
        new BlobStoreError(
          'BLOB_SIZE_MISMATCH',
          `${this.bytes} bytes, not the announced ${this.options.size}`,
        ),
      )
      return
    }
    this.digest = this.hash.digest('hex')
    callback()
  }

  result(): BlobInfo {
    if (this.digest === undefined) throw new Error('the stream has not ended')
    return { size: this.bytes, sha256: this.digest }
  }
}

/**
 * Pipes the source into a HashingCounter: an error or early close of the source destroys the counter
 * with it (so
 * whatever consumes the counter fails too), and a destroyed counter destroys the source.
 */
export function hashingTap(source: Readable, options: PutOptions): HashingCounter {
  const tap = new HashingCounter(options)
  // An error, or a close before the end (a client that hung up), fails the tap: never a short blob.
  finished(source, { writable: false }, (error) => {
    if (error) tap.destroy(error)
  })
  tap.once('close', () => {
    if (!source.destroyed && !source.readableEnded) source.destroy()
  })
  source.pipe(tap)
  return tap
}
