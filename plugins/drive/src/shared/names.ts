/**
 * Drive names and paths (docs/drive.md, "Names"). Browser-safe: the admin checks a prompted name
 * with the same rules before it asks the server, which checks again.
 *
 * The base rules: a file name contains a dot, a folder name does not, and neither contains '/',
 * backslash, CR, LF, tab or comma (the comma separates paths in delete, bin and download). On top,
 * because names become URLs, zip entries and download file names on every operating system:
 * - no control character (NUL included), no bidirectional control (a name that shows reversed), and
 *   no name of only dots or spaces;
 * - no leading or trailing space (invisible, and Windows drops a trailing one);
 * - not a name Windows reserves for a device (CON, PRN, AUX, NUL, COM1-9, LPT1-9, with any extension),
 *   so a downloaded zip unpacks anywhere;
 * - at most 255 characters, and a whole path of at most 700 (what one database index holds);
 * - names are stored in Unicode NFC, so a name typed on one system and uploaded from another is
 *   the same name.
 */

export const MAX_NAME_LENGTH = 255
export const MAX_PATH_LENGTH = 700
/** Folders deep below the root, the top-level folder included. */
export const MAX_DEPTH = 32

export type NameProblem = 'ERROR_INVALID_FILE_NAME' | 'ERROR_INVALID_FOLDER_NAME'

// Control characters, and the bidirectional controls that make `gpj.exe` show as `exe.jpg`.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[/\\,\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\.|$)/i

/** The kind a name stands for: a name with a dot is a file (docs/drive.md, "Calls": create). */
export function kindOfName(name: string): 'file' | 'folder' {
  return name.includes('.') ? 'file' : 'folder'
}

/** The name as stored: Unicode NFC. */
export function normalizeName(name: string): string {
  return name.normalize('NFC')
}

/** Null when the name is a valid file (or folder) name, else the code that refuses it. */
export function nameProblem(name: string, kind: 'file' | 'folder'): NameProblem | null {
  const code: NameProblem =
    kind === 'file' ? 'ERROR_INVALID_FILE_NAME' : 'ERROR_INVALID_FOLDER_NAME'
  if (typeof name !== 'string' || name.length === 0 || name.length > MAX_NAME_LENGTH) return code
  if (kind === 'file' ? !name.includes('.') : name.includes('.')) return code
  if (FORBIDDEN.test(name)) return code
  if (name.trim() !== name || /^[.\s]+$/.test(name)) return code
  if (WINDOWS_DEVICE.test(name)) return code
  return null
}

/** The folder part and the last name of a path (`a/b/c.txt` → `a/b`, `c.txt`). */
export function splitPath(path: string): { parent: string; name: string } {
  const at = path.lastIndexOf('/')
  return at < 0
    ? { parent: '', name: path }
    : { parent: path.slice(0, at), name: path.slice(at + 1) }
}

/** Joins a folder path and a name (the root is ''). */
export function joinPath(parent: string, name: string): string {
  return parent === '' ? name : `${parent}/${name}`
}

/** The top-level folder a path lies in, or null for the root. */
export function topFolderOf(path: string): string | null {
  if (path === '') return null
  const at = path.indexOf('/')
  return at < 0 ? path : path.slice(0, at)
}

/**
 * Extensions a picker filter allows: a comma-separated list of extensions and the keywords `image`
 * (jpg, png, svg, gif, jpeg, apng, tif, tiff, icon) and `folder`; empty: any.
 */
export function pickerFilter(filter: string | null | undefined): {
  any: boolean
  folders: boolean
  extensions: Set<string>
} {
  const words = (filter ?? '')
    .split(',')
    .map((word) => word.trim().toLowerCase().replace(/^\./, ''))
    .filter(Boolean)
  const extensions = new Set<string>()
  let folders = false
  for (const word of words) {
    if (word === 'folder') folders = true
    else if (word === 'image')
      for (const ext of ['jpg', 'png', 'svg', 'gif', 'jpeg', 'apng', 'tif', 'tiff', 'icon', 'ico'])
        extensions.add(ext)
    else extensions.add(word)
  }
  return { any: words.length === 0, folders, extensions }
}

/** True when a picker with this filter lets the entry be chosen. */
export function pickerAllows(
  filter: ReturnType<typeof pickerFilter>,
  entry: { name: string; type: 'file' | 'folder' },
): boolean {
  if (filter.any) return true
  if (entry.type === 'folder') return filter.folders
  const at = entry.name.lastIndexOf('.')
  return at >= 0 && filter.extensions.has(entry.name.slice(at + 1).toLowerCase())
}
