import autocannon from 'autocannon'
import { HOST } from './http-probe.js'
import { percentile } from './stats.js'

/** Load settings shared by the kernel and its baseline, so the two are measured alike. */
export interface LoadSettings {
  connections: number
  /** Seconds; ignored when `amount` is set. */
  duration?: number
  /** Stop after this many requests instead. */
  amount?: number
  headers?: Record<string, string>
  /**
   * Paths to cycle through instead of the one `path`: every connection sends them in this order,
   * then starts again. Built once, so rotating costs the load generator nothing per request.
   */
  paths?: readonly string[]
  /**
   * autocannon's own requests, sent in this order by every connection and then again, instead of
   * GETs: a method, headers and body each, or a `setupRequest` per request (`paths` is then ignored).
   * A connection's context starts afresh each time it comes back to the first.
   */
  requests?: readonly autocannon.Request[]
}

/** What one autocannon round measured. */
export interface LoadResult {
  requestsPerSecond: number
  p50Ms: number
  p95Ms: number
  p99Ms: number
  total: number
  non2xx: number
  errors: number
  timeouts: number
}

/**
 * One autocannon round against 127.0.0.1:port; always bounded by `duration` or `amount`. Latency
 * percentiles come from every 2xx response time (autocannon's own histogram has 1 ms steps, too
 * coarse for sub-millisecond answers).
 */
export function load(port: number, path: string, settings: LoadSettings): Promise<LoadResult> {
  const bound = settings.amount ? { amount: settings.amount } : { duration: settings.duration ?? 5 }
  const times: number[] = []
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://${HOST}:${port}${path}`,
        method: 'GET',
        connections: settings.connections,
        pipelining: 1,
        timeout: 10,
        headers: settings.headers ?? {},
        ...(settings.requests?.length
          ? { requests: [...settings.requests] }
          : settings.paths?.length
            ? { requests: settings.paths.map((each) => ({ method: 'GET' as const, path: each })) }
            : {}),
        ...bound,
      },
      (error, result) => {
        if (error) return reject(error instanceof Error ? error : new Error(String(error)))
        resolve({
          requestsPerSecond: result.requests.average,
          p50Ms: times.length ? percentile(times, 50) : Number.NaN,
          p95Ms: times.length ? percentile(times, 95) : Number.NaN,
          p99Ms: times.length ? percentile(times, 99) : Number.NaN,
          total: result.requests.total,
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
        })
      },
    )
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) times.push(responseTime)
    })
  })
}

/** Throws when a round had errors or non-2xx answers: its figures would not mean anything. */
export function assertClean(label: string, result: LoadResult): void {
  if (result.errors || result.non2xx || result.timeouts || !result.total) {
    throw new Error(
      `${label}: ${result.total} requests, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    )
  }
}
