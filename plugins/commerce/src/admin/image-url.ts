/** The width the image editor's preview asks the drive for (docs/drive.md, "Resized images"). */
export const PREVIEW_WIDTH = 200

/**
 * The address of an image's preview: the site's own path with `width=200` added (the drive scales
 * its images down; other paths ignore it), or null for anything the admin's pages may not load
 * (another site's address: the admin's Content-Security-Policy allows only its own images).
 */
export function previewUrl(url: string): string | null {
  const trimmed = url.trim()
  if (!trimmed.startsWith('/') || trimmed.startsWith('//')) return null
  const [path, hash] = trimmed.split('#', 2) as [string, string | undefined]
  const sized = `${path}${path.includes('?') ? '&' : '?'}width=${PREVIEW_WIDTH}`
  return hash === undefined ? sized : `${sized}#${hash}`
}

/** Where the drive serves its files (docs/drive.md, "Calls"): a product picture's usual address. */
const DRIVE_LOAD = '/query/drive/load/'

/**
 * The drive path an image address loads (`/query/drive/load/public/a%20b.webp?width=400` is
 * `public/a b.webp`), or null for any other address: the image editor offers the drive's picker
 * for those, and the address field for the rest.
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
