import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bootWith, expectConfigRefusals } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import drive from '../src/index.js'
import { LocalBlobStore } from '../src/server/blobs/local-blob-store.js'
import { startS3Server, type S3TestServer } from './helpers.js'

/** Boots records and drive with the given environment and config-file settings. */
const boot = (env: NodeJS.ProcessEnv, settings: Record<string, unknown> = {}, dataDir?: string) =>
  bootWith([records, drive], env, settings, dataDir ? { dataDir } : {})

describe('the drive plugin at boot', () => {
  let directory: string
  let server: S3TestServer

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'drive-boot-'))
    server = await startS3Server(path.join(directory, 's3'), 'drive-boot')
  })
  afterAll(async () => {
    await server?.stop()
    await rm(directory, { recursive: true, force: true })
  })

  it('refuses DRIVE_STORAGE=s3 without a bucket, naming DRIVE_S3_BUCKET', async () => {
    for (const settings of [{}, { driveS3Endpoint: server.endpoint }])
      await expect(boot({ DRIVE_STORAGE: 's3' }, settings)).rejects.toMatchObject({
        code: 'SW_CONFIG_INVALID',
        setting: 'DRIVE_S3_BUCKET',
        message: expect.stringContaining('must be set when DRIVE_STORAGE is s3'),
      })
  })

  it('refuses a key id without its secret and the other way round', async () => {
    const s3 = { DRIVE_STORAGE: 's3', DRIVE_S3_BUCKET: 'drive-boot' }
    await expect(boot({ ...s3, DRIVE_S3_ACCESS_KEY_ID: 'id' })).rejects.toMatchObject({
      setting: 'DRIVE_S3_SECRET_ACCESS_KEY',
    })
    await expect(boot({ ...s3, DRIVE_S3_SECRET_ACCESS_KEY: 'secret' })).rejects.toMatchObject({
      setting: 'DRIVE_S3_ACCESS_KEY_ID',
    })
  })

  it('refuses bad values, naming the variable', async () => {
    await expectConfigRefusals(boot, [
      [{ DRIVE_STORAGE: 'ftp' }, 'DRIVE_STORAGE'],
      [{ DRIVE_S3_ENDPOINT: 'minio:9000' }, 'DRIVE_S3_ENDPOINT'],
      [{ DRIVE_S3_ENDPOINT: 'http://minio:9000/bucket' }, 'DRIVE_S3_ENDPOINT'],
      [{ DRIVE_S3_BUCKET: 'My_Bucket' }, 'DRIVE_S3_BUCKET'],
      [{ DRIVE_S3_FORCE_PATH_STYLE: 'yes' }, 'DRIVE_S3_FORCE_PATH_STYLE'],
      [{ DRIVE_S3_PREFIX: 'drive' }, 'DRIVE_S3_PREFIX'],
      [{ DRIVE_S3_PREFIX: '../drive/' }, 'DRIVE_S3_PREFIX'],
      [{ DRIVE_S3_PREFIX: '/drive/' }, 'DRIVE_S3_PREFIX'],
    ])
  })

  it('stores under DATA_DIR/drive by default, or DRIVE_DIR', async () => {
    const dataDir = path.join(directory, 'data')
    const kernel = await boot({}, {}, dataDir)
    try {
      const store = kernel.containerOf('drive').cradle.driveBlobs
      expect(store).toBeInstanceOf(LocalBlobStore)
      expect((store as LocalBlobStore).directory).toBe(path.join(dataDir, 'drive'))
      expect(existsSync(path.join(dataDir, 'drive'))).toBe(true)
    } finally {
      await kernel.close()
    }
    const driveDir = path.join(directory, 'elsewhere')
    const other = await boot({ DRIVE_DIR: driveDir })
    try {
      expect((other.containerOf('drive').cradle.driveBlobs as LocalBlobStore).directory).toBe(
        driveDir,
      )
    } finally {
      await other.close()
    }
  })

  it('starts on an S3 bucket it can reach, and stops the boot on one it cannot', async () => {
    const s3 = {
      DRIVE_STORAGE: 's3',
      DRIVE_S3_ENDPOINT: server.endpoint,
      DRIVE_S3_BUCKET: 'drive-boot',
      DRIVE_S3_ACCESS_KEY_ID: 'S3RVER',
      DRIVE_S3_SECRET_ACCESS_KEY: 'S3RVER',
      DRIVE_S3_FORCE_PATH_STYLE: 'true',
    }
    const kernel = await boot(s3)
    try {
      expect(kernel.containerOf('drive').cradle.driveBlobs.kind).toBe('s3')
    } finally {
      await kernel.close()
    }
    await expect(boot({ ...s3, DRIVE_S3_BUCKET: 'no-such-bucket' })).rejects.toThrow(
      /drive storage \(s3\): the S3 bucket "no-such-bucket" cannot be reached/,
    )
  })
})
