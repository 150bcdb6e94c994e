import { createError, isAdministrator, type Entity } from '@shopwright/core'
import {
  FOLDER_PAGE_SIZE,
  MAX_FOLDER_PAGE_SIZE,
  type DriveEntry,
  type DriveFile,
  type DriveFolder,
  type DriveListing,
} from '../shared/types.js'
import { personalName, type Rights } from './drive-access.js'
import type { DriveContext } from './drive-context.js'
import { answer, entryAnswer, fileAnswer } from './entry-answers.js'
import { FILE_RANK, FOLDER_RANK, type EntryRow } from './entry-store.js'
import { decodeCursor, encodeCursor } from './page-token.js'

/** What the reads use of the drive: rows, rights and the lookup. */
type Reading = Pick<DriveContext, 'store' | 'access' | 'lookup'>

/** Which page of a folder a call asks for. */
export interface PageOptions {
  nextpage?: string
  pagesize?: number
}

/**
 * `get`: a file's details, or a folder's with its first page of `pagesize` entries (default
 * FOLDER_PAGE_SIZE). The size is checked for a file too, as for a folder, and then unused: a bad
 * one is refused whatever the path names, a good one changes nothing in a file's answer.
 */
export async function getEntry(
  drive: Reading,
  entity: Entity | null,
  path: string,
  options: Pick<PageOptions, 'pagesize'> = {},
): Promise<DriveFile | DriveFolder> {
  const { row, rights } = await drive.lookup.viewable(entity, path)
  const pagesize = checkedPageSize(options)
  if (row && row.rank === FILE_RANK) return fileAnswer(row, rights)
  const listing = await listFolder(drive, entity, path, row, rights, { pagesize })
  return {
    ...entryAnswer(row, path, rights),
    type: 'folder',
    security: isAdministrator(entity) ? (row?.security ?? null) : null,
    effectivesecurity: rights.security,
    ...listing,
  }
}

/** `list{path}`: one page of a folder, folders first, then files, by name. */
export async function listEntries(
  drive: Reading,
  entity: Entity | null,
  path: string,
  options: PageOptions,
): Promise<DriveListing> {
  const { row, rights } = await drive.lookup.viewable(entity, path)
  if (row && row.rank === FILE_RANK) throw createError('ERROR_FOLDER_NOT_FOUND', { reason: path })
  return listFolder(drive, entity, path, row, rights, options)
}

/** A file the caller may view, for `load` and `download`. */
export async function viewableFile(
  drive: Pick<DriveContext, 'lookup'>,
  entity: Entity | null,
  path: string,
): Promise<{ row: EntryRow; rights: Rights }> {
  const { row, rights } = await drive.lookup.viewable(entity, path)
  if (!row || row.rank !== FILE_RANK) throw createError('ERROR_FILE_NOT_FOUND', { reason: path })
  return { row, rights }
}

/** The page size asked, or FOLDER_PAGE_SIZE; outside 1 to MAX_FOLDER_PAGE_SIZE refused. */
function checkedPageSize(options: Pick<PageOptions, 'pagesize'>): number {
  const pagesize = options.pagesize ?? FOLDER_PAGE_SIZE
  if (!Number.isInteger(pagesize) || pagesize < 1 || pagesize > MAX_FOLDER_PAGE_SIZE)
    throw createError('ERROR_INVALID_INTEGER', { reason: 'pagesize' })
  return pagesize
}

/** One page of a folder's children the caller may view. */
async function listFolder(
  drive: Reading,
  entity: Entity | null,
  path: string,
  row: EntryRow | null,
  rights: Rights,
  options: PageOptions,
): Promise<DriveListing> {
  const pagesize = checkedPageSize(options)
  let cursor = options.nextpage ? decodeCursor(options.nextpage) : null
  const parentId = row?.id ?? ''
  if (path === 'personal' && !isAdministrator(entity)) {
    // Only the caller's own folder: no scan of every account's.
    if (cursor || !entity) return { list: [], nextpage: null, pagesize }
    await drive.lookup.ensurePersonal(entity)
    const own = await drive.store.child(parentId, personalName(entity))
    const list = own
      ? [entryAnswer(own, own.path, await drive.access.childRights(entity, rights, own))]
      : []
    return { list: list.filter((entry) => entry.access.view), nextpage: null, pagesize }
  }
  const scanned: EntryRow[] = []
  while (scanned.length <= pagesize) {
    const rank: 0 | 1 = cursor?.rank ?? FOLDER_RANK
    const rows = await drive.store.children(
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
    const childRights = await drive.access.childRights(entity, rights, child)
    if (childRights.flags.view) list.push(answer(child, childRights))
  }
  const last = page.at(-1)
  return {
    list,
    nextpage: scanned.length > pagesize && last ? encodeCursor(last.rank, last.name) : null,
    pagesize,
  }
}
