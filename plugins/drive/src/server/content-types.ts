import { contentType as typeOfName, lookup } from 'mime-types'

/**
 * Types a browser shows without running anything: served inline as themselves. Everything else a
 * browser might render as a document (HTML, SVG, XML, XHTML, and any type we do not know) gets a
 * sandbox policy, so a script in an uploaded file never runs with the site's origin
 * (docs/drive.md, "Serving files safely").
 */
const PASSIVE = [
  /^image\/(png|jpeg|gif|webp|avif|apng|bmp|x-icon|vnd\.microsoft\.icon|tiff)$/,
  /^(audio|video)\//,
  /^application\/pdf$/,
  /^application\/json$/,
  /^text\/(plain|csv|css|markdown)$/,
  /^application\/(zip|gzip|octet-stream)$/,
  /^font\//,
]

/** The content type of a file name, with a charset for text (`application/octet-stream` unknown). */
export function contentTypeOf(name: string): string {
  const found = lookup(name)
  if (!found) return 'application/octet-stream'
  return typeOfName(found) || found
}

/** True when the type could run script if a browser opened it as a page. */
export function isActiveType(contentType: string): boolean {
  const bare = contentType.split(';')[0]!.trim().toLowerCase()
  return !PASSIVE.some((pattern) => pattern.test(bare))
}

/** True for types the editor opens as text: css, html, svg, xml, js, json and csv. */
export function isTextType(contentType: string): boolean {
  const bare = contentType.split(';')[0]!.trim().toLowerCase()
  return (
    bare.startsWith('text/') ||
    /^application\/(json|xml|javascript|x-javascript|ld\+json|xhtml\+xml)$/.test(bare) ||
    bare === 'image/svg+xml'
  )
}

/**
 * The sandbox every active file is served with: no script, no plugins, no form posts, no requests
 * anywhere but inline styles and images of its own; opened directly it renders as a lone document of a
 * unique origin.
 */
export const SANDBOX_POLICY =
  "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; media-src 'self'"

/** `attachment; filename=...` for any name: an ASCII fallback and the UTF-8 name (RFC 6266, 5987). */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}
