import type { Knex } from 'knex'
import { createError, isDuplicateKey, type Entity } from '@shopwright/core'
import { splitPath } from '../shared/names.js'
import { DriveAccess, pathChain, personalName, type Rights } from './drive-access.js'
import { EntryStore, FOLDER_RANK, type EntryRow } from './entry-store.js'
import { newRow } from './new-entries.js'
import { notFound } from './refusals.js'

/** An entry found for a caller, with what the caller may do with it. */
export interface Found {
  row: EntryRow | null
  rights: Rights
}

/**
 * Finds the entry a call names, with the caller's rights there: what every call does before it
 * refuses or reads a body. A personal folder is made the first time its owner reaches it.
 */
export class EntryLookup {
  constructor(
    private readonly store: EntryStore,
    private readonly access: DriveAccess,
    private readonly now: () => number,
  ) {}

  /** A path the caller may view: 404 (401 for a visitor) otherwise, so nothing hidden leaks. */
  async viewable(entity: Entity | null, path: string): Promise<Found> {
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
  async folderFor(entity: Entity | null, path: string): Promise<Found> {
    const found = await this.viewable(entity, path)
    if (found.row && found.row.rank !== FOLDER_RANK)
      throw createError('ERROR_FOLDER_NOT_FOUND', { reason: path })
    return found
  }

  /** The folder's row as it is now, inside the write's transaction: it may have moved or gone. */
  async liveParent(
    folder: EntryRow | null,
    path: string,
    trx: Knex.Transaction,
  ): Promise<EntryRow | null> {
    if (!folder) return null
    const current = await this.store.byId(folder.id, trx)
    if (!current || current.bin_id !== '')
      throw createError('ERROR_FOLDER_NOT_FOUND', { reason: path })
    return current
  }

  /** Makes the caller's personal folder, once, if the caller may have one. */
  async ensurePersonal(entity: Entity): Promise<void> {
    if (!(await this.access.mayHavePersonal(entity))) return
    const personal = await this.store.live('personal')
    if (!personal) return
    const row = newRow(entity, personal, personalName(entity), FOLDER_RANK, this.now())
    try {
      await this.store.insert(row)
    } catch (error) {
      // Another request (or node) made it first.
      if (!isDuplicateKey(error)) throw error
    }
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
}
