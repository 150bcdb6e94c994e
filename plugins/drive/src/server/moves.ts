import { actorName, createError, isDuplicateKey, type Entity } from '@shopwright/core'
import { MAX_PATH_LENGTH, joinPath, splitPath } from '../shared/names.js'
import type { DriveContext } from './drive-context.js'
import { FILE_RANK, type EntryRow } from './entry-store.js'
import { badName, denied, exists, isProtected, notFound } from './refusals.js'
import { checkSubtree } from './subtree-rights.js'

/** True when `folder` is the entry itself or lies below it: a folder never goes into itself. */
const within = (folder: string, entry: string) => folder === entry || folder.startsWith(`${entry}/`)

/**
 * `move`: entries, with all they hold, into another folder, all or none (the admin's drag and
 * drop, issue 35). Rights as a rename's on each entry (edit, and view and edit on every entry
 * below with its own security record, since those move too), and create on the target, which must
 * be a folder below a top-level one other than `personal` itself. Each named entry's name arrives
 * in the target, so it must meet the rules for a new name: an entry named before those rules (an
 * older site) is renamed before it moves; the entries below it keep their names and their place
 * under it. An entry already in the target is left as it is. Answers the entries' new paths.
 */
export async function moveEntries(
  drive: DriveContext,
  entity: Entity | null,
  paths: readonly string[],
  to: string,
): Promise<string[]> {
  const target = await drive.lookup.folderFor(entity, to)
  if (!target.row || target.row.path === 'personal')
    throw denied(entity, `Nothing is moved into ${to || 'the root'}.`)
  if (!target.rights.flags.create) throw denied(entity)
  const roots = await movable(drive, entity, paths, target.row.path)
  await drive.spend(entity)
  const now = drive.now()
  return drive.store.transaction(async (trx) => {
    // The target as it is now, locked: it may have been renamed, moved or binned meanwhile.
    const folder = await drive.store.lockedById(target.row!.id, trx)
    if (!folder || folder.bin_id !== '') throw notFound(to)
    const moved: string[] = []
    for (const root of roots) {
      const live = await drive.store.byId(root.id, trx)
      if (!live || live.bin_id !== '') throw notFound(root.path)
      if (live.parent_id === folder.id) {
        moved.push(live.path)
        continue
      }
      if (within(folder.path, live.path)) throw intoItself(live.path)
      const path = joinPath(folder.path, live.name)
      const grows = [...path].length - [...live.path].length
      if (grows > 0 && (await drive.store.longestPathIn(live.path, trx)) + grows > MAX_PATH_LENGTH)
        throw createError('ERROR_INVALID_INPUT', {
          reason: `Paths below ${live.path} would pass ${MAX_PATH_LENGTH} characters.`,
        })
      try {
        await drive.store.move(live, folder, path, now, actorName(entity), trx)
      } catch (error) {
        if (isDuplicateKey(error)) throw exists(live.rank, path)
        throw error
      }
      moved.push(path)
    }
    return moved
  })
}

/** A move takes everything below along: the caller must see and may change all of it. */
const MOVED = { need: ['view', 'edit'], verb: 'moved' } as const

const intoItself = (path: string) =>
  createError('ERROR_INVALID_INPUT', { reason: `${path} cannot be moved into itself.` })

/** The entries a move names, each checked: found, not protected, editable, not the target's own. */
async function movable(
  drive: DriveContext,
  entity: Entity | null,
  paths: readonly string[],
  to: string,
): Promise<EntryRow[]> {
  // A path inside another named path goes with it.
  const sorted = [...new Set(paths)].sort()
  const roots: EntryRow[] = []
  for (const path of sorted) {
    if (roots.some((root) => path.startsWith(`${root.path}/`))) continue
    const { row, rights } = await drive.lookup.viewable(entity, path)
    if (!row || isProtected(row.path))
      throw denied(entity, `${path || 'The root'} cannot be moved.`)
    if (!rights.flags.edit) throw denied(entity)
    // Staying in its folder is no move: an older site's name may stay where it is.
    const refusal =
      splitPath(row.path).parent === to
        ? null
        : badName(row.name, row.rank === FILE_RANK ? 'file' : 'folder')
    if (refusal) throw refusal
    if (within(to, row.path)) throw intoItself(row.path)
    await checkSubtree(drive, entity, row, rights, MOVED)
    roots.push(row)
  }
  return roots
}
