import type sharpModuleType from 'sharp'
import { createError } from '@shopwright/core'

type Sharp = typeof sharpModuleType
let sharpModule: Promise<Sharp> | undefined

/** sharp (libvips) loads on the first upload or resize, not at start: idle nodes stay small. */
function loadSharp(): Promise<Sharp> {
  sharpModule ??= import('sharp').then((module) => module.default)
  return sharpModule
}

/** Raster formats an upload may be in; the stored copy is always WebP. */
const ACCEPTED = new Set(['png', 'jpeg', 'gif', 'webp'])

/** The side of a stored account image; larger uploads are scaled down to it. */
export const IMAGE_SIDE = 512

/**
 * A picture bigger than this many pixels is refused before it is decoded: a small file can
 * declare a huge canvas (a decompression bomb).
 */
export const MAX_INPUT_PIXELS = 40_000_000

export type UploadKind = 'svg' | 'raster'

/** What an upload holds, from its bytes rather than its name or declared type. */
export async function kindOf(data: Buffer): Promise<UploadKind> {
  const sharp = await loadSharp()
  let format: string | undefined
  try {
    ;({ format } = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata())
  } catch {
    throw createError('ERROR_IMAGE_TYPE', { reason: 'The file is not an image.' })
  }
  if (format === 'svg') return 'svg'
  if (format && ACCEPTED.has(format)) return 'raster'
  throw createError('ERROR_IMAGE_TYPE', {
    reason: `The ${format ?? 'unknown'} format is not accepted.`,
  })
}

/**
 * An uploaded picture as the square WebP that is stored: decoded (refusing broken files and
 * bombs), cropped to a square around its centre, scaled down to IMAGE_SIDE and re-encoded. The
 * re-encoding drops EXIF data (a phone photo's GPS position) and anything hidden after the image.
 */
export async function normaliseRaster(data: Buffer): Promise<Buffer> {
  const sharp = await loadSharp()
  try {
    return await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(IMAGE_SIDE, IMAGE_SIDE, { fit: 'cover', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer()
  } catch (error) {
    throw createError('ERROR_IMAGE_TYPE', {
      reason: `The image cannot be read: ${(error as Error).message}`,
    })
  }
}

/** Checks that sanitised SVG text still draws (librsvg parses it), else refuses it. */
export async function checkSvgDraws(svg: string): Promise<void> {
  const sharp = await loadSharp()
  try {
    await sharp(Buffer.from(svg), { limitInputPixels: MAX_INPUT_PIXELS }).metadata()
  } catch {
    throw createError('ERROR_IMAGE_TYPE', { reason: 'The SVG cannot be drawn.' })
  }
}

/** A stored WebP scaled to the asked size (the spec's optional `width`/`height` resize query). */
export async function resizeRaster(data: Buffer, width?: number, height?: number): Promise<Buffer> {
  const sharp = await loadSharp()
  return sharp(data).resize(width, height, { fit: 'cover' }).webp({ quality: 82 }).toBuffer()
}
