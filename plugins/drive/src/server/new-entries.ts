import { createHash } from 'node:crypto'
import { actorName, createError, type Entity } from '@shopwright/core'
import { TOP_FOLDERS } from '../shared/types.js'
import { joinPath, kindOfName, splitPath } from '../shared/names.js'
import { contentTypeOf } from './content-types.js'
import { FILE_RANK, FOLDER_RANK, newEntryId, type EntryRow } from './entry-store.js'
import { badName } from './refusals.js'

/** The hex SHA-256 of no bytes: the hash of an empty file, which has no blob. */
export const EMPTY_HASH = createHash('sha256').digest('hex')

/** The parts of a path that is to be made: its folder, last name and kind, the name checked. */
export function newEntryPlace(path: string): { parent: string; name: string; rank: 0 | 1 } {
  const { parent, name } = splitPath(path)
  if (parent === '')
    throw createError('ERROR_ACCESS_DENIED', {
      reason: `Only ${TOP_FOLDERS.join(', ')} are at the top of the drive.`,
    })
  const kind = kindOfName(name)
  const refusal = badName(name, kind)
  if (refusal) throw refusal
  return { parent, name, rank: kind === 'file' ? FILE_RANK : FOLDER_RANK }
}

/** The row of a new, empty, live entry in `parent` (null: the root). */
export function newRow(
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
