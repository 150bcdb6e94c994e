import { createError, type Entity } from '@shopwright/core'
import { TOP_FOLDERS } from '../shared/types.js'
import { portableName, splitPath } from '../shared/names.js'
import type { Rights } from './drive-access.js'
import type { DriveContext } from './drive-context.js'
import { FILE_RANK, type EntryRow } from './entry-store.js'
import { fileContents } from './file-contents.js'
import { ZIP_LIMITS, type ZipMember } from './zip-stream.js'

/** What a download zip uses of the drive: rows, rights, the lookup and the blobs it opens. */
type Zipping = Pick<DriveContext, 'store' | 'access' | 'lookup' | 'blobs'>

/** An entry going into a zip: its row, and its folder there (`folder`: a key of `zipPaths`). */
interface Planned {
  row: EntryRow
  folder: string
}

/** The folder key of the named entries: the zip's own top, never a drive path. */
const ZIP_TOP = '\u0000'

/**
 * The members of a download zip (and of an export): each named file, and each named folder with
 * every file and folder below it the caller may view, named relative to the folder the paths are
 * in. Names are written through `portableName`, so a name stored before the name rules refused it
 * (`a:b.txt`, `notes.`, `CON.txt`) unpacks on every system; within a folder of the zip every name
 * is unique: a valid stored name keeps its name, and a mapped one, or a second entry of one name
 * (two named folders of the same name), takes ` (2)`, ` (3)`... before its extension.
 */
export async function zipMembers(
  drive: Zipping,
  entity: Entity | null,
  paths: readonly string[],
): Promise<ZipMember[]> {
  const planned: Planned[] = []
  let bytes = 0
  const plan = (row: EntryRow, folder: string): void => {
    bytes += row.size
    if (planned.length >= ZIP_LIMITS.members || bytes > ZIP_LIMITS.bytes) throw tooLargeForZip()
    planned.push({ row, folder })
  }
  // The zip's folder of each drive folder whose entries go in it; the root of the drive is "drive".
  const zipPaths = new Map<string, string>([
    [ZIP_TOP, ''],
    ['', 'drive'],
  ])
  for (const path of paths) {
    const { row, rights } = await drive.lookup.viewable(entity, path)
    if (!row) {
      // The root: the whole drive the caller may see, under "drive/".
      await addTree(drive, entity, '', rights, plan)
      continue
    }
    plan(row, ZIP_TOP)
    if (row.rank !== FILE_RANK) await addTree(drive, entity, row.path, rights, plan)
  }
  return namedMembers(drive, planned, zipPaths)
}

/**
 * The members in order, each named in its zip folder. A folder is planned before what it holds,
 * so its zip name is known when they come; the names that need no mapping are set aside first, so
 * no mapped name takes one of them.
 */
function namedMembers(
  drive: Zipping,
  planned: readonly Planned[],
  zipPaths: Map<string, string>,
): ZipMember[] {
  const kept = new Map<string, Set<string>>()
  for (const { row, folder } of planned) {
    if (portableName(row.name) !== row.name) continue
    const names = kept.get(folder) ?? new Set<string>()
    names.add(row.name)
    kept.set(folder, names)
  }
  const taken = new Set<string>()
  const members: ZipMember[] = []
  for (const { row, folder } of planned) {
    const within = zipPaths.get(folder) ?? ''
    const portable = portableName(row.name)
    const mapped = portable !== row.name
    const free = (name: string): boolean =>
      !taken.has(within ? `${within}/${name}` : name) &&
      !(mapped && (kept.get(folder)?.has(name) ?? false))
    let name = portable
    for (let n = 2; !free(name); n++) {
      const dot = row.rank === FILE_RANK ? portable.lastIndexOf('.') : -1
      name =
        dot > 0 ? `${portable.slice(0, dot)} (${n})${portable.slice(dot)}` : `${portable} (${n})`
    }
    const zipPath = within ? `${within}/${name}` : name
    taken.add(zipPath)
    if (row.rank === FILE_RANK)
      members.push({
        name: zipPath,
        modified: row.modified,
        open: async () => (await fileContents(drive, row)).body,
      })
    else {
      zipPaths.set(row.path, zipPath)
      members.push({ name: `${zipPath}/`, modified: row.modified })
    }
  }
  return members
}

/**
 * Plans a folder's subtree, each entry in its drive folder, leaving out what the caller may not
 * view.
 */
async function addTree(
  drive: Zipping,
  entity: Entity | null,
  path: string,
  rights: Rights,
  plan: (row: EntryRow, folder: string) => void,
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
    const parent = splitPath(row.path).parent
    const inherited = rightsOf.get(parent)
    if (!inherited) continue
    const own = await drive.access.childRights(entity, inherited, row)
    if (!own.flags.view) continue
    rightsOf.set(row.path, own)
    plan(row, parent)
  }
}

/** A download over the zip format's limits (zip-stream.ts). */
function tooLargeForZip(): Error {
  return createError('ERROR_INVALID_INPUT', {
    reason: `One download holds at most ${ZIP_LIMITS.members} entries and ${Math.floor(ZIP_LIMITS.bytes / 1024 ** 2)} MB.`,
  })
}
