import fs from 'node:fs'
import path from 'node:path'
import type { PageAssets } from './document.js'
import { createError } from '@shopwright/core'

/** The public prefix of the theme's built files (the theme's Vite `base`). */
export const THEME_ASSETS = '/theme/'

/**
 * The most CSS a page carries inline, in bytes. About what the first round trips of a connection
 * deliver: a theme this small paints with no stylesheet request, while a larger one is fetched once
 * and cached, instead of being sent again with every page.
 */
export const INLINE_STYLE_LIMIT = 8 * 1024

interface ManifestChunk {
  file: string
  css?: string[]
  imports?: string[]
}

/** The entry script, its CSS and the chunks it imports, from the theme's Vite manifest. */
export function pageAssets(clientDir: string, entry: string): PageAssets {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>
  const chunk = manifest[entry]
  if (!chunk)
    throw createError('SW_THEME_INVALID', {
      message: `the theme's manifest has no entry ${entry}: rebuild the theme`,
    })
  const styles = new Set<string>(chunk.css ?? [])
  const preload = new Set<string>()
  const visit = (key: string) => {
    const imported = manifest[key]
    if (!imported || preload.has(imported.file)) return
    preload.add(imported.file)
    for (const css of imported.css ?? []) styles.add(css)
    for (const next of imported.imports ?? []) visit(next)
  }
  for (const key of chunk.imports ?? []) visit(key)
  const url = (file: string) => `${THEME_ASSETS}${file}`
  // Without an icon the browser asks for /favicon.ico and logs a 404 on every first visit.
  const icon = fs.existsSync(path.join(clientDir, 'favicon.svg')) ? url('favicon.svg') : undefined
  // Small CSS goes into the page itself: no request blocks the first paint. Larger CSS is linked:
  // inlined, it would be sent again with every page (docs/themes.md, "Styles").
  const css = [...styles].map((file) => fs.readFileSync(path.join(clientDir, file), 'utf8'))
  const inline = css.reduce((sum, text) => sum + Buffer.byteLength(text), 0) <= INLINE_STYLE_LIMIT
  return {
    script: url(chunk.file),
    ...(inline ? { inlineStyle: css.join('\n') } : { stylesheets: [...styles].map(url) }),
    preload: [...preload].map(url),
    ...(icon ? { icon } : {}),
  }
}

/**
 * The theme's page assets, read from its manifest on the first page and kept (the build does not
 * change while the server runs). Not read when the kernel boots: a missing build then fails pages
 * only, while the API and the admin keep answering.
 */
export function lazyPageAssets(clientDir: string, entry: string): () => PageAssets {
  let assets: PageAssets | undefined
  return () => (assets ??= pageAssets(clientDir, entry))
}
