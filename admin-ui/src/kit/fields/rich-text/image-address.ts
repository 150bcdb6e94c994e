/** Where the drive serves its files (docs/drive.md, "Calls"). */
const DRIVE_LOAD = '/query/drive/load/'

/** The address that loads a drive path, each part encoded (`public/a b.webp`). */
export function driveAddress(path: string): string {
  return DRIVE_LOAD + path.split('/').map(encodeURIComponent).join('/')
}

/** The drive path an address loads, or null for any other address. */
export function drivePathOf(src: string): string | null {
  if (!src.startsWith(DRIVE_LOAD)) return null
  try {
    const path = src
      .slice(DRIVE_LOAD.length)
      .split(/[?#]/, 1)[0]!
      .split('/')
      .map(decodeURIComponent)
    return path.some((part) => part === '' || part === '.' || part === '..') ? null : path.join('/')
  } catch {
    return null
  }
}

/**
 * Whether the server keeps an image's address (plugins/records/src/server/html-content.ts):
 * http(s), or a path of this site.
 */
export function allowedImage(src: string): boolean {
  const trimmed = src.trim()
  if (trimmed === '' || trimmed.startsWith('//')) return false
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1]?.toLowerCase()
  return scheme === undefined ? trimmed.startsWith('/') : scheme === 'http' || scheme === 'https'
}
