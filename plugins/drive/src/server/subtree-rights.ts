import { createError, isAdministrator, type AccessFlags, type Entity } from '@shopwright/core'
import { pathChain, type Rights } from './drive-access.js'
import type { DriveContext } from './drive-context.js'
import { FOLDER_RANK, type EntryRow } from './entry-store.js'

/** What a call does to everything below a folder, and the rights it needs on each entry there. */
export interface SubtreeChange {
  /** The flags needed on every entry below: `delete` to bin, `view` and `edit` to move. */
  need: ReadonlyArray<keyof AccessFlags>
  /** What the call does to the folder, for the reason: `deleted`, `moved`, `renamed`, `restored`. */
  verb: string
}

/**
 * Refuses a bin, delete, move or rename of a folder, or a restore or delete for good of a binned
 * one, when an entry below it carries a security record that denies the caller one of the flags
 * the call needs (docs/drive.md, "Folders and rights"): everything below goes along, so the caller
 * must hold the right on all of it. Only entries with their own record can differ from the
 * folder's rights, so only those are read: a live folder's live subtree, or a binned root's binned
 * one (its `bin_id`, the paths it was binned under). The refusal is 403 ERROR_PERMISSION_DENIED,
 * the catalogue's plugin code, apart from ERROR_ACCESS_DENIED for an entry the caller itself may
 * not change (401 when nobody is signed in). The reason names the blocking entry only when
 * the caller may view it and every folder on its way down (each judged by its own record, as `get`
 * would); otherwise it says that the folder holds an entry the caller may not view, and nothing
 * more, so a refusal never tells a hidden name.
 */
export async function checkSubtree(
  drive: Pick<DriveContext, 'store' | 'access'>,
  entity: Entity | null,
  root: EntryRow,
  rights: Rights,
  change: SubtreeChange,
): Promise<void> {
  const refusal = await subtreeRefusal(drive, entity, root, rights, change)
  if (refusal) throw refusal
}

/** The refusal `checkSubtree` throws, or null when the caller may change the whole subtree. */
export async function subtreeRefusal(
  drive: Pick<DriveContext, 'store' | 'access'>,
  entity: Entity | null,
  root: EntryRow,
  rights: Rights,
  change: SubtreeChange,
): Promise<Error | null> {
  if (root.rank !== FOLDER_RANK || isAdministrator(entity)) return null
  const below = (await drive.store.securedIn(root.path, root.bin_id))
    .filter((row) => row.id !== root.id)
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  const own = new Map<string, AccessFlags>()
  for (const row of below)
    own.set(row.path, (await drive.access.childRights(entity, rights, row)).flags)
  const blocked = below.filter((row) => !change.need.every((flag) => own.get(row.path)![flag]))
  if (blocked.length === 0) return null
  // One the caller may view first: a refusal that can name its entry says more.
  const seen = blocked.find((row) => viewable(root, row, own))
  if (seen) return subtreeDenied(entity, `${seen.path} may not be ${change.verb}.`)
  return subtreeDenied(
    entity,
    `${root.path} holds an entry you may not view, so it cannot be ${change.verb}.`,
  )
}

/**
 * True when the caller may view `row` and each folder between `root` and it. Below a viewable root,
 * an entry's rights are those of the nearest entry on its way with its own record, so only those
 * (all in `own`) can hide it.
 */
function viewable(root: EntryRow, row: EntryRow, own: ReadonlyMap<string, AccessFlags>): boolean {
  return pathChain(row.path)
    .filter((path) => path.startsWith(`${root.path}/`))
    .every((path) => own.get(path)?.view ?? true)
}

/** The drive's own rule refusing a change the folder's rights allow (see checkSubtree). */
function subtreeDenied(entity: Entity | null, reason: string): Error {
  return entity
    ? createError('ERROR_PERMISSION_DENIED', { reason })
    : createError('ERROR_NOT_SIGNED_IN')
}
