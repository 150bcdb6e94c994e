import type { AccessFlags } from '@shopwright/core/shared'

/**
 * The drive's answers (file and folder details), shared by the server and the admin screens.
 * docs/drive.md describes every call that answers them.
 */

/** The security record that gates the drive as a whole (docs/drive.md, "Folders and rights"). */
export const DRIVE_SECURITY = 'drive'

/** The three top-level folders: they always exist and cannot be renamed, moved or deleted. */
export const TOP_FOLDERS = ['private', 'public', 'personal'] as const
export type TopFolder = (typeof TOP_FOLDERS)[number]

/** Entries per page of a folder listing (the `pagination` configuration's `folder` default). */
export const FOLDER_PAGE_SIZE = 100
/** The largest page a caller may ask for. */
export const MAX_FOLDER_PAGE_SIZE = 1000

/** The bin key type of drive entries in the shared bin: `drive|{id}` (docs/drive.md, "Bin"). */
export const DRIVE_BIN_TYPE = 'drive'

export type DriveEntryType = 'file' | 'folder'

/** One row of a listing, and the common part of every answer. */
export interface DriveEntry {
  /** The last path segment; '' for the root. */
  name: string
  /** The whole path without a leading slash, like `public/earth/earth_countries.json`; '' for the root. */
  path: string
  type: DriveEntryType
  /** Bytes of a file; 0 for a folder. */
  size: number
  /** ISO 8601 times. */
  created: string
  modified: string
  /** What the caller may do with this entry (view is always true in an answer). */
  access: AccessFlags
}

/** `get` of a file, and the answer of create, upload, rename and save for a file. */
export interface DriveFile extends DriveEntry {
  type: 'file'
  /** The content type the name gives (`application/json; charset=utf-8`). */
  contenttype: string
  /** Hex SHA-256 of the contents: changes whenever the contents do. */
  hash: string
}

/** A page of a folder: `list{path}`, and part of `get` of a folder. */
export interface DriveListing {
  list: DriveEntry[]
  /** Pass back as `nextpage` for the next page; null on the last page. */
  nextpage: string | null
  pagesize: number
}

/** `get` of a folder: its details with the first page of its contents. */
export interface DriveFolder extends DriveEntry, DriveListing {
  type: 'folder'
  /**
   * The security record set on this very folder, or null when it inherits its parent's (the
   * top-level folders inherit the `drive` record). Only administrators see it; others get null.
   */
  security: string | null
  /** The security record that decides this folder's rights: its own, an ancestor's, or `drive`. */
  effectivesecurity: string | null
}

/** Answered by delete and bin: the paths that were removed or moved to the bin. */
export interface DrivePaths {
  list: string[]
}
