import { asValue, definePlugin } from '@shopwright/core'
import { METRICS_SETTINGS } from './server/settings.js'
import { TokenGuard } from './server/token-guard.js'
import { keyNotSet } from './server/key-not-set.js'

/**
 * Prometheus metrics for a scraper (docs/operations.md, "Metrics"): with METRICS_TOKEN, core's
 * `requestObserver` hook times every request and answers `GET /metrics` to a scrape that sends the
 * token; an address that sends too many wrong tokens is refused for a while (README, "Wrong
 * tokens"). Without it no request is timed, `/metrics` is 404 ERROR_KEY_NOT_SET (key-not-set.ts),
 * and prom-client is never loaded (about 40 ms and 10 MB of a start).
 */
export default definePlugin({
  name: 'metrics',
  settings: METRICS_SETTINGS,
  provides: ['requestObserver'],
  async register({ container, settings, logger }) {
    const token = settings.metricsToken
    if (!token) {
      container.register({ requestObserver: asValue(keyNotSet) })
      return
    }
    const { KernelMetrics } = await import('./server/prometheus.js')
    // Core's own services: the pool and the cache are read when scraped, never per request; the
    // limiter counts wrong tokens where every node sees them (Redis when configured).
    const { db, cache, limiter } = container.cradle
    const guard = new TokenGuard(limiter, logger, settings.metricsFailureLimit)
    container.register({
      requestObserver: asValue(new KernelMetrics({ db, cache }).middleware(token, guard)),
    })
  },
})
