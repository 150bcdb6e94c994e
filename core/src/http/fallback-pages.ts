import type { Middleware } from 'koa'
import { escapeHtml, htmlPage } from './html-page.js'

/**
 * What answers outside `/query` when no page middleware did: a status page at `/` (so a fresh
 * install shows it is running even before a theme is installed) and a 'Page not Found' page
 * with a 404 everywhere else.
 */
export function fallbackPages(pluginNames: readonly string[]): Middleware {
  return async (ctx, next) => {
    await next()
    if (ctx.body !== undefined || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return
    ctx.type = 'html'
    if (ctx.path === '/') {
      const list = pluginNames.map((name) => `<li><code>${escapeHtml(name)}</code></li>`).join('')
      ctx.body = htmlPage(
        'Shopwright is running',
        'The API answers under /query. No storefront theme is serving pages yet.',
        `<p>Plugins:</p><ul>${list}</ul><p>Health: <a href="/healthz">/healthz</a>, readiness: <a href="/readyz">/readyz</a>.</p>`,
      )
      return
    }
    ctx.status = 404
    ctx.body = htmlPage('Page not Found', 'There is no page at this address.')
  }
}
