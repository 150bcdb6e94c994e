import type { Middleware } from 'koa'
import { toAppError, type Logger } from '@shopwright/core'
import type { PageAssets } from './document.js'
import { errorPage } from './error-page.js'
import type { StorefrontState } from './page-state.js'

/** `CODE: message` on one line: during an outage every request fails alike, a stack says nothing. */
function oneLine(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const code = (error as { code?: unknown }).code
  const message = error.message.split('\n')[0] ?? ''
  return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message
}

/**
 * A page whose data could not be read because the database (or Redis) did not answer: the
 * storefront's error page with 503 ERROR_DATA_CONNECTION and Retry-After, as the kernel answers
 * any call during an outage (docs/operations.md, "Database outages"), never a 'Page not Found'
 * that would tell visitors and search engines the page is gone. It maps errors the way the kernel
 * does (toAppError: isConnectionError, following causes). Any other error is left to the kernel.
 */
export function dataFailures(options: {
  /** The theme's assets, for its CSS; read lazily, and the page does without when they fail. */
  assets: () => PageAssets
  logger: Pick<Logger, 'warn'>
}): Middleware<StorefrontState> {
  const themeAssetsOrNone = (): PageAssets | undefined => {
    try {
      return options.assets()
    } catch {
      return undefined
    }
  }
  return async (ctx, next) => {
    try {
      await next()
    } catch (thrown) {
      const error = toAppError(thrown)
      // Once the page streams its status is out; what fails then is the renderer's to report.
      if (error.code !== 'ERROR_DATA_CONNECTION' || ctx.headerSent) throw thrown
      // The kernel's line for the same failure, so an outage reads the same in the log wherever
      // it struck: one warning per request, no stack.
      options.logger.warn(
        { id: ctx.state.requestId, url: ctx.url, reason: oneLine(thrown) },
        'request failed: database or redis unavailable',
      )
      ctx.status = error.status
      for (const [name, value] of Object.entries(error.headers)) ctx.set(name, value)
      // An outage is brief: no browser or proxy may keep this answer for the page.
      ctx.set('Cache-Control', 'no-store')
      ctx.type = 'html'
      ctx.body = errorPage({ error, href: ctx.state.storefront.href, assets: themeAssetsOrNone() })
    }
  }
}
