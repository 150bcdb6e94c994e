import type { Middleware } from 'koa'

/** Where a scraper reads the metrics (prometheus.ts answers it once METRICS_TOKEN is set). */
export const METRICS_PATH = '/metrics'

/**
 * `/metrics` on a site without METRICS_TOKEN: 404 ERROR_KEY_NOT_SET, as JSON, so an operator
 * pointing a scraper at it reads why there is nothing (docs/operations.md, "Metrics"). Every other
 * request goes straight on; nothing is timed and prom-client is not loaded.
 */
export const keyNotSet: Middleware = async (ctx, next) => {
  if (ctx.path !== METRICS_PATH) return next()
  ctx.status = 404
  ctx.set('Cache-Control', 'no-store')
  ctx.set('X-Content-Type-Options', 'nosniff')
  ctx.body = { ok: false, message: 'ERROR_KEY_NOT_SET', reason: 'METRICS_TOKEN is not set' }
}
