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
