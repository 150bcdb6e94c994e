import { createReadStream } from 'node:fs'
import { isDuplicateKey } from '@shopwright/core'
import { SHIPPED_LAYERS, layerFileName, layerFilePath } from '@shopwright/earth'
import { TOP_FOLDERS } from '../shared/types.js'
import { joinPath, splitPath } from '../shared/names.js'
import type { BlobStore } from '../server/blobs/blob-store.js'
import { contentTypeOf } from '../server/content-types.js'
import {
  FILE_RANK,
  FOLDER_RANK,
  newBlobKey,
  newEntryId,
  type EntryRow,
  type EntryStore,
} from '../server/entry-store.js'

/** Where the globe's layer files live in the drive (docs/globe-layers.md). */
export const EARTH_FOLDER = 'public/earth'

const SYSTEM = 'system'

/**
 * What the drive puts in place at every start, when missing: the three top-level folders, and the
 * globe's layer files in `public/earth` (copied from `@shopwright/earth`'s committed data, never
 * from the Natural Earth sources). The layers are copied only when `public/earth` does not exist,
 * so a file an administrator removed from it stays removed; removing the folder brings them all
 * back at the next start. Safe on several nodes starting at once: a row another node inserted first
 * is left as it is.
 */
export class DriveSeeds {
  constructor(
    private readonly store: EntryStore,
    private readonly blobs: BlobStore,
    private readonly now: () => number = Date.now,
  ) {}

  async run(): Promise<{ folders: number; files: number }> {
    let folders = 0
    for (const top of TOP_FOLDERS) if (await this.folder(top)) folders++
    let files = 0
    if (!(await this.store.live(EARTH_FOLDER))) {
      if (await this.folder(EARTH_FOLDER)) folders++
      for (const layer of SHIPPED_LAYERS) {
        const name = layerFileName(layer.id)
        if (await this.file(joinPath(EARTH_FOLDER, name), layerFilePath(layer.id))) files++
      }
    }
    return { folders, files }
  }

  /** Makes a folder whose parent exists; false when it was there already. */
  private async folder(path: string): Promise<boolean> {
    if (await this.store.live(path)) return false
    return this.insert(this.row(path, FOLDER_RANK))
  }

  /** Copies a file in; false when the path was taken (by another node, or before). */
  private async file(path: string, source: string): Promise<boolean> {
    if (await this.store.live(path)) return false
    const key = newBlobKey()
    const stored = await this.blobs.put(key, createReadStream(source))
    const row = {
      ...this.row(path, FILE_RANK),
      size: stored.size,
      hash: stored.sha256,
      blob: key,
      content_type: contentTypeOf(path),
    }
    if (await this.insert(row)) return true
    await this.blobs.delete(key)
    return false
  }

  private row(path: string, rank: 0 | 1): EntryRow {
    const now = this.now()
    return {
      id: newEntryId(),
      parent_id: '',
      path,
      name: splitPath(path).name,
      rank,
      size: 0,
      hash: null,
      blob: null,
      content_type: null,
      security: null,
      created: now,
      modified: now,
      modified_by: SYSTEM,
      bin_id: '',
      binned: null,
      bin_root: false,
    }
  }

  private async insert(row: EntryRow): Promise<boolean> {
    const { parent } = splitPath(row.path)
    if (parent !== '') {
      const folder = await this.store.live(parent)
      if (!folder) return false
      row.parent_id = folder.id
    }
    try {
      await this.store.insert(row)
      return true
    } catch (error) {
      if (isDuplicateKey(error)) return false
      throw error
    }
  }
}
