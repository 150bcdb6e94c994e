import {
  actorName,
  createError,
  isAdministrator,
  isDuplicateKey,
  type Entity,
} from '@shopwright/core'
import type { DriveEntry, DriveFile, DriveFolder } from '../shared/types.js'
import { MAX_PATH_LENGTH, joinPath, splitPath, topFolderOf } from '../shared/names.js'
import type { DriveContext } from './drive-context.js'
import { answer, entryAnswer, fileAnswer } from './entry-answers.js'
import { getEntry } from './entry-reads.js'
import { FILE_RANK, type EntryRow } from './entry-store.js'
import { newEntryPlace, newRow } from './new-entries.js'
import { badName, denied, exists, isProtected, notFound } from './refusals.js'
import { checkSubtree } from './subtree-rights.js'

// The calls that make an entry or change its row: create, rename, security. A file's contents are
// file-contents.ts's; binning and deleting are deletions.ts's.

/** `create`: an empty file (a name with a dot) or a folder. */
export async function createEntry(
  drive: DriveContext,
  entity: Entity | null,
  path: string,
): Promise<DriveEntry | DriveFile> {
  const { parent, name, rank } = newEntryPlace(path)
  const folder = await drive.lookup.folderFor(entity, parent)
  if (!folder.rights.flags.create) throw denied(entity)
  await drive.spend(entity)
  const now = drive.now()
  const row = await drive.store.transaction(async (trx) => {
    const current = await drive.lookup.liveParent(folder.row, parent, trx)
    const fresh: EntryRow = newRow(entity, current, name, rank, now)
    // The unique index on live paths refuses a taken name (a file and a folder never share one).
    try {
      await drive.store.insert(fresh, trx)
    } catch (error) {
      if (isDuplicateKey(error)) throw exists(rank, fresh.path)
      throw error
    }
    return fresh
  })
  return rank === FILE_RANK
    ? fileAnswer(row, folder.rights)
    : entryAnswer(row, row.path, folder.rights)
}

/**
 * `rename`: a new name in the same folder; a folder takes everything below it along, so it needs
 * view and edit on every entry below with its own security record, as a move does.
 */
export async function renameEntry(
  drive: DriveContext,
  entity: Entity | null,
  path: string,
  filename: string,
): Promise<DriveEntry | DriveFile> {
  const { row, rights } = await drive.lookup.viewable(entity, path)
  if (!row) throw denied(entity, 'The root cannot be renamed.')
  if (isProtected(row.path)) throw denied(entity, `${row.path} cannot be renamed.`)
  if (!rights.flags.edit) throw denied(entity)
  const name = filename.normalize('NFC')
  const refusal = badName(name, row.rank === FILE_RANK ? 'file' : 'folder')
  if (refusal) throw refusal
  if (name === row.name) return answer(row, rights)
  // A folder's new name moves everything below it: the caller must see and may change all of it.
  await checkSubtree(drive, entity, row, rights, { need: ['view', 'edit'], verb: 'renamed' })
  await drive.spend(entity)
  const renamed = await drive.store.transaction(async (trx) => {
    const live = await drive.store.byId(row.id, trx)
    if (!live || live.bin_id !== '') throw notFound(path)
    const target = joinPath(splitPath(live.path).parent, name)
    const grows = [...target].length - [...live.path].length
    if (grows > 0 && (await drive.store.longestPathIn(live.path, trx)) + grows > MAX_PATH_LENGTH)
      throw createError(
        live.rank === FILE_RANK ? 'ERROR_INVALID_FILE_NAME' : 'ERROR_INVALID_FOLDER_NAME',
        {
          reason: `Paths below it would pass ${MAX_PATH_LENGTH} characters.`,
        },
      )
    try {
      await drive.store.rename(live, name, target, drive.now(), actorName(entity), trx)
    } catch (error) {
      if (isDuplicateKey(error)) throw exists(live.rank, target)
      throw error
    }
    return { ...live, name, path: target }
  })
  return answer(renamed, rights)
}

/**
 * `security`: an administrator sets (or clears) the security record of an entry; the answer is
 * the entry as `get` answers it.
 */
export async function setEntrySecurity(
  drive: DriveContext,
  securityExists: (id: string) => Promise<boolean>,
  entity: Entity | null,
  path: string,
  security: string | null,
): Promise<DriveFile | DriveFolder> {
  if (!isAdministrator(entity)) throw denied(entity)
  const top = topFolderOf(path)
  if (top === null || top === 'personal')
    throw createError('ERROR_INVALID_INPUT', {
      reason: 'Security records apply below private and public; a personal folder is its owner’s.',
    })
  if (security !== null && !(await securityExists(security)))
    throw createError('ERROR_INVALID_INPUT', {
      reason: `There is no security record ${security}.`,
    })
  const row = await drive.store.live(path)
  if (!row) throw notFound(path)
  await drive.spend(entity)
  await drive.store.update(row.id, { security, modified_by: actorName(entity) })
  return getEntry(drive, entity, path)
}
