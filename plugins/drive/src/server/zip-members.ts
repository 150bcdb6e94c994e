import { createError, type Entity } from '@shopwright/core'
import { TOP_FOLDERS } from '../shared/types.js'
import { splitPath } from '../shared/names.js'
import type { Rights } from './drive-access.js'
import type { DriveContext } from './drive-context.js'
import { FILE_RANK, type EntryRow } from './entry-store.js'
import { fileContents } from './file-contents.js'
import { ZIP_LIMITS, type ZipMember } from './zip-stream.js'

/** What a download zip uses of the drive: rows, rights, the lookup and the blobs it opens. */
type Zipping = Pick<DriveContext, 'store' | 'access' | 'lookup' | 'blobs'>

/**
 * The members of a download zip: each named file, and each named folder with every file and
 * folder below it the caller may view, named relative to the folder the paths are in.
 */
export async function zipMembers(
  drive: Zipping,
  entity: Entity | null,
  paths: readonly string[],
): Promise<ZipMember[]> {
  const members: ZipMember[] = []
  const taken = new Set<string>()
  let bytes = 0
  const add = (name: string, row: EntryRow): void => {
    let unique = name
    for (let n = 2; taken.has(unique); n++) {
      const dot = row.rank === FILE_RANK ? name.lastIndexOf('.') : -1
      unique = dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`
    }
    taken.add(unique)
    bytes += row.size
    if (members.length >= ZIP_LIMITS.members || bytes > ZIP_LIMITS.bytes) throw tooLargeForZip()
    members.push(
      row.rank === FILE_RANK
        ? {
            name: unique,
            modified: row.modified,
            open: async () => (await fileContents(drive, row)).body,
          }
        : { name: `${unique}/`, modified: row.modified },
    )
  }
  for (const path of paths) {
    const { row, rights } = await drive.lookup.viewable(entity, path)
    if (!row) {
      // The root: the whole drive the caller may see, under "drive/".
      await addTree(drive, entity, '', rights, 'drive', add)
      continue
    }
    if (row.rank === FILE_RANK) add(row.name, row)
    else {
      add(row.name, row)
      await addTree(drive, entity, row.path, rights, row.name, add)
    }
  }
  return members
}

/** Adds a folder's subtree to a zip, relative to `prefix`, leaving out what the caller may not view. */
async function addTree(
  drive: Zipping,
  entity: Entity | null,
  path: string,
  rights: Rights,
  prefix: string,
  add: (name: string, row: EntryRow) => void,
): Promise<void> {
  // Counted before any row is read: a folder of a million files is refused, not loaded.
  const tops = path === '' ? [...TOP_FOLDERS] : [path]
  let count = 0
  for (const top of tops) count += await drive.store.countSubtree(top)
  if (count > ZIP_LIMITS.members) throw tooLargeForZip()
  const rows =
    path === ''
      ? (await Promise.all(TOP_FOLDERS.map((top) => drive.store.subtree(top, '')))).flat()
      : (await drive.store.subtree(path, '')).filter((row) => row.path !== path)
  const rightsOf = new Map<string, Rights>([[path, rights]])
  for (const row of rows) {
    const inherited = rightsOf.get(splitPath(row.path).parent)
    if (!inherited) continue
    const own = await drive.access.childRights(entity, inherited, row)
    if (!own.flags.view) continue
    rightsOf.set(row.path, own)
    const relative = path === '' ? row.path : row.path.slice(path.length + 1)
    add(`${prefix}/${relative}`, row)
  }
}

/** A download over the zip format's limits (zip-stream.ts). */
function tooLargeForZip(): Error {
  return createError('ERROR_INVALID_INPUT', {
    reason: `One download holds at most ${ZIP_LIMITS.members} entries and ${Math.floor(ZIP_LIMITS.bytes / 1024 ** 2)} MB.`,
  })
}
