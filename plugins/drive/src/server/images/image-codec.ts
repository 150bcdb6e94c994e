import type sharpModuleType from 'sharp'
import { ImageDecodeError } from './image-errors.js'
import { sniffRaster, type OutputFormat, type RasterFormat } from './image-formats.js'
import { ResizeProcesses } from './resize-processes.js'
import type { Size } from './resize-box.js'

export { ImageDecodeError, ImageTimeoutError } from './image-errors.js'

/**
 * The most pixels (width x height of the first frame) a source may have to be resized: a few KB of
 * PNG can declare 30000 x 30000 (900 million pixels, gigabytes once decoded). Larger sources are
 * refused from their header, before any pixel is decoded. 40 million covers a 7,700 x 5,200 photo.
 */
export const MAX_INPUT_PIXELS = 40_000_000

/**
 * The longest side a source may have to be resized, width and height each: a thin image is cheap
 * in pixels and dear in time (a 1 x 40,000,000 PNG, within MAX_INPUT_PIXELS, took 53 s). 16,384
 * takes a 16,384 x 2,400 panorama and every camera's photo.
 */
export const MAX_INPUT_SIDE = 16_384

/** The default of DRIVE_RESIZE_TIMEOUT: milliseconds one resize may take before it is stopped. */
export const DEFAULT_RESIZE_TIMEOUT_MS = 30_000

/** What the header of a source says: its format and its size upright (EXIF orientation applied). */
export interface SourceFacts extends Size {
  format: RasterFormat
}

/** A resize: the exact size (aspect ratio already worked out) and the format to write. */
export interface ResizeTarget extends Size {
  format: OutputFormat
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
   * metadata (EXIF, GPS, comments). Refuses a source over MAX_INPUT_PIXELS before decoding it
   * (ImageDecodeError); ImageTimeoutError past the deadline.
   */
  resize(bytes: Buffer, target: ResizeTarget): Promise<Buffer>
  /** Stops what it runs resizes in, when the drive stops. */
  close?(): Promise<void>
}

type Sharp = typeof sharpModuleType
let sharpModule: Promise<Sharp> | undefined

/**
 * sharp (libvips) loads on the first header read, not at start: a node that never resizes stays
 * small.
 */
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

/**
 * The image codec on sharp (libvips): the one the plugin runs. Headers are read in this process
 * (no pixel is decoded); resizes run in child processes killed at the deadline
 * (resize-processes.ts).
 */
export class SharpCodec implements ImageCodec {
  constructor(readonly processes: ResizeProcesses) {}

  async inspect(bytes: Buffer): Promise<SourceFacts | null> {
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
  }

  resize(bytes: Buffer, target: ResizeTarget): Promise<Buffer> {
    return this.processes.resize(bytes, target, MAX_INPUT_PIXELS)
  }

  close(): Promise<void> {
    return this.processes.close()
  }
}

/** A codec with the default deadline, for the unit tests. */
export const sharpCodec = new SharpCodec(
  new ResizeProcesses({ deadlineMs: DEFAULT_RESIZE_TIMEOUT_MS }),
)
