import { asValue } from 'awilix'
import { definePlugin } from '@shopwright/core'
import type { BlobStore } from './server/blobs/blob-store.js'
import { DRIVE_SETTINGS, createBlobStore } from './server/settings.js'

export * from './server/blobs/blob-store.js'
export { LocalBlobStore } from './server/blobs/local-blob-store.js'
export { S3BlobStore, type S3BlobStoreOptions } from './server/blobs/s3-blob-store.js'
export { DRIVE_SETTINGS, createBlobStore, type DriveSettings } from './server/settings.js'

declare module '@shopwright/core' {
  interface Services {
    /** Where the drive keeps file contents: a directory or an S3 bucket (DRIVE_STORAGE). */
    driveBlobs: BlobStore
  }
}

/**
 * The drive: files of the shop. This first layer is the storage only: the `driveBlobs` service,
 * a blob store chosen by DRIVE_STORAGE (README). Records, routes and the admin come next.
 */
export default definePlugin({
  name: 'drive',
  dependsOn: ['records'],
  provides: ['driveBlobs'],
  settings: DRIVE_SETTINGS,
  register({ container, config, settings }) {
    // A wrong combination of settings stops the boot here, before any plugin starts.
    container.register({ driveBlobs: asValue(createBlobStore(settings, config.dataDir)) })
  },
  async bootstrap({ services, logger }) {
    const store = services.driveBlobs
    // A directory that cannot be written or a bucket that cannot be reached stops the boot: better
    // than a site whose uploads all fail. destroy() is not called for a plugin that failed here.
    try {
      await store.check()
    } catch (error) {
      await store.close()
      throw new Error(
        `drive storage (${store.kind}): ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      )
    }
    logger.info({ storage: store.kind }, 'drive storage ready')
  },
  async destroy({ services }) {
    await services.driveBlobs.close()
  },
})
