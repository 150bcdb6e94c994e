import type sharpModuleType from 'sharp'
import type { Sharp as SharpPipeline } from 'sharp'
import { sniffRaster, type OutputFormat, type RasterFormat } from './image-formats.js'
import type { Size } from './resize-box.js'

/**
 * The most pixels (width x height of the first frame) a source may have to be resized: a few KB of
 * PNG can declare 30000 x 30000 (900 million pixels, gigabytes once decoded). Larger sources are
 * refused from their header, before any pixel is decoded. 40 million covers a 7,700 x 5,200 photo.
 */
export const MAX_INPUT_PIXELS = 40_000_000

/** The longest one resize may take; libvips stops the work past it. */
export const RESIZE_TIMEOUT_SECONDS = 30

/** What the header of a source says: its format and its size upright (EXIF orientation applied). */
export interface SourceFacts extends Size {
  format: RasterFormat
}

/** A resize: the exact size (aspect ratio already worked out) and the format to write. */
export interface ResizeTarget extends Size {
  format: OutputFormat
}

/** The bytes start like an image but cannot be decoded (a broken or truncated file). */
export class ImageDecodeError extends Error {
  override name = 'ImageDecodeError'
}

/** The resize ran past RESIZE_TIMEOUT_SECONDS. */
export class ImageTimeoutError extends Error {
  override name = 'ImageTimeoutError'
}

/**
 * Reads and resizes images. The drive's variants call it through this seam, so a test can count
 * the decodes or stand in for libvips.
 */
export interface ImageCodec {
  /**
   * The facts of a source, from its header only (no pixel is decoded): null when the bytes are not
   * one of the raster formats the drive resizes; ImageDecodeError when they start like one but the
   * header cannot be read.
   */
  inspect(bytes: Buffer): Promise<SourceFacts | null>
  /**
   * The source scaled to exactly the target's size, upright, first frame only, without its
   * metadata (EXIF, GPS, comments). Refuses a source over MAX_INPUT_PIXELS before decoding it.
   */
  resize(bytes: Buffer, target: ResizeTarget): Promise<Buffer>
}

type Sharp = typeof sharpModuleType
let sharpModule: Promise<Sharp> | undefined

/** sharp (libvips) loads on the first resize, not at start: a node that never resizes stays small. */
function loadSharp(): Promise<Sharp> {
  sharpModule ??= import('sharp').then((module) => module.default)
  return sharpModule
}

/** sharp's name for each format's decoder, as its metadata says it. */
const DECODER: Readonly<Record<RasterFormat, string>> = {
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  avif: 'heif',
}

/** The image codec on sharp (libvips): the one the plugin runs. */
export const sharpCodec: ImageCodec = {
  async inspect(bytes) {
    const format = sniffRaster(bytes)
    if (format === null) return null
    const sharp = await loadSharp()
    let metadata
    try {
      // The header only: the pixel limit is applied by the caller from the size read here, so a
      // refused bomb still says how large it claims to be.
      metadata = await sharp(bytes, { limitInputPixels: false }).metadata()
    } catch (error) {
      throw new ImageDecodeError(`the ${format} header cannot be read`, { cause: error })
    }
    // The signature and the decoder libvips picks must agree (an AVIF brand on HEVC data is HEIC).
    if (
      metadata.format !== DECODER[format] ||
      (format === 'avif' && metadata.compression !== 'av1')
    )
      return null
    const { width, height } = metadata.autoOrient
    if (!(width > 0 && height > 0)) throw new ImageDecodeError(`the ${format} header gives no size`)
    return { format, width, height }
  },

  async resize(bytes, target) {
    const sharp = await loadSharp()
    const pipeline = sharp(bytes, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'error',
      autoOrient: true,
      sequentialRead: true,
    })
      .timeout({ seconds: RESIZE_TIMEOUT_SECONDS })
      .resize(target.width, target.height, { fit: 'fill' })
    try {
      return await encode(pipeline, target.format).toBuffer()
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      if (/timeout/i.test(message))
        throw new ImageTimeoutError(`the resize took more than ${RESIZE_TIMEOUT_SECONDS} s`, {
          cause: error,
        })
      throw new ImageDecodeError(message, { cause: error })
    }
  },
}

/** The encoder of each output format: quality for photos, sharp's defaults otherwise. */
function encode(pipeline: SharpPipeline, format: OutputFormat): SharpPipeline {
  if (format === 'jpeg') return pipeline.jpeg({ quality: 80 })
  if (format === 'webp') return pipeline.webp({ quality: 80 })
  return pipeline.png()
}
