import { createError, type Entity } from '@shopwright/core'
import type { BinAfter, BinItem, BinSource } from '@shopwright/plugin-records'
import { DRIVE_BIN_TYPE } from '../shared/types.js'
import type { DriveService } from './drive-service.js'
import type { EntryRow, EntryStore } from './entry-store.js'

/** How many binned roots one read takes while it looks for ones the caller may view. */
const BATCH = 200

/**
 * The drive's part of the shared bin (docs/drive.md, "Bin"): its binned roots listed as
 * `drive|{id}`, restored where they were, deleted for good with their blobs. Each item needs the
 * caller's view (to be listed) or delete right (to be restored or deleted) at the path it was binned
 * from, on top of the bin record's rights the records plugin checked; a folder also needs delete on
 * every entry below it with its own security record, as binning it did (subtree-rights.ts).
 */
export class DriveBin implements BinSource {
  readonly type = DRIVE_BIN_TYPE

  constructor(
    private readonly store: EntryStore,
    private readonly drive: DriveService,
  ) {}

  async list(
    entity: Entity | null,
    options: { limit: number; after?: BinAfter },
  ): Promise<BinItem[]> {
    const items: BinItem[] = []
    let after = options.after
    // Read on past roots the caller may not view, so a page is never short while more exist.
    for (;;) {
      const rows = await this.store.binRoots({ limit: BATCH, after })
      for (const row of rows) {
        if (!(await this.drive.binnedRights(entity, row)).flags.view) continue
        items.push({ type: this.type, id: row.id, name: row.path, binned: row.binned ?? 0 })
        if (items.length >= options.limit) return items
      }
      const last = rows.at(-1)
      if (rows.length < BATCH || !last) return items
      after = { binned: last.binned ?? 0, id: last.id }
    }
  }

  async prepare(
    entity: Entity | null,
    action: 'restore' | 'remove',
    ids: readonly string[],
  ): Promise<() => Promise<string[]>> {
    const roots = await this.deletable(entity, ids, action === 'restore' ? 'restored' : 'deleted')
    if (action === 'restore') for (const root of roots) await this.drive.restoreTarget(root)
    await this.drive.spendOnBin(entity)
    return async () => {
      if (action === 'restore') await this.drive.restoreBinned(roots)
      else await this.drive.removeBinned(roots)
      return roots.map((root) => root.id)
    }
  }

  async empty(entity: Entity | null): Promise<number> {
    const mine: EntryRow[] = []
    // What the caller may delete whole; a folder holding an entry it may not delete stays binned.
    for (const row of await this.store.allBinRoots()) {
      const rights = await this.drive.binnedRights(entity, row)
      if (!rights.flags.delete) continue
      if (await this.drive.binnedSubtreeRefusal(entity, row, rights, 'deleted')) continue
      mine.push(row)
    }
    if (mine.length === 0) return 0
    await this.drive.spendOnBin(entity)
    await this.drive.removeBinned(mine)
    return mine.length
  }

  /** The binned roots named, each one the caller may delete with all it holds; all or none. */
  private async deletable(
    entity: Entity | null,
    ids: readonly string[],
    verb: 'restored' | 'deleted',
  ): Promise<EntryRow[]> {
    const rows = new Map((await this.store.binRootsById(ids)).map((row) => [row.id, row]))
    const roots: EntryRow[] = []
    for (const id of ids) {
      const row = rows.get(id)
      const rights = row ? await this.drive.binnedRights(entity, row) : null
      if (!row || !rights?.flags.view)
        throw createError('ERROR_RECORD_NOT_AVAILABLE', {
          reason: `${this.type}.${id} is not in the bin.`,
        })
      if (!rights.flags.delete)
        throw createError(entity ? 'ERROR_ACCESS_DENIED' : 'ERROR_NOT_SIGNED_IN')
      const refusal = await this.drive.binnedSubtreeRefusal(entity, row, rights, verb)
      if (refusal) throw refusal
      roots.push(row)
    }
    return roots
  }
}
