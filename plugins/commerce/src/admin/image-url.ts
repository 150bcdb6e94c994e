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

// The drive's addresses are the admin kit's, shared with the rich-text editor's pictures.
export { drivePathOf, driveUrlOf } from '@shopwright/admin-ui/kit'
