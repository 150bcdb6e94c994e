import type { Knex } from 'knex'
import type { Readable } from 'node:stream'
import type { Entity, RateLimiterService } from '@shopwright/core'
import type { Logger } from 'pino'
import type { SubjectGuard } from '@shopwright/plugin-records'
import type { DriveEntry, DriveFile, DriveFolder, DriveListing } from '../shared/types.js'
import type { BlobDownload, BlobRange, BlobStore } from './blobs/blob-store.js'
import { binnedRights, removeBinned, restoreBinned, restoreTarget } from './binned-entries.js'
import { binEntries, removeEntries } from './deletions.js'
import type { DriveAccess, Rights } from './drive-access.js'
import { DriveContext } from './drive-context.js'
import { entryGuard } from './entry-guard.js'
import { createEntry, renameEntry, setEntrySecurity } from './entry-changes.js'
import { moveEntries } from './moves.js'
import { getEntry, listEntries, viewableFile, type PageOptions } from './entry-reads.js'
import type { EntryRow, EntryStore } from './entry-store.js'
import { fileContents, saveFile, uploadFile } from './file-contents.js'
import { subtreeRefusal } from './subtree-rights.js'
import { zipMembers } from './zip-members.js'
import type { ZipMember } from './zip-stream.js'

export { DRIVE_WRITES } from './drive-context.js'

export interface DriveServiceOptions {
  /** The largest file an upload may store, in bytes. */
  maxFileSize: number
  now?: () => number
}

/**
 * The drive's operations (docs/drive.md): every call resolves the path, works out the caller's
 * rights from the security records up the path, and refuses before it reads a body or writes a
 * byte. Metadata changes are transactions; blobs are written before the row that names them and
 * deleted after the row that named them is gone, so a row never names a missing blob (a crash in
 * between leaves an unnamed blob, never a broken file).
 *
 * This class is the `drive` service's surface; each call is worked out in the module named beside
 * it: reads in entry-reads.ts, contents in file-contents.ts, creates, renames and security in
 * entry-changes.ts, moves in moves.ts, bin and delete in deletions.ts, the bin's side in binned-entries.ts.
 */
export class DriveService {
  private readonly context: DriveContext

  constructor(
    /** The drive's metadata, for its bin source and seeds (the plugin's own parts). */
    readonly store: EntryStore,
    blobs: BlobStore,
    access: DriveAccess,
    limiter: RateLimiterService,
    private readonly securityExists: (id: string) => Promise<boolean>,
    logger: Logger,
    private readonly options: DriveServiceOptions,
  ) {
    this.context = new DriveContext(store, blobs, access, options.now ?? Date.now, limiter, logger)
  }

  // ---- reading

  /**
   * The bytes the drive stores: every file's size, binned files included, since the bin keeps
   * their contents until it is emptied. Billing samples it for drive storage (byte-seconds).
   */
  storedBytes(): Promise<number> {
    return this.store.storedBytes()
  }

  /** `get`: a file's details, or a folder's with its first page (`pagesize`, default 100). */
  get(
    entity: Entity | null,
    path: string,
    options: Pick<PageOptions, 'pagesize'> = {},
  ): Promise<DriveFile | DriveFolder> {
    return getEntry(this.context, entity, path, options)
  }

  /** `list{path}`: one page of a folder, folders first, then files, by name. */
  list(entity: Entity | null, path: string, options: PageOptions): Promise<DriveListing> {
    return listEntries(this.context, entity, path, options)
  }

  /** A file the caller may view, for `load` and `download`. */
  file(entity: Entity | null, path: string): Promise<{ row: EntryRow; rights: Rights }> {
    return viewableFile(this.context, entity, path)
  }

  /** The bytes of a file (all, or a range): an empty file has no blob. */
  contents(row: EntryRow, range?: BlobRange): Promise<BlobDownload> {
    return fileContents(this.context, row, range)
  }

  /** The members of a download zip: the files and folders named, with what they hold. */
  zipMembers(entity: Entity | null, paths: readonly string[]): Promise<ZipMember[]> {
    return zipMembers(this.context, entity, paths)
  }

  // ---- writing

  /** `create`: an empty file (a name with a dot) or a folder. */
  create(entity: Entity | null, path: string): Promise<DriveEntry | DriveFile> {
    return createEntry(this.context, entity, path)
  }

  /** `upload`: streams the body into the blob store, then names it; replaces only when asked. */
  upload(
    entity: Entity | null,
    path: string,
    source: Readable,
    options: { size?: number; replace?: boolean },
  ): Promise<DriveFile> {
    return uploadFile(this.context, this.options.maxFileSize, entity, path, source, options)
  }

  /** `save`: the file's new text. */
  save(entity: Entity | null, path: string, source: string): Promise<DriveFile> {
    return saveFile(this.context, entity, path, source)
  }

  /** `rename`: a new name in the same folder; a folder takes everything below it along. */
  rename(entity: Entity | null, path: string, filename: string): Promise<DriveEntry | DriveFile> {
    return renameEntry(this.context, entity, path, filename)
  }

  /** `move`: entries, with all they hold, into another folder; all or none. */
  move(entity: Entity | null, paths: readonly string[], to: string): Promise<string[]> {
    return moveEntries(this.context, entity, paths, to)
  }

  /** `bin`: moves entries, with all they hold, to the shared bin. */
  bin(entity: Entity | null, paths: readonly string[]): Promise<string[]> {
    return binEntries(this.context, entity, paths)
  }

  /** `delete`: deletes entries, with all they hold, for good. */
  remove(entity: Entity | null, paths: readonly string[]): Promise<string[]> {
    return removeEntries(this.context, entity, paths)
  }

  /** What decides the rights on an entry the caller may view (the permissions matrix's question). */
  guardOf(entity: Entity | null, path: string): Promise<SubjectGuard> {
    return entryGuard(this.context, entity, path)
  }

  /** `security`: an administrator sets (or clears) the security record of an entry. */
  setSecurity(
    entity: Entity | null,
    path: string,
    security: string | null,
  ): Promise<DriveFile | DriveFolder> {
    return setEntrySecurity(this.context, this.securityExists, entity, path, security)
  }

  // ---- the bin (used by drive-bin.ts, the drive's part of the shared bin)

  /** The caller's rights on a binned root, at the path it was binned from. */
  binnedRights(entity: Entity | null, row: EntryRow): Promise<Rights> {
    return binnedRights(this.context, entity, row)
  }

  /**
   * Why the caller may not restore or delete for good a binned folder with all it holds (an entry
   * below with its own security record denies delete: subtree-rights.ts), or null.
   */
  binnedSubtreeRefusal(
    entity: Entity | null,
    row: EntryRow,
    rights: Rights,
    verb: 'restored' | 'deleted',
  ): Promise<Error | null> {
    return subtreeRefusal(this.context, entity, row, rights, { need: ['delete'], verb })
  }

  /** Where a binned root would come back, or the refusal (its folder gone, its name taken). */
  restoreTarget(root: EntryRow, trx?: Knex.Transaction): Promise<string> {
    return restoreTarget(this.context, root, trx)
  }

  /** Counts one restore or delete of binned items against the caller's write limit. */
  async spendOnBin(entity: Entity | null): Promise<void> {
    await this.context.spend(entity)
  }

  /** Brings binned roots back where they were; all or none. */
  restoreBinned(roots: readonly EntryRow[]): Promise<void> {
    return restoreBinned(this.context, roots)
  }

  /** Deletes binned roots and their subtrees for good. */
  removeBinned(roots: readonly EntryRow[]): Promise<void> {
    return removeBinned(this.context, roots)
  }
}
