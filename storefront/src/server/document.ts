import { escapeHtml } from '@shopwright/core'
import { isRightToLeft } from '@shopwright/client'
import type { PageData } from '../shared/page.js'
import { PAGE_DATA_ID } from '../shared/page.js'

/** JSON that is safe inside a `<script>` element: no `</script>` or `<!--` can close it early. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/** The theme's built files a page loads. */
export interface PageAssets {
  script: string
  preload: readonly string[]
  /** The theme's icon, when it has one (`favicon.svg` in its build). */
  icon?: string
  /** CSS to put in the page (the theme's own, when small): no stylesheet request before the first paint. */
  inlineStyle?: string
  /** Stylesheets to link instead (a larger theme's CSS, cached by the browser for a year). */
  stylesheets?: readonly string[]
}

/** The theme's styles in a page's head: inline, or linked (pageAssets chooses). */
export function styleTags(assets: Pick<PageAssets, 'inlineStyle' | 'stylesheets'>): string {
  return (
    (assets.inlineStyle ? `<style>${assets.inlineStyle.replace(/<\//g, '<\\/')}</style>` : '') +
    (assets.stylesheets ?? [])
      .map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`)
      .join('')
  )
}

/**
 * The start of the page, sent before React renders: the title and description are in the first
 * bytes for search engines, and the browser starts fetching the styles and scripts at once.
 */
export function documentHead(options: {
  lang: string
  title: string
  description: string
  assets: PageAssets
}): string {
  const { assets } = options
  return (
    `<!doctype html><html lang="${escapeHtml(options.lang)}"${isRightToLeft(options.lang) ? ' dir="rtl"' : ''}><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(options.title)}</title>` +
    `<meta name="description" content="${escapeHtml(options.description)}">` +
    (assets.icon
      ? `<link rel="icon" type="image/svg+xml" href="${escapeHtml(assets.icon)}">`
      : '') +
    styleTags(assets) +
    assets.preload.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`).join('') +
    `<script type="module" src="${escapeHtml(assets.script)}"></script>` +
    `</head><body><div id="root">`
  )
}

/** The end of the page: the data the browser hydrates with (JSON, which the CSP lets through as data). */
export function documentTail(data: PageData): string {
  return `</div><script type="application/json" id="${PAGE_DATA_ID}">${jsonForScript(data)}</script></body></html>`
}
