/** Where the drive serves its files (docs/drive.md, "Calls"): a picture's usual address. */
const DRIVE_LOAD = '/query/drive/load/'

/**
 * The drive path an address loads (`/query/drive/load/public/a%20b.webp?width=400` is
 * `public/a b.webp`), or null for any other address, or a path with an empty, `.` or `..` part:
 * editors offer the drive's picker for those, and an address field for the rest.
 */
export function drivePathOf(url: string): string | null {
  const trimmed = url.trim()
  if (!trimmed.startsWith(DRIVE_LOAD)) return null
  const encoded = trimmed.slice(DRIVE_LOAD.length).split(/[?#]/, 1)[0]!
  try {
    const path = encoded.split('/').map(decodeURIComponent).join('/')
    return path && !path.split('/').some((part) => part === '' || part === '.' || part === '..')
      ? path
      : null
  } catch {
    return null
  }
}

/** The address that loads a drive path, each part encoded (`public/a b.webp`). */
export function driveUrlOf(path: string): string {
  return `${DRIVE_LOAD}${path.split('/').map(encodeURIComponent).join('/')}`
}
