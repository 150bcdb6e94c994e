import crypto from 'node:crypto'
import { Stream } from 'node:stream'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import compressible from 'compressible'
import type { Context, Middleware } from 'koa'
import { LRUCache } from 'lru-cache'

/** Answers under this many bytes are sent as they are: gzip's own overhead would eat the saving. */
export const COMPRESSION_THRESHOLD = 1024

/**
 * zlib's fastest level. Measured on a page of 100 records (41 KB of JSON, bench scenario
 * compressed-list): levels 1 to 4 all send 22-23% of the bytes, and each level up costs more CPU
 * than it saves bytes (requests/s at 50 connections: level 1 0.49 of uncompressed, 2 0.45, 4 0.43).
 */
export const GZIP_LEVEL = 1

/**
 * Brotli's fastest quality: the same page in 23% of the bytes at 0.53 of the uncompressed
 * requests/s when compressed every time; quality 4 saves 1% more for 0.33.
 */
export const BROTLI_QUALITY = 1

/**
 * The compressed answers kept for answers that repeat byte for byte (the same list page asked
 * again, by anyone): at most this many bytes of compressed output, least recently used dropped.
 */
export const COMPRESSED_CACHE_BYTES = 8 * 1024 * 1024
/** Answers larger than this are compressed every time, never kept: one would crowd out the rest. */
export const COMPRESSED_CACHE_LARGEST = 1024 * 1024

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)
type Encoding = 'br' | 'gzip'

/**
 * Compresses answers held in memory (JSON, text, HTML as a string or Buffer) for a client that
 * sends `Accept-Encoding`: Brotli or gzip, by the client's weights, then its order, answers of at
 * least 1 KB only, and only types that are worth it (`compressible`, so images, zips and other
 * archives never are). It leaves alone:
 *
 * - streamed bodies: whoever streams chose the encoding (the drive gzips text files itself, ranges
 *   and ETags included; its zips and files are sent as stored; an event stream must not wait in a
 *   compressor's buffer);
 * - answers with a Content-Encoding already (the storefront's Brotli pages, the admin's and the
 *   theme's precompressed files);
 * - answers with an ETag, a Content-Range or a 206: their validator and byte ranges describe the
 *   bytes as they are;
 * - `Cache-Control: no-transform`, HEAD, and answers without a body.
 *
 * An answer is compressed in one call on libuv's threads, not through a stream. Its compressed
 * bytes are kept by the SHA-256 of its text (and the encoding), so an answer that repeats, which
 * lists and pages mostly are, costs a hash instead of a compression (docs/benchmarks.md,
 * compressed-list: 0.94 of the uncompressed requests/s for a repeated page; an answer never seen
 * before still costs its compression, about 0.5). Keeping them reveals nothing: a hit gives the bytes of the very same text, the
 * bytes compressing it again would give, whoever asked before.
 *
 * It goes outermost, so everything after it (`/query`, pages, error answers) is covered, and
 * whatever sets validators or caches has run before it looks.
 */
export function compression(): Middleware {
  const kept = new LRUCache<string, Buffer>({
    maxSize: COMPRESSED_CACHE_BYTES,
    sizeCalculation: (value, key) => value.length + key.length,
  })
  const compressAfter = async (ctx: Context, next: () => Promise<unknown>): Promise<void> => {
    await next()
    const text = compressibleBody(ctx)
    if (!text) return
    const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity')
    if (encoding !== 'br' && encoding !== 'gzip') return
    const key = text.length <= COMPRESSED_CACHE_LARGEST ? cacheKey(encoding, text) : undefined
    let compressed = key === undefined ? undefined : kept.get(key)
    if (!compressed) {
      compressed = await compress(encoding, text)
      if (key !== undefined) kept.set(key, compressed)
    }
    ctx.set('Content-Encoding', encoding)
    ctx.body = compressed
  }
  return (ctx, next) => {
    // What ctx.vary() does, without parsing a header that is not there yet (every request).
    if (ctx.res.hasHeader('Vary')) ctx.vary('Accept-Encoding')
    else ctx.res.setHeader('Vary', 'Accept-Encoding')
    // Nothing to negotiate (most API clients, health probes): no await, no promise of its own.
    if (!ctx.request.headers['accept-encoding']) return next()
    return compressAfter(ctx, next)
  }
}

/** The answer's bytes when it should be compressed; undefined when it is left as it is. */
function compressibleBody(ctx: Context): Buffer | undefined {
  const body: unknown = ctx.body
  if (body === null || body === undefined || ctx.method === 'HEAD') return undefined
  if (isStreamed(body)) return undefined
  if (ctx.status === 206 || ctx.status === 204 || ctx.status === 304) return undefined
  const response = ctx.response
  if (
    response.get('Content-Encoding') ||
    response.get('Content-Range') ||
    response.get('ETag') ||
    /\bno-transform\b/i.test(response.get('Cache-Control'))
  )
    return undefined
  if (!compressible(response.type)) return undefined
  if (Buffer.isBuffer(body)) return body.length >= COMPRESSION_THRESHOLD ? body : undefined
  // An object is written out once, here, and kept as the answer: one too small to compress is
  // then sent as this text, not written out by Koa a second time.
  const json = typeof body === 'string' ? body : JSON.stringify(body)
  if (typeof body !== 'string') ctx.body = json
  if (Buffer.byteLength(json) < COMPRESSION_THRESHOLD) return undefined
  return Buffer.from(json)
}

function cacheKey(encoding: Encoding, text: Buffer): string {
  return `${encoding}:${crypto.createHash('sha256').update(text).digest('base64')}`
}

function compress(encoding: Encoding, text: Buffer): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(text, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: text.length,
        },
      })
    : gzip(text, { level: GZIP_LEVEL })
}

/** Bodies Koa streams (Node and web streams, Blobs, Responses) and binary views. */
function isStreamed(body: unknown): boolean {
  return (
    body instanceof Stream ||
    body instanceof ReadableStream ||
    body instanceof Blob ||
    body instanceof Response ||
    (ArrayBuffer.isView(body) && !Buffer.isBuffer(body)) ||
    (typeof body === 'object' && typeof (body as { pipe?: unknown }).pipe === 'function')
  )
}
