import path from 'node:path'
import { ConfigError, type SettingsOf, z } from '@shopwright/core'
import { LocalBlobStore } from './blobs/local-blob-store.js'
import { S3BlobStore } from './blobs/s3-blob-store.js'
import type { BlobStore } from './blobs/blob-store.js'

const flag = z.union([
  z.boolean(),
  z.enum(['true', 'false']).transform((value) => value === 'true'),
])

const SIZE = /^(\d{1,10})(b|kb|mb|gb)$/i
const UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }

/** A size like `2gb`, `500mb`, in bytes. */
const size = z
  .string()
  .regex(SIZE, 'must be a size like 500mb or 2gb')
  .transform((text) => {
    const [, count, unit] = SIZE.exec(text)!
    return Number(count) * UNITS[unit!.toLowerCase()]!
  })
  .refine((bytes) => bytes >= 1, { error: 'must be at least 1b' })

const whole = (min: number, max: number) =>
  z.coerce
    .number()
    .int({ error: 'must be a whole number' })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` })

/** The drive plugin's settings (README, "Settings"). */
export const DRIVE_SETTINGS = {
  /** The largest file one upload may store. */
  driveMaxFileSize: { env: 'DRIVE_MAX_FILE_SIZE', schema: size.default(2 * 1024 ** 3) },
  /** Creates, changes and deletes one account may make a minute, counted across nodes. */
  driveWriteLimit: { env: 'DRIVE_WRITE_LIMIT', schema: whole(1, 1_000_000).default(600) },
  /** Seconds browsers and CDNs may keep a `public` file without asking again. */
  drivePublicMaxAge: {
    env: 'DRIVE_PUBLIC_MAX_AGE',
    schema: whole(0, 31_536_000).default(604_800),
  },
  /** Where file contents live: `local` (a directory) or `s3` (a bucket, for several nodes). */
  driveStorage: {
    env: 'DRIVE_STORAGE',
    schema: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  },
  /** The local store's directory; DATA_DIR/drive when unset. */
  driveDir: { env: 'DRIVE_DIR', schema: z.string().min(1).optional() },
  /** An S3-compatible server's address; unset: AWS S3 of DRIVE_S3_REGION. */
  driveS3Endpoint: {
    env: 'DRIVE_S3_ENDPOINT',
    schema: z
      .string()
      .regex(/^https?:\/\/[^\s/?#]+\/?$/, 'must be an http:// or https:// address without a path')
      .optional(),
  },
  driveS3Bucket: {
    env: 'DRIVE_S3_BUCKET',
    schema: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3-63 characters of a-z, 0-9, . and -',
      )
      .optional(),
  },
  driveS3Region: {
    env: 'DRIVE_S3_REGION',
    schema: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a region name like eu-central-1')
      .default('us-east-1'),
  },
  driveS3AccessKeyId: {
    env: 'DRIVE_S3_ACCESS_KEY_ID',
    schema: z.string().min(1).max(256).optional(),
  },
  driveS3SecretAccessKey: {
    env: 'DRIVE_S3_SECRET_ACCESS_KEY',
    secret: true,
    schema: z.string().min(1).max(512).optional(),
  },
  /**
   * Milliseconds an S3 request may take to connect and then go without a byte; past it (twice) the
   * call answers 503 ERROR_DATA_CONNECTION.
   */
  driveS3Timeout: { env: 'DRIVE_S3_TIMEOUT', schema: whole(100, 600_000).default(5000) },
  /**
   * Milliseconds one resize may take once its process has the source; past it the process is
   * killed and the request answers 422 ERROR_IMAGE_TIMEOUT (docs/drive.md, "Resized images").
   */
  driveResizeTimeout: { env: 'DRIVE_RESIZE_TIMEOUT', schema: whole(10, 600_000).default(30_000) },
  /** Path-style addresses (`endpoint/bucket/key`): MinIO and most Ceph RGW set-ups need it. */
  driveS3ForcePathStyle: { env: 'DRIVE_S3_FORCE_PATH_STYLE', schema: flag.default(false) },
  /** Prepended to every object key, for a bucket shared with other data. */
  driveS3Prefix: {
    env: 'DRIVE_S3_PREFIX',
    schema: z
      .string()
      .regex(
        /^([A-Za-z0-9_.-]+\/)+$/,
        'must be folder names of A-Z, a-z, 0-9, _, . and - each ending in /, like drive/',
      )
      .refine((value) => !value.split('/').some((part) => part === '.' || part === '..'), {
        error: 'must not contain . or .. folders',
      })
      .optional(),
  },
} as const

export type DriveSettings = SettingsOf<typeof DRIVE_SETTINGS>

/**
 * The store the settings choose. Settings that only make sense together are checked here, at boot:
 * s3 without a bucket, or a key id without its secret, stops the boot naming the variable.
 */
export function createBlobStore(settings: DriveSettings, dataDir: string): BlobStore {
  if (settings.driveStorage === 'local')
    return new LocalBlobStore(settings.driveDir ?? path.join(dataDir, 'drive'))
  if (!settings.driveS3Bucket)
    throw new ConfigError(
      'DRIVE_S3_BUCKET',
      'must be set when DRIVE_STORAGE is s3 (config key driveS3Bucket)',
    )
  const { driveS3AccessKeyId: accessKeyId, driveS3SecretAccessKey: secretAccessKey } = settings
  if (accessKeyId && !secretAccessKey)
    throw new ConfigError(
      'DRIVE_S3_SECRET_ACCESS_KEY',
      'must be set with DRIVE_S3_ACCESS_KEY_ID (config key driveS3SecretAccessKey)',
    )
  if (secretAccessKey && !accessKeyId)
    throw new ConfigError(
      'DRIVE_S3_ACCESS_KEY_ID',
      'must be set with DRIVE_S3_SECRET_ACCESS_KEY (config key driveS3AccessKeyId)',
    )
  return new S3BlobStore({
    bucket: settings.driveS3Bucket,
    endpoint: settings.driveS3Endpoint,
    region: settings.driveS3Region,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: settings.driveS3ForcePathStyle,
    prefix: settings.driveS3Prefix,
    timeoutMs: settings.driveS3Timeout,
  })
}
