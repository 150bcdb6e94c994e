import type { Knex } from 'knex'
import { createError, isDuplicateKey, type Entity } from '@shopwright/core'
import { joinPath, splitPath } from '../shared/names.js'
import { pathChain, type Rights } from './drive-access.js'
import type { DriveContext } from './drive-context.js'
import type { EntryRow } from './entry-store.js'
import { exists } from './refusals.js'

// The drive's side of its binned roots, for drive-bin.ts (the drive's part of the shared bin):
// rights where a root was binned from, where it would come back, restoring and deleting for good.

/** The caller's rights on a binned root, at the path it was binned from. */
export async function binnedRights(
  drive: Pick<DriveContext, 'store' | 'access'>,
  entity: Entity | null,
  row: EntryRow,
): Promise<Rights> {
  const parent = await drive.store.byId(row.parent_id)
  const parentPath = parent && parent.bin_id === '' ? parent.path : splitPath(row.path).parent
  const chain = await drive.store.livePaths(pathChain(parentPath))
  const inherited = await drive.access.rightsAt(entity, parentPath, chain)
  return drive.access.childRights(entity, inherited, {
    ...row,
    path: joinPath(parentPath, row.name),
  })
}

/**
 * Where a binned root would come back (under its folder's current path), or the refusal: its
 * folder is gone or binned, or the name is taken. Read inside a restore's transaction, and before
 * it, so a call is refused before anything else it names is written.
 */
export async function restoreTarget(
  drive: Pick<DriveContext, 'store'>,
  root: EntryRow,
  trx?: Knex.Transaction,
): Promise<string> {
  const parent = root.parent_id === '' ? null : await drive.store.byId(root.parent_id, trx)
  if (root.parent_id !== '' && (!parent || parent.bin_id !== ''))
    throw createError('ERROR_FOLDER_NOT_FOUND', {
      reason: `${splitPath(root.path).parent}: restore the folder it was in first.`,
    })
  const target = joinPath(parent?.path ?? '', root.name)
  if (await drive.store.live(target, trx)) throw exists(root.rank, target)
  return target
}

/** Brings binned roots back where they were; all or none. */
export async function restoreBinned(
  drive: Pick<DriveContext, 'store'>,
  roots: readonly EntryRow[],
): Promise<void> {
  await drive.store.transaction(async (trx) => {
    for (const root of roots) {
      const target = await restoreTarget(drive, root, trx)
      try {
        await drive.store.restore(root, target, trx)
      } catch (error) {
        if (isDuplicateKey(error)) throw exists(root.rank, target)
        throw error
      }
    }
  })
}

/** Deletes binned roots and their subtrees for good; their blobs once the rows are gone. */
export async function removeBinned(
  drive: Pick<DriveContext, 'store' | 'dropBlobs'>,
  roots: readonly EntryRow[],
): Promise<void> {
  const blobs = await drive.store.transaction(async (trx) => {
    const keys: string[] = []
    for (const root of roots) keys.push(...(await drive.store.removeBin(root.id, trx)))
    return keys
  })
  await drive.dropBlobs(blobs)
}
