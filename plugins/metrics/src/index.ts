import { asValue, definePlugin } from '@shopwright/core'
import type { KernelMetrics } from './server/prometheus.js'
import { METRICS_SETTINGS } from './server/settings.js'

declare module '@shopwright/core' {
  interface Services {
    /** This plugin's own Prometheus registry, with METRICS_TOKEN (internal). */
    prometheusMetrics?: KernelMetrics
  }
}

/**
 * Prometheus metrics for a scraper (docs/operations.md, "Metrics"): with METRICS_TOKEN, every
 * request is timed by core's `requestObserver` hook and `GET /metrics` answers the figures to a
 * scrape that sends the token. Without it the plugin registers nothing that runs: no request is
 * timed, `/metrics` is a 404, and prom-client is never loaded (about 40 ms and 10 MB of a start).
 */
export default definePlugin({
  name: 'metrics',
  settings: METRICS_SETTINGS,
  provides: ['requestObserver'],
  async register({ container, settings }) {
    if (!settings.metricsToken) {
      container.register({ requestObserver: asValue(undefined) })
      return
    }
    const { KernelMetrics } = await import('./server/prometheus.js')
    // Core's own services: the pool and the cache are read when scraped, never per request.
    const { db, cache } = container.cradle
    const metrics = new KernelMetrics({ db, cache })
    container.register({
      prometheusMetrics: asValue(metrics),
      requestObserver: asValue(metrics.middleware()),
    })
  },
  async pages({ services, settings }) {
    if (!settings.metricsToken || !services.prometheusMetrics) return undefined
    const { metricsEndpoint } = await import('./server/prometheus.js')
    return metricsEndpoint(services.prometheusMetrics, settings.metricsToken)
  },
})
