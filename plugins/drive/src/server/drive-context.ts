import { createError, type Entity, type RateLimiterService } from '@shopwright/core'
import type { Logger } from 'pino'
import type { BlobStore } from './blobs/blob-store.js'
import type { DriveAccess } from './drive-access.js'
import { EntryLookup } from './entry-lookup.js'
import type { EntryStore } from './entry-store.js'

/** The rate limit on drive writes (docs/drive.md): one point per create, change or delete call. */
export const DRIVE_WRITES = 'drive-writes'

/**
 * What the drive's operations share: its metadata, blobs and rights, the lookup every call starts
 * with, the clock, the write limit, and the clean-up of blobs no row names any more.
 */
export class DriveContext {
  readonly lookup: EntryLookup

  constructor(
    readonly store: EntryStore,
    readonly blobs: BlobStore,
    readonly access: DriveAccess,
    readonly now: () => number,
    private readonly limiter: RateLimiterService,
    private readonly logger: Logger,
  ) {
    this.lookup = new EntryLookup(store, access, now)
  }

  /** Counts one write against the caller's limit (across nodes when Redis is configured). */
  async spend(entity: Entity | null): Promise<void> {
    if (!entity) throw createError('ERROR_NOT_SIGNED_IN')
    await this.limiter.consume(DRIVE_WRITES, `${entity.type}|${entity.id}`)
  }

  /** Deletes blobs no row names any more; a failure only leaves an unnamed blob behind. */
  async dropBlobs(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      try {
        await this.blobs.delete(key)
      } catch (error) {
        this.logger.warn({ err: error, blob: key }, 'drive: a blob no file names was not deleted')
      }
    }
  }
}
