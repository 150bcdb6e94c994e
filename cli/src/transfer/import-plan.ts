import { createError, isAppError } from '@shopwright/core'
import {
  MAX_DEPTH,
  MAX_PATH_LENGTH,
  TOP_FOLDERS,
  kindOfName,
  nameProblem,
} from '@shopwright/plugin-drive'
import { readZipEntries } from '@shopwright/plugin-records'
import type { ArchiveEntry, ArchiveReader } from './archive-reader.js'
import {
  DRIVE_PREFIX,
  MANIFEST_NAME,
  notAnExport,
  parseManifest,
  type Manifest,
  type RecordPart,
} from './manifest.js'

/** The manifest is a list of parts: a megabyte holds tens of thousands, far more than any site. */
const MAX_MANIFEST_BYTES = 1024 * 1024

/** What an import will do, all of it judged before the first write. */
export interface ImportPlan {
  manifest: Manifest
  /** The records parts to import, in the manifest's order. */
  parts: Array<{ part: RecordPart; entry: ArchiveEntry }>
  /** Drive folders (parents first) and files to write; empty with --no-files. */
  folders: string[]
  files: Array<{ path: string; entry: ArchiveEntry }>
  /** Records in the parts, and bytes in the files: the totals the progress bars count to. */
  records: number
  bytes: number
}

export interface PlanOptions {
  /** Only these types' records; all when undefined. */
  types?: readonly string[]
  files: boolean
  /** The largest records part: what one upload to the import call may be (UPLOAD_LIMIT). */
  maxPartBytes: number
}

/**
 * Judges a whole archive before anything is written: the manifest, every entry's name (a name
 * outside the layout, such as one that climbs out with `..`, refuses the archive, naming it), each
 * records part it lists, and the types asked for. So a refused import leaves the site as it was.
 */
export async function planImport(
  archive: ArchiveReader,
  options: PlanOptions,
): Promise<ImportPlan> {
  const manifestEntry = archive.entries.get(MANIFEST_NAME)
  if (!manifestEntry)
    throw notAnExport(`It has no ${MANIFEST_NAME}: it is not a shopwright export.`)
  const manifest = parseManifest(
    await archive.read(manifestEntry, MAX_MANIFEST_BYTES, 'a manifest may be'),
  )

  const listed = new Map(manifest.records.map((part) => [part.name, part]))
  const folders: string[] = []
  const files: ImportPlan['files'] = []
  for (const entry of archive.entries.values()) {
    if (entry.name === MANIFEST_NAME || listed.has(entry.name)) continue
    const drivePath = entry.name.startsWith(DRIVE_PREFIX)
      ? entry.name.slice(DRIVE_PREFIX.length)
      : null
    const isFolder = entry.name.endsWith('/')
    const path = isFolder ? drivePath?.slice(0, -1) : drivePath
    const problem =
      path === undefined || path === null ? 'is not part of an export' : pathProblem(path, isFolder)
    if (problem) throw notAnExport(`The entry "${entry.name}" ${problem}.`)
    if (isFolder) folders.push(path!)
    else files.push({ path: path!, entry })
  }

  const wanted = options.types ? new Set(options.types) : null
  if (wanted) {
    const present = new Set(manifest.records.map((part) => part.type))
    const missing = [...wanted].filter((type) => !present.has(type))
    if (missing.length > 0)
      throw createError('ERROR_RECORDTYPE_REQUIRED', {
        reason: `The archive holds no records of type ${missing.map((type) => `"${type}"`).join(', ')}.`,
      })
  }
  const parts: ImportPlan['parts'] = []
  for (const part of manifest.records) {
    if (wanted && !wanted.has(part.type)) continue
    const entry = archive.entries.get(part.name)
    if (!entry) throw notAnExport(`${MANIFEST_NAME} lists ${part.name}, which is not in it.`)
    if (entry.size > options.maxPartBytes)
      throw notAnExport(`${part.name} is larger than UPLOAD_LIMIT (${options.maxPartBytes} bytes).`)
    parts.push({ part, entry })
  }
  for (const { part, entry } of parts)
    if (part.name.endsWith('.zip')) await judgePart(archive, entry, options.maxPartBytes)

  // Parents first, whatever order the archive has them in.
  folders.sort((a, b) => a.split('/').length - b.split('/').length)
  return {
    manifest,
    parts,
    folders: options.files ? folders : [],
    files: options.files ? files : [],
    records: parts.reduce((sum, { part }) => sum + part.count, 0),
    bytes: options.files ? files.reduce((sum, { entry }) => sum + entry.size, 0) : 0,
  }
}

/**
 * Judges a records part as the records plugin's import will judge it, with its own reader: the
 * part's whole directory (entry count, names, declared sizes against the server's limits, an end
 * record that hides entries) before its first entry inflates. So a part that is a zip bomb refuses
 * the archive before anything is written, with the code and reason an upload would get, rather
 * than after the parts before it were imported.
 */
async function judgePart(
  archive: ArchiveReader,
  entry: ArchiveEntry,
  limit: number,
): Promise<void> {
  const entries = readZipEntries(await archive.read(entry, limit, 'UPLOAD_LIMIT'))
  try {
    await entries.next()
  } catch (error) {
    if (!isAppError(error)) throw error
    throw createError(error.code, {
      status: error.status,
      reason: `${entry.name}: ${error.reason ?? error.message}`,
    })
  } finally {
    await entries.return(undefined)
  }
}

/**
 * Why a drive path cannot be in an export, or null: it must lie in a top-level folder, and every
 * name must be one the drive takes (no `..`, no `/` or `\`, no control character...).
 */
function pathProblem(path: string, isFolder: boolean): string | null {
  if (path.length > MAX_PATH_LENGTH) return `is longer than ${MAX_PATH_LENGTH} characters`
  const names = path.split('/')
  if (names.length - (isFolder ? 0 : 1) > MAX_DEPTH) return `is more than ${MAX_DEPTH} folders deep`
  if (!(TOP_FOLDERS as readonly string[]).includes(names[0]!))
    return `is not in a top-level folder of the drive (${TOP_FOLDERS.join(', ')})`
  for (const [index, name] of names.entries()) {
    const kind = isFolder || index < names.length - 1 ? 'folder' : 'file'
    if (name === '..' || name === '.') return 'climbs out with ..'
    if (kindOfName(name) !== kind || nameProblem(name, kind))
      return `has a name the drive refuses ("${name}")`
  }
  return null
}
