import path from 'node:path'
import { send } from '@koa/send'
import type { Middleware } from 'koa'
import { CompressedFiles } from './compressed-files.js'
import { THEME_ASSETS } from './page-assets.js'

const YEAR_MS = 365 * 24 * 60 * 60 * 1000

/**
 * The theme's built files under /theme/: compressed once and kept (Brotli when the browser takes
 * it, else gzip), or sent as they are; immutable for a year either way, as their names are hashed.
 * What is not there passes on (the kernel's fallback answers 404).
 */
export function themeAssets(clientDir: string): Middleware {
  const files = new CompressedFiles(clientDir)
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !ctx.path.startsWith(THEME_ASSETS))
      return next()
    const file = ctx.path.slice(THEME_ASSETS.length)
    if (!file) return next()
    // Brotli when the browser takes it (smaller), else gzip.
    const encoding = ctx.acceptsEncodings('br')
      ? 'br'
      : ctx.acceptsEncodings('gzip')
        ? 'gzip'
        : null
    const compressed = encoding ? await files.get(file, encoding) : null
    if (compressed) {
      ctx.set('Cache-Control', 'public, max-age=31536000, immutable')
      ctx.set('Content-Encoding', encoding!)
      ctx.vary('Accept-Encoding')
      ctx.type = path.extname(file)
      ctx.body = compressed
      return
    }
    const sent = await send(ctx, file, {
      root: clientDir,
      index: false,
      immutable: true,
      maxage: YEAR_MS,
    }).catch((error: { status?: number }) => {
      // A missing or refused file is not ours to answer; a failing disk is an error.
      if ((error.status ?? 500) < 500) return undefined
      throw error
    })
    if (sent) return
    return next()
  }
}
