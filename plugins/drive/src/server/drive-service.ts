import type { Knex } from 'knex'
import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import {
  actorName,
  createError,
  isAdministrator,
  isDuplicateKey,
  type Entity,
  type RateLimiterService,
} from '@shopwright/core'
import type { Logger } from 'pino'
import {
  FOLDER_PAGE_SIZE,
  MAX_FOLDER_PAGE_SIZE,
  TOP_FOLDERS,
  type DriveEntry,
  type DriveFile,
  type DriveFolder,
  type DriveListing,
} from '../shared/types.js'
import {
  MAX_PATH_LENGTH,
  joinPath,
  kindOfName,
  nameProblem,
  splitPath,
  topFolderOf,
} from '../shared/names.js'
import type { BlobDownload, BlobRange, BlobStore } from './blobs/blob-store.js'
import { BlobStoreError } from './blobs/blob-store.js'
import { DriveAccess, pathChain, personalName, type Rights } from './drive-access.js'
import {
  EntryStore,
  FILE_RANK,
  FOLDER_RANK,
  newBlobKey,
  newEntryId,
  type EntryRow,
} from './entry-store.js'
import { contentTypeOf } from './content-types.js'
import { ZIP_LIMITS, type ZipMember } from './zip-stream.js'

/** The rate limit on drive writes (docs/drive.md): one point per create, change or delete call. */
export const DRIVE_WRITES = 'drive-writes'

/** The hex SHA-256 of no bytes: the hash of an empty file, which has no blob. */
const EMPTY_HASH = createHash('sha256').digest('hex')

export interface DriveServiceOptions {
  /** The largest file an upload may store, in bytes. */
  maxFileSize: number
  now?: () => number
}

/** An entry found for a caller, with what the caller may do with it. */
interface Found {
  row: EntryRow | null
  rights: Rights
}

/** The path of the folder an entry is in, and its last name. */
function parentOf(path: string): string {
  return splitPath(path).parent
}

const iso = (ms: number): string => new Date(ms).toISOString()

function notFound(path: string): Error {
  return createError(
    kindOfName(splitPath(path).name) === 'file' ? 'ERROR_FILE_NOT_FOUND' : 'ERROR_FOLDER_NOT_FOUND',
    {
      reason: path,
    },
  )
}

function exists(rank: number, path: string): Error {
  return createError(
    rank === FILE_RANK ? 'ERROR_FILE_ALREADY_EXISTS' : 'ERROR_FOLDER_ALREADY_EXISTS',
    {
      reason: path,
    },
  )
}

function denied(entity: Entity | null, reason?: string): Error {
  return entity
    ? createError('ERROR_ACCESS_DENIED', { reason })
    : createError('ERROR_NOT_SIGNED_IN')
}

/** True for the folders nobody renames, moves or deletes: the top-level ones and personal roots. */
function isProtected(path: string): boolean {
  const parts = path.split('/')
  return parts.length === 1 || (parts.length === 2 && parts[0] === 'personal')
}

/**
 * The drive's operations (docs/drive.md): every call resolves the path, works out the caller's
 * rights from the security records up the path, and refuses before it reads a body or writes a
 * byte. Metadata changes are transactions; blobs are written before the row that names them and
 * deleted after the row that named them is gone, so a row never names a missing blob (a crash in
 * between leaves an unnamed blob, never a broken file).
 */
export class DriveService {
  private readonly now: () => number

  constructor(
    /** The drive's metadata, for its bin source and seeds (the plugin's own parts). */
    readonly store: EntryStore,
    private readonly blobs: BlobStore,
    private readonly access: DriveAccess,
    private readonly limiter: RateLimiterService,
    private readonly securityExists: (id: string) => Promise<boolean>,
    private readonly logger: Logger,
    private readonly options: DriveServiceOptions,
  ) {
    this.now = options.now ?? Date.now
  }

  // ---- reading

  /**
   * The bytes the drive stores: every file's size, binned files included, since the bin keeps
   * their contents until it is emptied. Billing samples it for drive storage (byte-seconds).
   */
  storedBytes(): Promise<number> {
    return this.store.storedBytes()
  }

  /** `get`: a file's details, or a folder's with its first page. */
  async get(entity: Entity | null, path: string): Promise<DriveFile | DriveFolder> {
    const { row, rights } = await this.viewable(entity, path)
    if (row && row.rank === FILE_RANK) return this.fileAnswer(row, rights)
    const listing = await this.listFolder(entity, path, row, rights, {})
    return {
      ...this.entryAnswer(row, path, rights),
      type: 'folder',
      security: isAdministrator(entity) ? (row?.security ?? null) : null,
      effectivesecurity: rights.security,
      ...listing,
    }
  }

  /** `list{path}`: one page of a folder, folders first, then files, by name. */
  async list(
    entity: Entity | null,
    path: string,
    options: { nextpage?: string; pagesize?: number },
  ): Promise<DriveListing> {
    const { row, rights } = await this.viewable(entity, path)
    if (row && row.rank === FILE_RANK) throw createError('ERROR_FOLDER_NOT_FOUND', { reason: path })
    return this.listFolder(entity, path, row, rights, options)
  }

  /** A file the caller may view, for `load` and `download`. */
  async file(entity: Entity | null, path: string): Promise<{ row: EntryRow; rights: Rights }> {
    const { row, rights } = await this.viewable(entity, path)
    if (!row || row.rank !== FILE_RANK) throw createError('ERROR_FILE_NOT_FOUND', { reason: path })
    return { row, rights }
  }

  /** The bytes of a file (all, or a range): an empty file has no blob. */
  async contents(row: EntryRow, range?: BlobRange): Promise<BlobDownload> {
    if (!row.blob) {
      if (range) throw new BlobStoreError('BLOB_RANGE_INVALID', 'the file is empty')
      return { body: Readable.from([]), size: 0, totalSize: 0 }
    }
    return this.blobs.get(row.blob, range ? { range } : undefined)
  }

  /**
   * The members of a download zip: each named file, and each named folder with every file and
   * folder below it the caller may view, named relative to the folder the paths are in.
   */
  async zipMembers(entity: Entity | null, paths: readonly string[]): Promise<ZipMember[]> {
    const members: ZipMember[] = []
    const taken = new Set<string>()
    let bytes = 0
    const add = (name: string, row: EntryRow): void => {
      let unique = name
      for (let n = 2; taken.has(unique); n++) {
        const dot = row.rank === FILE_RANK ? name.lastIndexOf('.') : -1
        unique = dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`
      }
      taken.add(unique)
      bytes += row.size
      if (members.length >= ZIP_LIMITS.members || bytes > ZIP_LIMITS.bytes) throw tooLargeForZip()
      members.push(
        row.rank === FILE_RANK
          ? {
              name: unique,
              modified: row.modified,
              open: async () => (await this.contents(row)).body,
            }
          : { name: `${unique}/`, modified: row.modified },
      )
    }
    for (const path of paths) {
      const { row, rights } = await this.viewable(entity, path)
      if (!row) {
        // The root: the whole drive the caller may see, under "drive/".
        await this.addTree(entity, '', rights, 'drive', add)
        continue
      }
      if (row.rank === FILE_RANK) add(row.name, row)
      else {
        add(row.name, row)
        await this.addTree(entity, row.path, rights, row.name, add)
      }
    }
    return members
  }

  // ---- writing

  /** `create`: an empty file (a name with a dot) or a folder. */
  async create(entity: Entity | null, path: string): Promise<DriveEntry | DriveFile> {
    const { parent, name, rank } = this.target(path)
    const folder = await this.folderFor(entity, parent)
    if (!folder.rights.flags.create) throw denied(entity)
    await this.spend(entity)
    const now = this.now()
    const row = await this.store.transaction(async (trx) => {
      const current = await this.liveParent(folder.row, parent, trx)
      const fresh: EntryRow = this.newRow(entity, current, name, rank, now)
      // The unique index on live paths refuses a taken name (a file and a folder never share one).
      try {
        await this.store.insert(fresh, trx)
      } catch (error) {
        if (isDuplicateKey(error)) throw exists(rank, fresh.path)
        throw error
      }
      return fresh
    })
    return rank === FILE_RANK
      ? this.fileAnswer(row, folder.rights)
      : this.entryAnswer(row, row.path, folder.rights)
  }

  /**
   * `upload`: streams the body into the blob store, then names it. Everything that can refuse is
   * checked before the first byte is read. An existing file is replaced only when asked.
   */
  async upload(
    entity: Entity | null,
    path: string,
    source: Readable,
    options: { size?: number; replace?: boolean },
  ): Promise<DriveFile> {
    const { parent, name, rank } = this.target(path)
    if (rank !== FILE_RANK) throw createError('ERROR_INVALID_FILE_NAME', { reason: name })
    const folder = await this.folderFor(entity, parent)
    const existing = await this.store.live(path)
    if (existing) {
      const rights = await this.access.childRights(entity, folder.rights, existing)
      if (!rights.flags.view) throw denied(entity)
      if (existing.rank !== FILE_RANK) throw exists(FOLDER_RANK, path)
      if (!options.replace) throw exists(FILE_RANK, path)
      if (!rights.flags.edit) throw denied(entity)
    } else if (!folder.rights.flags.create) throw denied(entity)
    if (options.size !== undefined && options.size > this.options.maxFileSize)
      throw createError('ERROR_BODY_TOO_LARGE', {
        reason: `The limit is ${this.options.maxFileSize} bytes.`,
      })
    await this.spend(entity)
    const key = newBlobKey()
    let stored
    try {
      stored = await this.blobs.put(
        key,
        source,
        options.size !== undefined ? { size: options.size } : { maxSize: this.options.maxFileSize },
      )
    } catch (error) {
      throw uploadError(error, this.options.maxFileSize)
    }
    const now = this.now()
    try {
      const { row, replaced } = await this.store.transaction(async (trx) => {
        const current = await this.liveParent(folder.row, parent, trx)
        const target = joinPath(current?.path ?? '', name)
        const live = await this.store.live(target, trx, true)
        const changes = {
          size: stored.size,
          hash: stored.sha256,
          blob: stored.size === 0 ? null : key,
          content_type: contentTypeOf(name),
          modified: now,
          modified_by: actorName(entity),
        }
        if (live) {
          if (live.rank !== FILE_RANK) throw exists(FOLDER_RANK, target)
          if (!options.replace) throw exists(FILE_RANK, target)
          await this.store.update(live.id, changes, trx)
          return { row: { ...live, ...changes }, replaced: live.blob }
        }
        const fresh = { ...this.newRow(entity, current, name, FILE_RANK, now), ...changes }
        try {
          await this.store.insert(fresh, trx)
        } catch (error) {
          if (isDuplicateKey(error)) throw exists(FILE_RANK, target)
          throw error
        }
        return { row: fresh, replaced: null }
      })
      if (stored.size === 0) await this.dropBlobs([key])
      if (replaced) await this.dropBlobs([replaced])
      return this.fileAnswer(row, folder.rights)
    } catch (error) {
      await this.dropBlobs([key])
      throw error
    }
  }

  /** `save`: the file's new text. */
  async save(entity: Entity | null, path: string, source: string): Promise<DriveFile> {
    const { row, rights } = await this.file(entity, path)
    if (!rights.flags.edit) throw denied(entity)
    await this.spend(entity)
    const bytes = Buffer.from(source, 'utf8')
    const key = newBlobKey()
    const stored =
      bytes.length > 0
        ? await this.blobs.put(key, Readable.from([bytes]), { size: bytes.length })
        : null
    try {
      const { saved, replaced } = await this.store.transaction(async (trx) => {
        const live = await this.store.live(row.path, trx, true)
        if (!live || live.id !== row.id) throw createError('ERROR_FILE_NOT_FOUND', { reason: path })
        const changes = {
          size: bytes.length,
          hash: stored?.sha256 ?? EMPTY_HASH,
          blob: stored ? key : null,
          modified: this.now(),
          modified_by: actorName(entity),
        }
        await this.store.update(live.id, changes, trx)
        return { saved: { ...live, ...changes }, replaced: live.blob }
      })
      if (replaced) await this.dropBlobs([replaced])
      return this.fileAnswer(saved, rights)
    } catch (error) {
      if (stored) await this.dropBlobs([key])
      throw error
    }
  }

  /** `rename`: a new name in the same folder; a folder takes everything below it along. */
  async rename(
    entity: Entity | null,
    path: string,
    filename: string,
  ): Promise<DriveEntry | DriveFile> {
    const { row, rights } = await this.viewable(entity, path)
    if (!row) throw denied(entity, 'The root cannot be renamed.')
    if (isProtected(row.path)) throw denied(entity, `${row.path} cannot be renamed.`)
    if (!rights.flags.edit) throw denied(entity)
    const name = filename.normalize('NFC')
    const problem = nameProblem(name, row.rank === FILE_RANK ? 'file' : 'folder')
    if (problem) throw createError(problem, { reason: name.slice(0, 300) })
    if (name === row.name) return this.answer(row, rights)
    await this.spend(entity)
    const renamed = await this.store.transaction(async (trx) => {
      const live = await this.store.byId(row.id, trx)
      if (!live || live.bin_id !== '') throw notFound(path)
      const target = joinPath(parentOf(live.path), name)
      const grows = [...target].length - [...live.path].length
      if (grows > 0 && (await this.store.longestPathIn(live.path, trx)) + grows > MAX_PATH_LENGTH)
        throw createError(
          live.rank === FILE_RANK ? 'ERROR_INVALID_FILE_NAME' : 'ERROR_INVALID_FOLDER_NAME',
          {
            reason: `Paths below it would pass ${MAX_PATH_LENGTH} characters.`,
          },
        )
      try {
        await this.store.rename(live, name, target, this.now(), actorName(entity), trx)
      } catch (error) {
        if (isDuplicateKey(error)) throw exists(live.rank, target)
        throw error
      }
      return { ...live, name, path: target }
    })
    return this.answer(renamed, rights)
  }

  /** `bin`: moves entries, with all they hold, to the shared bin. */
  async bin(entity: Entity | null, paths: readonly string[]): Promise<string[]> {
    const roots = await this.deletable(entity, paths)
    await this.spend(entity)
    const now = this.now()
    await this.store.transaction(async (trx) => {
      for (const root of roots) {
        const live = await this.store.byId(root.id, trx)
        if (!live || live.bin_id !== '') throw notFound(root.path)
        await this.store.bin(live, now, trx)
      }
    })
    return roots.map((root) => root.path)
  }

  /** `delete`: deletes entries, with all they hold, for good. */
  async remove(entity: Entity | null, paths: readonly string[]): Promise<string[]> {
    const roots = await this.deletable(entity, paths)
    await this.spend(entity)
    const blobs = await this.store.transaction(async (trx) => {
      const keys: string[] = []
      for (const root of roots) {
        const rows = await this.store.subtree(root.path, '', trx)
        if (!rows.some((row) => row.id === root.id)) throw notFound(root.path)
        keys.push(...(await this.store.removeRows(rows, trx)))
      }
      return keys
    })
    await this.dropBlobs(blobs)
    return roots.map((root) => root.path)
  }

  /** `security`: an administrator sets (or clears) the security record of an entry. */
  async setSecurity(
    entity: Entity | null,
    path: string,
    security: string | null,
  ): Promise<DriveFile | DriveFolder> {
    if (!isAdministrator(entity)) throw denied(entity)
    const top = topFolderOf(path)
    if (top === null || top === 'personal')
      throw createError('ERROR_INVALID_INPUT', {
        reason:
          'Security records apply below private and public; a personal folder is its owner’s.',
      })
    if (security !== null && !(await this.securityExists(security)))
      throw createError('ERROR_INVALID_INPUT', {
        reason: `There is no security record ${security}.`,
      })
    const row = await this.store.live(path)
    if (!row) throw notFound(path)
    await this.spend(entity)
    await this.store.update(row.id, { security, modified_by: actorName(entity) })
    return this.get(entity, path)
  }

  // ---- the bin (used by drive-bin.ts, the drive's part of the shared bin)

  /** The caller's rights on a binned root, at the path it was binned from. */
  async binnedRights(entity: Entity | null, row: EntryRow): Promise<Rights> {
    const parent = await this.store.byId(row.parent_id)
    const parentPath = parent && parent.bin_id === '' ? parent.path : parentOf(row.path)
    const chain = await this.store.livePaths(pathChain(parentPath))
    const inherited = await this.access.rightsAt(entity, parentPath, chain)
    return this.access.childRights(entity, inherited, {
      ...row,
      path: joinPath(parentPath, row.name),
    })
  }

  /**
   * Where a binned root would come back (under its folder's current path), or the refusal: its
   * folder is gone or binned, or the name is taken. Read inside a restore's transaction, and before
   * it, so a call is refused before anything else it names is written.
   */
  async restoreTarget(root: EntryRow, trx?: Knex.Transaction): Promise<string> {
    const parent = root.parent_id === '' ? null : await this.store.byId(root.parent_id, trx)
    if (root.parent_id !== '' && (!parent || parent.bin_id !== ''))
      throw createError('ERROR_FOLDER_NOT_FOUND', {
        reason: `${parentOf(root.path)}: restore the folder it was in first.`,
      })
    const target = joinPath(parent?.path ?? '', root.name)
    if (await this.store.live(target, trx)) throw exists(root.rank, target)
    return target
  }

  /** Counts one restore or delete of binned items against the caller's write limit. */
  async spendOnBin(entity: Entity | null): Promise<void> {
    await this.spend(entity)
  }

  /** Brings binned roots back where they were; all or none. */
  async restoreBinned(roots: readonly EntryRow[]): Promise<void> {
    await this.store.transaction(async (trx) => {
      for (const root of roots) {
        const target = await this.restoreTarget(root, trx)
        try {
          await this.store.restore(root, target, trx)
        } catch (error) {
          if (isDuplicateKey(error)) throw exists(root.rank, target)
          throw error
        }
      }
    })
  }

  /** Deletes binned roots and their subtrees for good. */
  async removeBinned(roots: readonly EntryRow[]): Promise<void> {
    const blobs = await this.store.transaction(async (trx) => {
      const keys: string[] = []
      for (const root of roots) keys.push(...(await this.store.removeBin(root.id, trx)))
      return keys
    })
    await this.dropBlobs(blobs)
  }

  // ---- helpers

  /** The parts of a path that is to be made: its folder, last name and kind, the name checked. */
  private target(path: string): { parent: string; name: string; rank: 0 | 1 } {
    const { parent, name } = splitPath(path)
    if (parent === '')
      throw createError('ERROR_ACCESS_DENIED', {
        reason: `Only ${TOP_FOLDERS.join(', ')} are at the top of the drive.`,
      })
    const kind = kindOfName(name)
    const problem = nameProblem(name, kind)
    if (problem) throw createError(problem, { reason: name.slice(0, 300) })
    return { parent, name, rank: kind === 'file' ? FILE_RANK : FOLDER_RANK }
  }

  /** A path the caller may view: 404 (401 for a visitor) otherwise, so nothing hidden leaks. */
  private async viewable(entity: Entity | null, path: string): Promise<Found> {
    const found = await this.resolve(entity, path)
    if (!found.rights.flags.view) throw entity ? notFound(path) : createError('ERROR_NOT_SIGNED_IN')
    if (!found.row && path !== '') {
      const { parent } = splitPath(path)
      // A missing folder on the way says so, rather than "file not found".
      if (parent !== '' && !(await this.store.live(parent)))
        throw createError('ERROR_FOLDER_NOT_FOUND', { reason: parent })
      throw notFound(path)
    }
    return found
  }

  /** A folder new entries go in, which the caller may view. */
  private async folderFor(entity: Entity | null, path: string): Promise<Found> {
    const found = await this.viewable(entity, path)
    if (found.row && found.row.rank !== FOLDER_RANK)
      throw createError('ERROR_FOLDER_NOT_FOUND', { reason: path })
    return found
  }

  /** The row of a path and the caller's rights there; a personal folder is made on first use. */
  private async resolve(entity: Entity | null, path: string): Promise<Found> {
    let chain = await this.store.livePaths(pathChain(path))
    if (entity && path.startsWith('personal/')) {
      const own = `personal/${personalName(entity)}`
      if ((path === own || path.startsWith(`${own}/`)) && !chain.has(own)) {
        await this.ensurePersonal(entity)
        chain = await this.store.livePaths(pathChain(path))
      }
    }
    return { row: chain.get(path) ?? null, rights: await this.access.rightsAt(entity, path, chain) }
  }

  /** Makes the caller's personal folder, once, if the caller may have one. */
  private async ensurePersonal(entity: Entity): Promise<void> {
    if (!(await this.access.mayHavePersonal(entity))) return
    const personal = await this.store.live('personal')
    if (!personal) return
    const row = this.newRow(entity, personal, personalName(entity), FOLDER_RANK, this.now())
    try {
      await this.store.insert(row)
    } catch (error) {
      // Another request (or node) made it first.
      if (!isDuplicateKey(error)) throw error
    }
  }

  /** The folder's row as it is now, inside the write's transaction: it may have moved or gone. */
  private async liveParent(
    folder: EntryRow | null,
    path: string,
    trx: Parameters<EntryStore['live']>[1],
  ): Promise<EntryRow | null> {
    if (!folder) return null
    const current = await this.store.byId(folder.id, trx)
    if (!current || current.bin_id !== '')
      throw createError('ERROR_FOLDER_NOT_FOUND', { reason: path })
    return current
  }

  private newRow(
    entity: Entity | null,
    parent: EntryRow | null,
    name: string,
    rank: 0 | 1,
    now: number,
  ): EntryRow {
    return {
      id: newEntryId(),
      parent_id: parent?.id ?? '',
      path: joinPath(parent?.path ?? '', name),
      name,
      rank,
      size: 0,
      hash: rank === FILE_RANK ? EMPTY_HASH : null,
      blob: null,
      content_type: rank === FILE_RANK ? contentTypeOf(name) : null,
      security: null,
      created: now,
      modified: now,
      modified_by: actorName(entity),
      bin_id: '',
      binned: null,
      bin_root: false,
    }
  }

  /** The roots a bin or delete call names, each checked: found, not protected, deletable. */
  private async deletable(entity: Entity | null, paths: readonly string[]): Promise<EntryRow[]> {
    // A path inside another named path goes with it.
    const sorted = [...new Set(paths)].sort()
    const roots: EntryRow[] = []
    for (const path of sorted) {
      if (roots.some((root) => path.startsWith(`${root.path}/`))) continue
      const { row, rights } = await this.viewable(entity, path)
      if (!row || isProtected(row.path))
        throw denied(entity, `${path || 'The root'} cannot be deleted.`)
      if (!rights.flags.delete) throw denied(entity)
      await this.checkSubtree(entity, row, rights, 'delete')
      roots.push(row)
    }
    return roots
  }

  /** Refuses when an entry below carries a security record that denies the caller the flag. */
  private async checkSubtree(
    entity: Entity | null,
    root: EntryRow,
    rights: Rights,
    flag: 'delete',
  ): Promise<void> {
    if (root.rank !== FOLDER_RANK || isAdministrator(entity)) return
    for (const row of await this.store.securedIn(root.path, '')) {
      if (row.id === root.id) continue
      const own = await this.access.childRights(entity, rights, row)
      if (!own.flags[flag]) throw denied(entity, `${row.path} may not be deleted.`)
    }
  }

  /** One page of a folder's children the caller may view. */
  private async listFolder(
    entity: Entity | null,
    path: string,
    row: EntryRow | null,
    rights: Rights,
    options: { nextpage?: string; pagesize?: number },
  ): Promise<DriveListing> {
    const pagesize = options.pagesize ?? FOLDER_PAGE_SIZE
    if (!Number.isInteger(pagesize) || pagesize < 1 || pagesize > MAX_FOLDER_PAGE_SIZE)
      throw createError('ERROR_INVALID_INTEGER', { reason: 'pagesize' })
    let cursor = options.nextpage ? decodeCursor(options.nextpage) : null
    const parentId = row?.id ?? ''
    if (path === 'personal' && !isAdministrator(entity)) {
      // Only the caller's own folder: no scan of every account's.
      if (cursor || !entity) return { list: [], nextpage: null, pagesize }
      await this.ensurePersonal(entity)
      const own = await this.store.child(parentId, personalName(entity))
      const list = own
        ? [this.entryAnswer(own, own.path, await this.access.childRights(entity, rights, own))]
        : []
      return { list: list.filter((entry) => entry.access.view), nextpage: null, pagesize }
    }
    const scanned: EntryRow[] = []
    while (scanned.length <= pagesize) {
      const rank: 0 | 1 = cursor?.rank ?? FOLDER_RANK
      const rows = await this.store.children(
        parentId,
        rank,
        cursor?.name ?? null,
        pagesize + 1 - scanned.length,
      )
      scanned.push(...rows)
      if (scanned.length > pagesize) break
      if (rank === FILE_RANK) break
      cursor = { rank: FILE_RANK, name: null }
    }
    const page = scanned.slice(0, pagesize)
    const list: DriveEntry[] = []
    for (const child of page) {
      const childRights = await this.access.childRights(entity, rights, child)
      if (childRights.flags.view) list.push(this.entryAnswer(child, child.path, childRights))
    }
    const last = page.at(-1)
    return {
      list,
      nextpage: scanned.length > pagesize && last ? encodeCursor(last.rank, last.name) : null,
      pagesize,
    }
  }

  /** Adds a folder's subtree to a zip, relative to `prefix`, leaving out what the caller may not view. */
  private async addTree(
    entity: Entity | null,
    path: string,
    rights: Rights,
    prefix: string,
    add: (name: string, row: EntryRow) => void,
  ): Promise<void> {
    // Counted before any row is read: a folder of a million files is refused, not loaded.
    const tops = path === '' ? [...TOP_FOLDERS] : [path]
    let count = 0
    for (const top of tops) count += await this.store.countSubtree(top)
    if (count > ZIP_LIMITS.members) throw tooLargeForZip()
    const rows =
      path === ''
        ? (await Promise.all(TOP_FOLDERS.map((top) => this.store.subtree(top, '')))).flat()
        : (await this.store.subtree(path, '')).filter((row) => row.path !== path)
    const rightsOf = new Map<string, Rights>([[path, rights]])
    for (const row of rows) {
      const inherited = rightsOf.get(parentOf(row.path))
      if (!inherited) continue
      const own = await this.access.childRights(entity, inherited, row)
      if (!own.flags.view) continue
      rightsOf.set(row.path, own)
      const relative = path === '' ? row.path : row.path.slice(path.length + 1)
      add(`${prefix}/${relative}`, row)
    }
  }

  private answer(row: EntryRow, rights: Rights): DriveEntry | DriveFile {
    return row.rank === FILE_RANK
      ? this.fileAnswer(row, rights)
      : this.entryAnswer(row, row.path, rights)
  }

  private entryAnswer(row: EntryRow | null, path: string, rights: Rights): DriveEntry {
    return {
      name: row?.name ?? '',
      path,
      type: row && row.rank === FILE_RANK ? 'file' : 'folder',
      size: row?.size ?? 0,
      created: iso(row?.created ?? 0),
      modified: iso(row?.modified ?? 0),
      access: { ...rights.flags },
    }
  }

  private fileAnswer(row: EntryRow, rights: Rights): DriveFile {
    return {
      ...this.entryAnswer(row, row.path, rights),
      type: 'file',
      contenttype: row.content_type ?? contentTypeOf(row.name),
      hash: row.hash ?? EMPTY_HASH,
    }
  }

  /** Counts one write against the caller's limit (across nodes when Redis is configured). */
  private async spend(entity: Entity | null): Promise<void> {
    if (!entity) throw createError('ERROR_NOT_SIGNED_IN')
    await this.limiter.consume(DRIVE_WRITES, `${entity.type}|${entity.id}`)
  }

  /** Deletes blobs no row names any more; a failure only leaves an unnamed blob behind. */
  private async dropBlobs(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      try {
        await this.blobs.delete(key)
      } catch (error) {
        this.logger.warn({ err: error, blob: key }, 'drive: a blob no file names was not deleted')
      }
    }
  }
}

/** A download over the zip format's limits (zip-stream.ts). */
function tooLargeForZip(): Error {
  return createError('ERROR_INVALID_INPUT', {
    reason: `One download holds at most ${ZIP_LIMITS.members} entries and ${Math.floor(ZIP_LIMITS.bytes / 1024 ** 2)} MB.`,
  })
}

/** A page token: base64url of `[rank, name]` after which the next page starts. */
function encodeCursor(rank: 0 | 1, name: string): string {
  return Buffer.from(JSON.stringify([rank, name])).toString('base64url')
}

function decodeCursor(token: string): { rank: 0 | 1; name: string | null } {
  const invalid = (): Error =>
    createError('ERROR_INVALID_INPUT', { reason: 'nextpage is not a token this list answered.' })
  if (token.length > 2000 || !/^[A-Za-z0-9_-]+$/.test(token)) throw invalid()
  let value: unknown
  try {
    value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'))
  } catch {
    throw invalid()
  }
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    (value[0] !== 0 && value[0] !== 1) ||
    typeof value[1] !== 'string'
  )
    throw invalid()
  return { rank: value[0] as 0 | 1, name: value[1] as string }
}

/** What a failed blob put answers: too large 413, a short or long body 400. */
function uploadError(error: unknown, limit: number): unknown {
  if (!(error instanceof BlobStoreError)) return error
  if (error.code === 'BLOB_TOO_LARGE')
    return createError('ERROR_BODY_TOO_LARGE', { reason: `The limit is ${limit} bytes.` })
  if (error.code === 'BLOB_SIZE_MISMATCH')
    return createError('ERROR_INVALID_INPUT', { reason: 'The body is not of its Content-Length.' })
  return error
}
