import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import {
  brotliCompress,
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  gzip,
  type BrotliCompress,
  type Gzip,
} from 'node:zlib'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

export type Encoding = 'br' | 'gzip'

/** Text files worth compressing. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt)$/

/** Brotli at its best for files compressed once and served many times; gzip for older clients. */
export function compress(data: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      })
    : gzipAsync(data, { level: 9 })
}

/**
 * Brotli's quality for rendered pages, cached or streamed: a page of the sample shop (30-60 KB of
 * HTML) goes out in about a sixth of its bytes for well under a millisecond; the static files'
 * quality 11 would cost tens of milliseconds per page.
 */
export const PAGE_BROTLI_QUALITY = 5
/** gzip's level for the few clients without Brotli: zlib's default, about Brotli 5's cost. */
export const PAGE_GZIP_LEVEL = 6

/** A rendered page in Brotli at a middle quality (base64, as cached values are JSON). */
export function compressPage(html: string): string {
  return brotliCompressSync(html, {
    params: { [constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY },
  }).toString('base64')
}

/**
 * A compressing stream for a page as it renders, in the encoding given. Its output goes out as
 * zlib fills its buffers; `flush()` sends what it holds at once (the page's head).
 */
export function pageCompressor(encoding: Encoding): BrotliCompress | Gzip {
  return encoding === 'br'
    ? createBrotliCompress({
        params: {
          [constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      })
    : createGzip({ level: PAGE_GZIP_LEVEL })
}

/**
 * A theme's built files compressed once, on first request, and kept: they are immutable (hashed
 * names), so every theme gets compression whether or not its build writes `.br` files.
 */
export class CompressedFiles {
  private readonly cache = new Map<string, Promise<Buffer | null>>()

  constructor(private readonly root: string) {}

  /** The compressed bytes of a built file, or null (not compressible, missing, outside the root). */
  get(file: string, encoding: Encoding): Promise<Buffer | null> {
    const key = `${encoding}:${file}`
    let entry = this.cache.get(key)
    if (!entry) {
      entry = this.load(file, encoding)
      this.cache.set(key, entry)
      // Only real files stay: a miss (any made-up name) or a failed read is not kept, so requests
      // for files that do not exist cannot grow memory.
      void entry.then((data) => data ?? this.cache.delete(key))
    }
    return entry
  }

  private async load(file: string, encoding: Encoding): Promise<Buffer | null> {
    if (!COMPRESSIBLE.test(file)) return null
    const full = path.resolve(this.root, file)
    if (!full.startsWith(path.resolve(this.root) + path.sep)) return null
    try {
      return await compress(await fs.promises.readFile(full), encoding)
    } catch {
      return null
    }
  }
}
