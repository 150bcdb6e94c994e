import { splitPath, TOP_FOLDERS } from '../shared/index.js'

/**
 * Drive paths in the admin's addresses and calls (docs/drive.md, "Names"): every name is
 * percent-encoded on its own, so a name with spaces, `#` or `?` stays one segment.
 */

/** The path with each name percent-encoded, for a call or an address. */
export function encodePath(path: string): string {
  return path === '' ? '' : path.split('/').map(encodeURIComponent).join('/')
}

/**
 * The screen's place in an address: the first segment is the drive's fragment (`/drive`, or another
 * the site gives the panel), the rest is the drive path. Null when a segment does not decode (a
 * stray `%`), which the screen shows as not found.
 */
export function drivePlace(pathname: string): { base: string; path: string } | null {
  const segments = pathname.split('/').filter(Boolean)
  const base = `/${segments[0] ?? 'drive'}`
  try {
    return { base, path: segments.slice(1).map(decodeURIComponent).join('/') }
  } catch {
    return null
  }
}

/** The address of a drive path below the screen's fragment. */
export function placeUrl(base: string, path: string): string {
  return path === '' ? base : `${base}/${encodePath(path)}`
}

/** A path whose last name has a dot is a file (docs/drive.md, "Names"). */
export function isFilePath(path: string): boolean {
  return splitPath(path).name.includes('.')
}

/** The top-level folders private, public and personal: never renamed (docs/drive.md). */
export function isTopFolder(path: string): boolean {
  return (TOP_FOLDERS as readonly string[]).includes(path)
}

/** A folder the server never renames: the root, a top-level folder, or a personal folder's root. */
export function isFixedFolder(path: string): boolean {
  return path === '' || isTopFolder(path) || /^personal\/[^/]+$/.test(path)
}

/**
 * True when an administrator may set a security record on the entry: anything below a top-level
 * folder (docs/drive.md, "Folders and rights").
 */
export function takesSecurity(path: string): boolean {
  return path.includes('/')
}

/** The extension of a name in lower case, '' without one. */
export function extensionOf(name: string): string {
  const at = name.lastIndexOf('.')
  return at < 0 ? '' : name.slice(at + 1).toLowerCase()
}

export { DRIVE_BASE } from './base.js'

/** The editor screen's address of a file (`/editor?path=public/a.json`). */
export function editorUrl(path: string): string {
  return `/editor?path=${encodeURIComponent(path)}`
}
