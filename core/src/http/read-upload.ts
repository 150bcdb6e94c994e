import type { Context } from 'koa'
import { createError } from '../errors/app-error.js'

const UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 * 1024 }

/** Bytes of a size setting like '100mb'. */
export function parseSize(text: string): number {
  const match = /^(\d+)(b|kb|mb)$/i.exec(text)
  if (!match) throw new Error(`"${text}" is not a size like 100mb`)
  return Number(match[1]) * UNITS[match[2]!.toLowerCase()]!
}

/**
 * Reads an upload route's body into memory, refusing with 413 ERROR_BODY_TOO_LARGE as soon as it
 * passes the limit (a declared Content-Length over it is refused before reading anything), and with
 * 400 ERROR_BODY_EXPECTED when it is empty.
 */
export async function readUpload(ctx: Context, limit: number): Promise<Buffer> {
  const declared = Number(ctx.get('content-length') || 0)
  if (declared > limit)
    throw createError('ERROR_BODY_TOO_LARGE', { reason: `The limit is ${limit} bytes.` })
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > limit) {
      ctx.req.destroy()
      throw createError('ERROR_BODY_TOO_LARGE', { reason: `The limit is ${limit} bytes.` })
    }
    chunks.push(chunk)
  }
  if (size === 0) throw createError('ERROR_BODY_EXPECTED')
  return Buffer.concat(chunks, size)
}
