import { contentType as typeOfName, lookup } from 'mime-types'

/**
 * Types served as themselves (docs/drive.md, "Serving files safely"): raster images, fonts, audio
 * and video, PDF, and plain data. None of them is a script, a stylesheet or a page, so with
 * `nosniff` a page of the site can use them only as what they are.
 */
const SERVED_AS_THEMSELVES = [
  /^image\/(png|jpeg|gif|webp|avif|apng|bmp|x-icon|vnd\.microsoft\.icon|tiff)$/,
  /^font\//,
  /^(audio|video)\//,
  /^application\/pdf$/,
  /^text\/(plain|csv)$/,
  /^application\/json$/,
]

/**
 * The sandbox an SVG and every file not served as itself carry: no script, no plugins, no form
 * posts, no requests anywhere but inline styles and images of its own; opened directly it renders
 * as a lone document of a unique origin.
 */
export const SANDBOX_POLICY =
  "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; media-src 'self'"

/**
 * A PDF's: the sandbox alone. A `default-src` would also block the styles of the page a browser's
 * PDF viewer draws around the document.
 */
export const PDF_POLICY = 'sandbox'

/**
 * How a file of this stored type is served: the type on the wire and the policy it carries.
 * - Raster images, fonts, audio, video and plain data: as themselves, no policy.
 * - PDF: as itself, in a bare `sandbox`.
 * - SVG: an image that can hold script, so as itself (pages show it in `<img>`, where it never
 *   runs) with the full sandbox policy, as before, for when it is opened as a page.
 * - Everything else (JavaScript, CSS, HTML, XML, Markdown, archives, unknown types):
 *   `application/octet-stream` with the sandbox policy. With `nosniff`, a browser refuses it as a
 *   script or a stylesheet, and opened directly it is downloaded, never rendered.
 */
export function servedAs(contentType: string): { type: string; policy: string | null } {
  const bare = contentType.split(';')[0]!.trim().toLowerCase()
  if (bare === 'application/pdf') return { type: contentType, policy: PDF_POLICY }
  if (SERVED_AS_THEMSELVES.some((pattern) => pattern.test(bare)))
    return { type: contentType, policy: null }
  if (bare === 'image/svg+xml') return { type: contentType, policy: SANDBOX_POLICY }
  return { type: 'application/octet-stream', policy: SANDBOX_POLICY }
}

/** The content type of a file name, with a charset for text (`application/octet-stream` unknown). */
export function contentTypeOf(name: string): string {
  const found = lookup(name)
  if (!found) return 'application/octet-stream'
  return typeOfName(found) || found
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

/** `attachment; filename=...` for any name: an ASCII fallback and the UTF-8 name (RFC 6266, 5987). */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}
