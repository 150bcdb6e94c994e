import { once } from 'node:events'
import { crc32, createDeflate, deflateSync } from 'node:zlib'
import sharp from 'sharp'

// Images for the resize tests (unit and black-box); not part of the plugin's build.

/** An image of the size in the format, a gradient so every encoder has work to do. */
export async function testImage(
  width: number,
  height: number,
  format: 'jpeg' | 'png' | 'webp' | 'avif' | 'gif',
): Promise<Buffer> {
  const channels = 3
  const pixels = Buffer.alloc(width * height * channels)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * channels
      pixels[at] = (x * 255) / width
      pixels[at + 1] = (y * 255) / height
      pixels[at + 2] = 128
    }
  return sharp(pixels, { raw: { width, height, channels } }).toFormat(format).toBuffer()
}

/** A JPEG stored sideways with EXIF orientation 6 (turn 90 degrees clockwise to view). */
export async function sidewaysJpeg(width: number, height: number): Promise<Buffer> {
  return sharp(await testImage(width, height, 'jpeg'))
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer()
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body) >>> 0)
  return Buffer.concat([length, body, crc])
}

/**
 * A decompression bomb: a valid PNG header declaring `side` x `side` grey pixels (30000 x 30000 is
 * 900 million, about 900 MB decoded) with a few KB of deflated zero rows behind it.
 */
export function pngBomb(side = 30_000): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(side, 0)
  header.writeUInt32BE(side, 4)
  header[8] = 8 // bits per sample
  header[9] = 0 // greyscale
  const rows = deflateSync(Buffer.alloc((side + 1) * 200))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/**
 * A complete, valid PNG of `width` x `height` black pixels, 8-bit grey or (`deep`) 16-bit RGBA:
 * every row is there for a decoder to read and unfilter (each row's filter is Paeth, the dearest
 * to undo), yet the file is small, since the rows repeat and deflate about 1000 to 1 (1 x
 * 40,000,000 is some 80 KB). The rows are deflated as they are made, never held whole.
 */
export async function blackPng(width: number, height: number, deep = false): Promise<Buffer> {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = deep ? 16 : 8 // bits per sample
  header[9] = deep ? 6 : 0 // RGBA or greyscale
  const deflate = createDeflate({ level: 9 })
  const chunks: Buffer[] = []
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk))
  const ended = once(deflate, 'end')
  // Whole rows at a time, about 1 MiB: each is its filter byte (4, Paeth) and zero samples.
  const rowBytes = 1 + width * (deep ? 8 : 1)
  const rowsPerWrite = Math.max(1, Math.floor((1024 * 1024) / rowBytes))
  const rows = Buffer.alloc(rowsPerWrite * rowBytes)
  for (let row = 0; row < rowsPerWrite; row++) rows[row * rowBytes] = 4
  for (let left = height; left > 0; left -= rowsPerWrite) {
    const part = rows.subarray(0, Math.min(left, rowsPerWrite) * rowBytes)
    if (!deflate.write(part)) await once(deflate, 'drain')
  }
  deflate.end()
  await ended
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(chunks)),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/** The size and format sharp reads from bytes. */
export async function imageFacts(
  bytes: Buffer,
): Promise<{ width: number; height: number; format: string }> {
  const { width, height, format } = await sharp(bytes).metadata()
  return { width, height, format }
}
