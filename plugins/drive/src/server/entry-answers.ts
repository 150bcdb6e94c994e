import type { DriveEntry, DriveFile } from '../shared/types.js'
import { contentTypeOf } from './content-types.js'
import type { Rights } from './drive-access.js'
import { FILE_RANK, type EntryRow } from './entry-store.js'
import { EMPTY_HASH } from './new-entries.js'

const iso = (ms: number): string => new Date(ms).toISOString()

/** An entry as the calls answer it (docs/drive.md, "Calls"); no row is the root, at `path`. */
export function entryAnswer(row: EntryRow | null, path: string, rights: Rights): DriveEntry {
  return {
    name: row?.name ?? '',
    path,
    type: row && row.rank === FILE_RANK ? 'file' : 'folder',
    size: row?.size ?? 0,
    created: iso(row?.created ?? 0),
    modified: iso(row?.modified ?? 0),
    access: { ...rights.flags },
  }
}

/** A file as the calls answer it: an entry with its content type and hash. */
export function fileAnswer(row: EntryRow, rights: Rights): DriveFile {
  return {
    ...entryAnswer(row, row.path, rights),
    type: 'file',
    contenttype: row.content_type ?? contentTypeOf(row.name),
    hash: row.hash ?? EMPTY_HASH,
  }
}

/** A file's answer, or a folder's entry (without its listing). */
export function answer(row: EntryRow, rights: Rights): DriveEntry | DriveFile {
  return row.rank === FILE_RANK ? fileAnswer(row, rights) : entryAnswer(row, row.path, rights)
}
