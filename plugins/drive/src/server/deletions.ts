import type { Entity } from '@shopwright/core'
import type { DriveContext } from './drive-context.js'
import type { EntryRow } from './entry-store.js'
import { denied, isProtected, notFound } from './refusals.js'
import { checkSubtree } from './subtree-rights.js'

/**
 * A bin or delete call: checks every named root, spends the caller's allowance once, then acts on
 * the roots; it answers the paths of the roots acted on.
 */
function deletion(act: (drive: DriveContext, roots: readonly EntryRow[]) => Promise<void>) {
  return async (
    drive: DriveContext,
    entity: Entity | null,
    paths: readonly string[],
  ): Promise<string[]> => {
    const roots = await deletable(drive, entity, paths)
    await drive.spend(entity)
    await act(drive, roots)
    return roots.map((root) => root.path)
  }
}

/** `bin`: moves entries, with all they hold, to the shared bin. */
export const binEntries = deletion(async (drive, roots) => {
  const now = drive.now()
  await drive.store.transaction(async (trx) => {
    for (const root of roots) {
      const live = await drive.store.byId(root.id, trx)
      if (!live || live.bin_id !== '') throw notFound(root.path)
      await drive.store.bin(live, now, trx)
    }
  })
})

/** `delete`: deletes entries, with all they hold, for good; their blobs once the rows are gone. */
export const removeEntries = deletion(async (drive, roots) => {
  const blobs = await drive.store.transaction(async (trx) => {
    const keys: string[] = []
    for (const root of roots) {
      const rows = await drive.store.subtree(root.path, '', trx)
      if (!rows.some((row) => row.id === root.id)) throw notFound(root.path)
      keys.push(...(await drive.store.removeRows(rows, trx)))
    }
    return keys
  })
  await drive.dropBlobs(blobs)
})

/** The roots a bin or delete call names, each checked: found, not protected, deletable. */
async function deletable(
  drive: DriveContext,
  entity: Entity | null,
  paths: readonly string[],
): Promise<EntryRow[]> {
  // A path inside another named path goes with it.
  const sorted = [...new Set(paths)].sort()
  const roots: EntryRow[] = []
  for (const path of sorted) {
    if (roots.some((root) => path.startsWith(`${root.path}/`))) continue
    const { row, rights } = await drive.lookup.viewable(entity, path)
    if (!row || isProtected(row.path))
      throw denied(entity, `${path || 'The root'} cannot be deleted.`)
    if (!rights.flags.delete) throw denied(entity)
    await checkSubtree(drive, entity, row, rights, { need: ['delete'], verb: 'deleted' })
    roots.push(row)
  }
  return roots
}
