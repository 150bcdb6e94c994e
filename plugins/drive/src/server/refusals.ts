import { createError, type Entity } from '@shopwright/core'
import { kindOfName, nameFault, splitPath } from '../shared/names.js'
import { FILE_RANK } from './entry-store.js'

/** A missing entry, as a file or a folder by its name: a name with a dot is a file's. */
export function notFound(path: string): Error {
  return createError(
    kindOfName(splitPath(path).name) === 'file' ? 'ERROR_FILE_NOT_FOUND' : 'ERROR_FOLDER_NOT_FOUND',
    {
      reason: path,
    },
  )
}

/** A taken path, named by the kind of entry that was to be made there. */
export function exists(rank: number, path: string): Error {
  return createError(
    rank === FILE_RANK ? 'ERROR_FILE_ALREADY_EXISTS' : 'ERROR_FOLDER_ALREADY_EXISTS',
    {
      reason: path,
    },
  )
}

/** A refused call: 403 for a signed-in caller, 401 for a visitor (who may have more once signed in). */
export function denied(entity: Entity | null, reason?: string): Error {
  return entity
    ? createError('ERROR_ACCESS_DENIED', { reason })
    : createError('ERROR_NOT_SIGNED_IN')
}

/** True for the folders nobody renames, moves or deletes: the top-level ones and personal roots. */
export function isProtected(path: string): boolean {
  const parts = path.split('/')
  return parts.length === 1 || (parts.length === 2 && parts[0] === 'personal')
}

/**
 * A new name refused by the name rules (docs/drive.md, "Names"), with the name and why in the
 * reason; null when the name is valid.
 */
export function badName(name: string, kind: 'file' | 'folder'): Error | null {
  const fault = nameFault(name, kind)
  if (fault === null) return null
  return createError(kind === 'file' ? 'ERROR_INVALID_FILE_NAME' : 'ERROR_INVALID_FOLDER_NAME', {
    reason: `${JSON.stringify(name.slice(0, 100))}: ${fault}.`,
  })
}
