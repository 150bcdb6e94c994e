import type { Readable } from 'node:stream'
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3'
import { createError, isConnectionError } from '@shopwright/core'
import {
  BlobNotFoundError,
  BlobStoreError,
  assertBlobKey,
  assertPutOptions,
  assertRange,
  hashingTap,
  type BlobDownload,
  type BlobInfo,
  type BlobStat,
  type BlobStore,
  type GetOptions,
  type PutOptions,
} from './blob-store.js'

/** S3's smallest part (but the last) and most parts of one multipart upload. */
const MIN_PART_SIZE = 5 * 1024 * 1024
const MAX_PARTS = 10_000

export interface S3BlobStoreOptions {
  bucket: string
  /** An S3-compatible server's address (MinIO, Ceph RGW); left out: AWS S3 of the region. */
  endpoint?: string
  region: string
  /** Left out: the AWS SDK's default chain (AWS_* variables, shared files, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string }
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key` (MinIO, most RGW). */
  forcePathStyle?: boolean
  /** Prepended to every key, for a bucket shared with other data: `drive/`. */
  prefix?: string
  /** Bytes of one part of a multipart upload (at least 5 MiB); grown for very large blobs. */
  partSize?: number
  /** Parts uploaded at once: memory per put is about (queueSize + 1) x partSize. */
  queueSize?: number
  /**
   * Milliseconds an S3 request may take to connect, and may then go without a byte either way
   * (DRIVE_S3_TIMEOUT); each request is tried at most twice. Default 5000.
   */
  timeoutMs?: number
}

/** The AWS SDK's S3 client and multipart upload, and a client made with them. */
interface S3Sdk {
  s3: typeof import('@aws-sdk/client-s3')
  Upload: typeof import('@aws-sdk/lib-storage').Upload
  client: S3Client
}

let sdkLoading: Promise<Pick<S3Sdk, 's3' | 'Upload'>> | undefined

/**
 * The AWS SDK (about 60 ms and several MB to load) comes in with the first S3 store that is used,
 * so a site on local storage never loads it.
 */
function loadSdk(): Promise<Pick<S3Sdk, 's3' | 'Upload'>> {
  sdkLoading ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(
    ([s3, storage]) => ({ s3, Upload: storage.Upload }),
  )
  return sdkLoading
}

/** Seconds a client is told to wait after a 503 for an S3 server that does not answer. */
const RETRY_AFTER_SECONDS = '5'

/**
 * An S3 server that refused the connection, or did not answer within the time limit (frozen,
 * overloaded, cut off): 503 ERROR_DATA_CONNECTION, which the caller may retry, rather than a 500
 * or a request left hanging (docs/operations.md, "S3 outages").
 */
function unreachable(error: unknown): unknown {
  const name = (error as { name?: unknown } | null)?.name
  if (name !== 'TimeoutError' && !isConnectionError(error)) return error
  return createError('ERROR_DATA_CONNECTION', {
    cause: error,
    reason: 'The file storage did not answer in time.',
    headers: { 'Retry-After': RETRY_AFTER_SECONDS },
  })
}

/** A 404 of the object (never of the bucket: a missing bucket is a configuration error). */
function isMissingObject(error: unknown, { s3 }: S3Sdk): boolean {
  if (!(error instanceof s3.S3ServiceException)) return false
  if (error.name === 'NoSuchBucket') return false
  return (
    error.name === 'NoSuchKey' ||
    error.name === 'NotFound' ||
    error.$metadata.httpStatusCode === 404
  )
}

/**
 * Blobs as objects of one bucket of AWS S3 or an S3-compatible server, for sites of several nodes.
 *
 * A put streams through `@aws-sdk/lib-storage`'s Upload: a blob smaller than one part is sent with
 * one PutObject once read; a larger one as a multipart upload whose parts are buffered at most
 * `queueSize + 1` at a time, and which is aborted (its parts dropped) when the source fails. The
 * object appears only when the upload completes, so a failed put leaves none.
 *
 * Checksums are computed by the SDK only where S3 requires them (`WHEN_REQUIRED`): the newer
 * default sends CRC32 trailers that several S3-compatible servers refuse, and the store keeps its
 * own SHA-256 anyway.
 */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3' as const
  private readonly clientConfig: S3ClientConfig
  private connecting: Promise<S3Sdk> | undefined
  private readonly bucket: string
  private readonly prefix: string
  private readonly partSize: number
  private readonly queueSize: number

  constructor(options: S3BlobStoreOptions) {
    this.bucket = options.bucket
    this.prefix = options.prefix ?? ''
    this.partSize = Math.max(MIN_PART_SIZE, options.partSize ?? MIN_PART_SIZE)
    this.queueSize = Math.max(1, options.queueSize ?? 2)
    this.clientConfig = {
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.credentials ? { credentials: options.credentials } : {}),
      forcePathStyle: options.forcePathStyle ?? false,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // Without limits a frozen server holds a request for ever (the SDK sets none), and the SDK's
      // three tries would triple any limit: two tries, each bounded.
      maxAttempts: 2,
      requestHandler: {
        connectionTimeout: options.timeoutMs ?? 5000,
        socketTimeout: options.timeoutMs ?? 5000,
      },
    }
  }

  /** The SDK and this store's client, made on first use. */
  private sdk(): Promise<S3Sdk> {
    this.connecting ??= loadSdk().then((sdk) => ({
      ...sdk,
      client: new sdk.s3.S3Client(this.clientConfig),
    }))
    return this.connecting
  }

  /** The object key of a blob key (checked first). */
  objectKey(key: string): string {
    assertBlobKey(key)
    return this.prefix + key
  }

  async check(): Promise<void> {
    const { s3, client } = await this.sdk()
    try {
      await client.send(new s3.HeadBucketCommand({ Bucket: this.bucket }))
    } catch (error) {
      const detail =
        error instanceof s3.S3ServiceException
          ? `${error.name} (HTTP ${error.$metadata.httpStatusCode ?? '?'})`
          : error instanceof Error
            ? error.message
            : String(error)
      throw new Error(`the S3 bucket "${this.bucket}" cannot be reached: ${detail}`, {
        cause: error,
      })
    }
  }

  async put(key: string, source: Readable, options: PutOptions = {}): Promise<BlobInfo> {
    const objectKey = this.objectKey(key)
    assertPutOptions(options)
    // A part size that keeps a blob of the largest expected size within S3's 10,000 parts.
    const expected = options.size ?? options.maxSize
    const partSize =
      expected === undefined
        ? this.partSize
        : Math.max(this.partSize, Math.ceil(expected / MAX_PARTS))
    const tap = hashingTap(source, options)
    try {
      const { Upload, client } = await this.sdk()
      const upload = new Upload({
        client,
        params: {
          Bucket: this.bucket,
          Key: objectKey,
          Body: tap,
          ContentType: 'application/octet-stream',
        },
        partSize,
        queueSize: this.queueSize,
        leavePartsOnError: false,
      })
      await upload.done()
    } catch (error) {
      // The source's own error (or the size check's) says more than a failed abort of the upload.
      const cause = tap.errored ?? error
      tap.destroy()
      source.destroy()
      throw unreachable(cause)
    }
    return tap.result()
  }

  async get(key: string, options: GetOptions = {}): Promise<BlobDownload> {
    const objectKey = this.objectKey(key)
    if (options.range) assertRange(options.range)
    const range = options.range
      ? `bytes=${options.range.start}-${options.range.end ?? ''}`
      : undefined
    const sdk = await this.sdk()
    try {
      const reply = await sdk.client.send(
        new sdk.s3.GetObjectCommand({ Bucket: this.bucket, Key: objectKey, Range: range }),
      )
      const size = reply.ContentLength ?? 0
      // `bytes 0-9/100` for a range; the whole size otherwise.
      const total = reply.ContentRange?.match(/\/(\d+)$/)?.[1]
      return {
        body: reply.Body as Readable,
        size,
        totalSize: range && total !== undefined ? Number(total) : size,
      }
    } catch (error) {
      if (isMissingObject(error, sdk)) throw new BlobNotFoundError(key, { cause: error })
      if (error instanceof sdk.s3.S3ServiceException && error.$metadata.httpStatusCode === 416)
        throw new BlobStoreError('BLOB_RANGE_INVALID', `range ${range} is past the end`, {
          cause: error,
        })
      throw unreachable(error)
    }
  }

  async stat(key: string): Promise<BlobStat | null> {
    const objectKey = this.objectKey(key)
    const sdk = await this.sdk()
    try {
      const reply = await sdk.client.send(
        new sdk.s3.HeadObjectCommand({ Bucket: this.bucket, Key: objectKey }),
      )
      return { size: reply.ContentLength ?? 0 }
    } catch (error) {
      if (isMissingObject(error, sdk)) return null
      throw unreachable(error)
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 for a missing key too.
    const objectKey = this.objectKey(key)
    const { s3, client } = await this.sdk()
    try {
      await client.send(new s3.DeleteObjectCommand({ Bucket: this.bucket, Key: objectKey }))
    } catch (error) {
      throw unreachable(error)
    }
  }

  async close(): Promise<void> {
    // A store never used has no client (and loads no SDK to close it).
    if (!this.connecting) return
    const connected = await this.connecting.catch(() => undefined)
    connected?.client.destroy()
  }
}
