import { escapeHtml, type AppError } from '@shopwright/core'
import { styleTags, type PageAssets } from './document.js'

/**
 * The storefront's page for a request it could not answer, such as a database that does not
 * respond. It is built without the site's data (that is what failed), so there is no shell, no
 * menus and no page data: the theme's own CSS keeps it looking like the site, the error is shown
 * the way a failing page's boundary shows one (`sw-page-error`, the catalogue message and code),
 * and a link asks for the same address again. No script: there is nothing to hydrate.
 */
export function errorPage(options: {
  error: AppError
  /** The address that failed: path and query. */
  href: string
  /** The theme's assets, when they could be read (an error page must not fail for want of CSS). */
  assets: PageAssets | undefined
}): string {
  const { error, assets } = options
  const message = escapeHtml(error.message)
  const code = escapeHtml(error.code)
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${message}</title>` +
    (assets?.icon
      ? `<link rel="icon" type="image/svg+xml" href="${escapeHtml(assets.icon)}">`
      : '') +
    (assets ? styleTags(assets) : '') +
    `</head><body><div id="root"><div class="sw-storefront">` +
    `<section class="sw-page-error" role="alert" data-code="${code}">` +
    `<h1>${message}</h1><p><code>${code}</code></p>` +
    `<p><a href="${escapeHtml(options.href)}">Try Again</a></p>` +
    `</section></div></div></body></html>`
  )
}
