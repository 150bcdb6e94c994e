import { definePlugin, dialectOf, type ErrorCodesOf, asFunction, asValue } from '@shopwright/core'
import type { BlobStore } from './server/blobs/blob-store.js'
import { DRIVE_SETTINGS, createBlobStore } from './server/settings.js'
import { migrations } from './server/migrations.js'
import { EntryStore } from './server/entry-store.js'
import { DriveAccess } from './server/drive-access.js'
import { DRIVE_SUBJECT } from './server/entry-guard.js'
import { DRIVE_WRITES, DriveService } from './server/drive-service.js'
import { DriveBin } from './server/drive-bin.js'
import { driveRoutes } from './server/routes.js'
import { ImageVariants } from './server/images/image-variants.js'
import { SharpCodec } from './server/images/image-codec.js'
import { ResizeProcesses } from './server/images/resize-processes.js'
import { DriveSeeds } from './seeds/drive-seeds.js'
import { DRIVE_ERRORS } from './shared/errors.js'
import { DRIVE_SECURITY } from './shared/types.js'
import { DRIVE_PHRASES } from './shared/phrases.js'
// For the optional translations plugin's `translationSets` service type: nothing of it is loaded.
import type {} from '@shopwright/plugin-translations'
// For the optional admin server's `admin` service type: nothing of it is loaded.
import type {} from '@shopwright/admin-ui/server'

// The package's public surface: the plugin, the shared answers, and the storage contract for
// other stores. Everything else is internal; tests reach it through its own paths.

export * from './shared/index.js'
export type {
  BlobDownload,
  BlobInfo,
  BlobRange,
  BlobStat,
  BlobStore,
  GetOptions,
  PutOptions,
} from './server/blobs/blob-store.js'
export type { DriveService } from './server/drive-service.js'
// The drive's streaming zip writer, for the command line's `shopwright export` archive.
export { ZIP_LIMITS, zipStream, type ZipMember } from './server/zip-stream.js'
export type { ImageVariants } from './server/images/image-variants.js'
export type { DriveSettings } from './server/settings.js'
// For `shopwright backup` and `restore`: the store the settings name, and the blobs rows name.
export { createBlobStore } from './server/settings.js'
export { snapshotBlobs, type BackupBlob } from './server/backup-blobs.js'
export { BLOB_KEY } from './server/blobs/blob-store.js'

declare module '@shopwright/core' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ErrorCodes extends ErrorCodesOf<typeof DRIVE_ERRORS> {}
  interface Services {
    /** The drive's files and folders, with their rights (docs/drive.md). */
    drive: DriveService
  }
  /** This plugin's own services: its container only (docs/plugins.md, "Services"). */
  interface PluginInternals {
    /** Where the drive keeps file contents: a directory or an S3 bucket (DRIVE_STORAGE). */
    driveBlobs: BlobStore
    /** Resized copies of the drive's images, kept beside the files (docs/drive.md, "Resized images"). */
    driveImages: ImageVariants
  }
}

/**
 * The drive: the shop's files and folders (docs/drive.md). Metadata in `drive_entries`, contents in
 * the blob store DRIVE_STORAGE chooses, rights from the `drive` security record and the records an
 * administrator sets on folders, deleted files in the records' shared bin.
 */
export default definePlugin({
  name: 'drive',
  dependsOn: ['records'],
  // The blob store and the image variants stay in this plugin's container (docs/plugins.md,
  // "Services").
  provides: ['drive'],
  requires: ['records', 'binSources'],
  settings: DRIVE_SETTINGS,
  errors: DRIVE_ERRORS,
  // Allmanagers full; an administrator adds roles, and sets other records on folders
  // (docs/drive.md, "Folders and rights").
  security: { [DRIVE_SECURITY]: { name: 'Drive', access: { allmanagers: 'all' } } },
  migrations,
  register({ container, config, settings }) {
    // A wrong combination of settings stops the boot here, before any plugin starts.
    container.register({ driveBlobs: asValue(createBlobStore(settings, config.dataDir)) })
    const dialect = dialectOf(config.databaseUrl)
    container.cradle.limiter.define(DRIVE_WRITES, {
      points: settings.driveWriteLimit,
      duration: 60,
      code: 'ERROR_RATE_LIMIT_EXCEEDED',
    })
    container.register({
      drive: asFunction(
        ({ db, driveBlobs, access, limiter, securitySource, logger }) =>
          new DriveService(
            new EntryStore(db, dialect),
            driveBlobs,
            new DriveAccess(access),
            limiter,
            async (id) => (await securitySource.getSecurity(id)) !== null,
            logger,
            { maxFileSize: settings.driveMaxFileSize },
          ),
      ).singleton(),
      // Resized images: variants in the same blob store, made with sharp in child processes
      // killed at DRIVE_RESIZE_TIMEOUT, at most a few at once on this node (docs/drive.md).
      driveImages: asFunction(
        ({ driveBlobs, logger }) =>
          new ImageVariants(
            driveBlobs,
            new SharpCodec(new ResizeProcesses({ deadlineMs: settings.driveResizeTimeout })),
            undefined,
            { logger },
          ),
      ).singleton(),
    })
  },
  async bootstrap({ services, logger, optional }) {
    // The addresses of its admin panels, served with the admin app's page (docs/plugins.md).
    optional('admin')?.addPaths('drive', ['/drive/*', '/editor'])
    // The screens' texts with their French, for the sets that lack them (docs/plugins.md, "Phrases").
    optional('translationSets')?.phrases.add('drive', { admin: DRIVE_PHRASES })
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
    const { drive } = services
    const seeded = await new DriveSeeds(drive.store, store).run()
    services.binSources.add(new DriveBin(drive.store, drive))
    // Its folders in the permissions matrix's "Who can do this" (docs/security.md).
    services.securitySubjects.add({
      ...DRIVE_SUBJECT,
      guard: (entity, key) => drive.guardOf(entity, key),
    })
    logger.info({ storage: store.kind, ...seeded }, 'drive ready')
  },
  async destroy({ services }) {
    await services.driveImages.close()
    await services.driveBlobs.close()
  },
  routes(router, { services, settings }) {
    driveRoutes(router, services.drive, {
      publicMaxAge: settings.drivePublicMaxAge,
      maxFileSize: settings.driveMaxFileSize,
      images: services.driveImages,
    })
  },
})
