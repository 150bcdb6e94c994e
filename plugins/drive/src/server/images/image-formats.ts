/** The raster formats the drive resizes. */
export type RasterFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif'

/** What a resized image is written as. */
export type OutputFormat = 'jpeg' | 'png' | 'webp'

/**
 * The format a variant of each source is written in: the source's own for JPEG, PNG and WebP; WebP
 * for AVIF (encoding AVIF costs several times the CPU, and every browser that shows AVIF shows
 * WebP); PNG for a GIF's first frame (lossless, keeps its transparency). One format per source, so
 * the answer never depends on the request's Accept header and caches need no `Vary`.
 */
export const OUTPUT_FORMAT: Readonly<Record<RasterFormat, OutputFormat>> = {
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  avif: 'webp',
  gif: 'png',
}

export const OUTPUT_TYPE: Readonly<Record<OutputFormat, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
}

/** Content types (from the file's name) whose `load` takes a resize. Others ignore it. */
const RESIZABLE_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/gif',
])

/** True when a file of this content type is resized on a `load` with width or height. */
export function isResizableType(contentType: string | null): boolean {
  return (
    contentType !== null && RESIZABLE_TYPES.has(contentType.split(';')[0]!.trim().toLowerCase())
  )
}

const startsWith = (bytes: Buffer, signature: readonly number[], at = 0): boolean =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte)

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0))

/**
 * The raster format the bytes start with, from their signature, or null. The decoder is only
 * handed bytes that start like one of the five, so an SVG, a PDF or anything else named `.png`
 * never reaches librsvg, poppler or another of libvips' loaders.
 */
export function sniffRaster(bytes: Buffer): RasterFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp'
  if (isAvif(bytes)) return 'avif'
  return null
}

/**
 * An ISO-BMFF file whose first box is `ftyp` naming the AVIF image or sequence brand, as its major
 * brand or a compatible one (`mif1` files list `avif` there). HEIC and other HEIF files are not.
 */
function isAvif(bytes: Buffer): boolean {
  if (!startsWith(bytes, ascii('ftyp'), 4)) return false
  const boxSize = bytes.readUInt32BE(0)
  if (boxSize < 16 || boxSize > 256 || boxSize > bytes.length) return false
  // The major brand at 8, the minor version at 12, then the compatible brands.
  for (let at = 8; at + 4 <= boxSize; at += at === 8 ? 8 : 4) {
    if (startsWith(bytes, ascii('avif'), at) || startsWith(bytes, ascii('avis'), at)) return true
  }
  return false
}
