import { Stream } from 'node:stream'
import zlib from 'node:zlib'
import type { Context, Middleware } from 'koa'
import koaCompress from 'koa-compress'

/** Answers under this many bytes are sent as they are: gzip's own overhead would eat the saving. */
export const COMPRESSION_THRESHOLD = 1024

/**
 * zlib's fastest level. Measured on a page of 100 records (41 KB of JSON, bench scenario
 * compressed-list): levels 1 to 4 all send 22-23% of the bytes, and each level up costs more CPU
 * than it saves bytes (requests/s at 50 connections: level 1 0.49 of uncompressed, 2 0.45, 4 0.43).
 */
export const GZIP_LEVEL = 1

/**
 * Brotli's fastest quality, which browsers get (koa-compress prefers Brotli on a tie): the same page
 * in 23% of the bytes at 0.53 of the uncompressed requests/s; quality 4 (koa-compress's default)
 * saves 1% more for 0.33, and quality 2 streamed costs several times quality 1's CPU.
 */
export const BROTLI_QUALITY = 1

/**
 * Compresses answers held in memory (JSON, text, HTML as a string or Buffer) for a client that
 * sends `Accept-Encoding`: Brotli or gzip (koa-compress picks by the client's weights, Brotli on a
 * tie), answers of at least 1 KB only, and only types that are worth it (koa-compress's default
 * filter: `compressible`, so images, zips and other archives never are). It leaves alone:
 *
 * - streamed bodies: whoever streams chose the encoding (the drive gzips text files itself, ranges
 *   and ETags included; its zips and files are sent as stored; an event stream must not wait in a
 *   compressor's buffer);
 * - answers with a Content-Encoding already (the storefront's Brotli pages, the admin's and the
 *   theme's precompressed files);
 * - answers with an ETag, a Content-Range or a 206: their validator and byte ranges describe the
 *   bytes as they are;
 * - `Cache-Control: no-transform` and HEAD (koa-compress's own rules).
 *
 * It goes outermost, so everything after it (`/query`, pages, error answers) is covered, and
 * whatever sets validators or caches has run before it looks.
 */
export function compression(): Middleware {
  const compress = koaCompress({
    threshold: COMPRESSION_THRESHOLD,
    gzip: { level: GZIP_LEVEL },
    br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    // Deflate is gzip without its checksum, and no browser needs it; Zstandard is experimental in
    // Node (22.15 and later) and would otherwise be preferred for the browsers that take it.
    deflate: false,
    zstd: false,
  })
  return (ctx, next) => {
    // Nothing to negotiate (most API clients, health probes): only the Vary caches need.
    if (!ctx.request.headers['accept-encoding']) {
      // What ctx.vary() does, without parsing a header that is not there yet (every request).
      if (ctx.res.hasHeader('Vary')) ctx.vary('Accept-Encoding')
      else ctx.res.setHeader('Vary', 'Accept-Encoding')
      return next()
    }
    return compress(ctx, async () => {
      await next()
      prepare(ctx)
    })
  }
}

/** Tells koa-compress to keep out (`ctx.compress = false`), and hands it a JSON answer's text. */
function prepare(ctx: Context): void {
  const body: unknown = ctx.body
  if (body === null || body === undefined) return
  if (isStreamed(body)) {
    ctx.compress = false
    return
  }
  // A JSON answer is written out here, once, as Koa would: koa-compress reads the answer's length
  // first thing, which for an object means writing it out once more.
  if (typeof body !== 'string' && !Buffer.isBuffer(body)) ctx.body = JSON.stringify(body)
  // koa-compress itself leaves HEAD, 206, Content-Range, Content-Encoding and no-transform alone.
  if (ctx.response.get('ETag')) ctx.compress = false
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
