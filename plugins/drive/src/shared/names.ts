/**
 * Drive names and paths (docs/drive.md, "Names"; the exact rule and its reasons are in the
 * package's README, "Names on every system"). Browser-safe: the admin checks a prompted name with
 * the same rules before it asks the server, which checks again.
 *
 * The base rules: a file name contains a dot, a folder name does not, and neither contains '/',
 * backslash, CR, LF, tab or comma (the comma separates paths in delete, bin and download). On top,
 * because names become URLs, zip entries and download file names on every operating system, a
 * name that is made (create, upload, rename, move, import) must also have:
 * - no control character (C0, DEL, C1), no bidirectional control (a name that shows reversed), no
 *   zero-width or other invisible character, no line or paragraph separator; except the joiners
 *   ZWNJ and ZWJ (U+200C, U+200D) that Persian, Indic scripts and emoji sequences need: either
 *   between two letters or marks, and ZWJ between two emoji (`JOINER_FITS`);
 * - none of the characters Windows refuses in a file name: `: * ? " < > |`;
 * - no leading or trailing space, no trailing dot, and not only dots or spaces (Windows drops a
 *   trailing space or dot, so `a.txt.` would unpack as another file's name);
 * - not a name Windows reserves for a device (CON, PRN, AUX, NUL, COM0-9, LPT0-9, CONIN$, CONOUT$,
 *   with or without an extension), so a downloaded zip unpacks anywhere;
 * - at most 255 characters, and a whole path of at most 700 (what one database index holds);
 * - names are stored in Unicode NFC, so a name typed on one system and uploaded from another is
 *   the same name.
 *
 * Entries made before some of these rules (older sites) keep their names: a path that names an
 * existing entry is read with the base rules only (`pathNameProblem`), and a download zip or export
 * writes such a name through `portableName`.
 */

export const MAX_NAME_LENGTH = 255
export const MAX_PATH_LENGTH = 700
/** Folders deep below the root, the top-level folder included. */
export const MAX_DEPTH = 32

export type NameProblem = 'ERROR_INVALID_FILE_NAME' | 'ERROR_INVALID_FOLDER_NAME'

// What a path's names never hold, whenever they were made: the separators of paths and lists,
// and C0 controls (CR, LF, tab, NUL) and DEL.
// eslint-disable-next-line no-control-regex
const SEPARATOR_OR_CONTROL = /[/\\,\u0000-\u001f\u007f]/
// What a new name may not hold either: Windows' refused characters, C1 controls, bidirectional
// controls (which make `gpj.exe` show as `exe.jpg`), zero-width and invisible characters (a name
// that looks like another), and the line and paragraph separators. The joiners ZWNJ and ZWJ are
// checked apart (MISPLACED_JOINER): Persian words and emoji sequences need them where they join.
const UNPORTABLE =
  // eslint-disable-next-line no-control-regex
  /[/\\,:*?"<>|\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b\u200e\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/
const UNPORTABLE_ALL = new RegExp(UNPORTABLE.source, 'g')
// A ZWNJ or ZWJ that joins nothing: only where it neither stands between two letters or marks
// (Persian `می‌خواهم`, Devanagari `क्‍ष`) nor, a ZWJ, between two emoji (`👩‍💻`, `🏳️‍🌈`: after an
// emoji's variation selector or skin tone). At the start or end, doubled, or alone it hides in a
// name that then looks like another, so it is refused as the other invisible characters are.
const LETTER_OR_MARK = '[\\p{L}\\p{M}]'
const EMOJI_BEFORE = '[\\p{Extended_Pictographic}\\p{Emoji_Modifier}\\ufe0f]'
const EMOJI_AFTER = '\\p{Extended_Pictographic}'
const JOINER_FITS = new RegExp(
  `(?<=${LETTER_OR_MARK})[\\u200c\\u200d](?=${LETTER_OR_MARK})|(?<=${EMOJI_BEFORE})\\u200d(?=${EMOJI_AFTER})`,
  'gu',
)
const MISPLACED_JOINER = /[\u200c\u200d]/g
// Windows' device names, with or without an extension, spaces before the dot included.
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$) *(\.|$)/i

/** The kind a name stands for: a name with a dot is a file (docs/drive.md, "Calls": create). */
export function kindOfName(name: string): 'file' | 'folder' {
  return name.includes('.') ? 'file' : 'folder'
}

/** The name as stored: Unicode NFC. */
export function normalizeName(name: string): string {
  return name.normalize('NFC')
}

/** Null when the name is a valid new file (or folder) name, else the code that refuses it. */
export function nameProblem(name: string, kind: 'file' | 'folder'): NameProblem | null {
  return nameFault(name, kind) === null ? null : codeFor(kind)
}

/**
 * Why a new file (or folder) name is refused, in a few words for the error's reason, or null
 * when it is valid (the rules above).
 */
export function nameFault(name: string, kind: 'file' | 'folder'): string | null {
  const base = baseFault(name, kind)
  if (base !== null) return base
  const bad = UNPORTABLE.exec(name)
  if (bad) return `it contains ${characterName(bad[0])}`
  const joiner = misplacedJoiner(name)
  if (joiner !== null)
    return `it contains ${characterName(joiner)} that joins no two letters or emoji`
  if (name.endsWith('.')) return 'it ends with a dot'
  if (WINDOWS_DEVICE.test(name)) return 'it is a name Windows keeps for a device'
  return null
}

/**
 * Null when the name may stand in a path that names an existing entry, else the code that refuses
 * it: the base rules only (length, the dot, no separator or C0 control, not only dots or spaces,
 * no leading or trailing space), which every name the drive ever stored meets, so an entry named
 * before the other rules were added can still be read, downloaded, renamed, binned and deleted.
 */
export function pathNameProblem(name: string, kind: 'file' | 'folder'): NameProblem | null {
  return baseFault(name, kind) === null ? null : codeFor(kind)
}

/**
 * A stored name as it is written into a zip (a download or an export): every character a new name
 * may not hold becomes `_`, a name ending in a dot or space gets `_` after it, and a Windows device
 * name gets `_` before it (`a:b?.txt` → `a_b_.txt`, `notes.` → `notes._`, `CON.txt` → `_CON.txt`).
 * A valid name is returned as it is; a file keeps its dot and its extension.
 */
export function portableName(name: string): string {
  let portable = withoutMisplacedJoiners(name).replace(UNPORTABLE_ALL, '_')
  if (/[. ]$/.test(portable)) portable += '_'
  if (WINDOWS_DEVICE.test(portable)) portable = `_${portable}`
  return portable
}

/** The first ZWNJ or ZWJ of a name that joins nothing (see JOINER_FITS), or null. */
function misplacedJoiner(name: string): string | null {
  const bad = /[\u200c\u200d]/.exec(name.replace(JOINER_FITS, ''))
  return bad ? bad[0] : null
}

/** The name with every joiner that joins nothing as `_`, those that join kept. */
function withoutMisplacedJoiners(name: string): string {
  let result = ''
  let last = 0
  for (const fit of name.matchAll(JOINER_FITS)) {
    result += name.slice(last, fit.index).replace(MISPLACED_JOINER, '_') + fit[0]
    last = fit.index + fit[0].length
  }
  return result + name.slice(last).replace(MISPLACED_JOINER, '_')
}

const codeFor = (kind: 'file' | 'folder'): NameProblem =>
  kind === 'file' ? 'ERROR_INVALID_FILE_NAME' : 'ERROR_INVALID_FOLDER_NAME'

function baseFault(name: string, kind: 'file' | 'folder'): string | null {
  if (typeof name !== 'string' || name.length === 0) return 'it is empty'
  if (name.length > MAX_NAME_LENGTH) return `it is longer than ${MAX_NAME_LENGTH} characters`
  if (kind === 'file' && !name.includes('.')) return 'a file name needs a dot'
  if (kind === 'folder' && name.includes('.')) return 'a folder name has no dot'
  const bad = SEPARATOR_OR_CONTROL.exec(name)
  if (bad) return `it contains ${characterName(bad[0])}`
  if (/^[.\s]+$/.test(name)) return 'it is only dots or spaces'
  if (name.trim() !== name) return 'it starts or ends with a space'
  return null
}

/** A character as a reason shows it: printable ones quoted, the others as U+XXXX. */
function characterName(character: string): string {
  const code = character.codePointAt(0)!
  return code > 0x20 && code < 0x7f
    ? `"${character}"`
    : `U+${code.toString(16).toUpperCase().padStart(4, '0')}`
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
