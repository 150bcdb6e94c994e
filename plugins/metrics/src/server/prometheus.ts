import crypto from 'node:crypto'
import type { Knex } from 'knex'
import type { Context, Middleware } from 'koa'
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type LabelValues,
} from 'prom-client'
import {
  clientKey,
  createError,
  toAppError,
  type AppError,
  type CacheService,
  type QueryState,
} from '@shopwright/core'
import type { TokenGuard } from './token-guard.js'
import { METRICS_PATH } from './key-not-set.js'

/** Where Prometheus scrapes a node. */
export { METRICS_PATH }

/**
 * Request latency buckets, in seconds: a `/query` read answers in about a millisecond, so the low
 * end is finer than prom-client's defaults; the top is past DATABASE_TIMEOUT's default (5 s).
 */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

/** Methods labelled by name; any other token a client sends counts as `other`. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/** Paths outside `/query` labelled by themselves: the kernel's own, a fixed few. */
const NAMED_PATHS = new Set(['/healthz', '/readyz', METRICS_PATH])

/** The label of a request no `/query` route matched (pages, unknown calls): one, whatever the URL. */
export const OTHER_ROUTE = 'other'

type RequestLabels = 'route' | 'method' | 'status'

/** What the pool figures are read from: a tarn pool (knex's own), duck-typed. */
interface TarnPool {
  numUsed(): number
  numFree(): number
  numPendingAcquires(): number
  numPendingCreates(): number
  max: number
}

function poolOf(db: Knex): TarnPool | undefined {
  const pool = (db.client as { pool?: Partial<TarnPool> }).pool
  return pool && typeof pool.numUsed === 'function' ? (pool as TarnPool) : undefined
}

/**
 * The process figures (CPU, memory, heap, event loop lag, GC, handles) are the process's, not a
 * kernel's: one registry for the process, collected from once, shown by every kernel in it. Tests
 * boot several kernels in one process; each would otherwise start its own event-loop and GC
 * observers, which prom-client never stops.
 */
let processRegistry: Registry | undefined

function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry })
  }
  return processRegistry
}

/** What a kernel's metrics read at scrape time. */
export interface MetricsSources {
  db: Knex
  cache: Pick<CacheService, 'stats'>
}

/**
 * One kernel's Prometheus metrics (docs/operations.md, "Metrics"), in a registry of its own (never
 * prom-client's global one): request latency by route pattern, method and status class; 429
 * answers by route; the database pool; the cache's lookups per type, and the process's figures.
 * Pool and cache figures are read when scraped, so they cost nothing per request.
 */
export class KernelMetrics {
  readonly registry = new Registry()
  private readonly latency: Histogram<RequestLabels>
  private readonly refusals: Counter<'route'>
  /** Each label set's child, so a request costs one map lookup, not a label hash. */
  private readonly children = new Map<string, Histogram.Internal<RequestLabels>>()

  constructor(sources: MetricsSources) {
    const registers = [this.registry]
    // Started here: a kernel that exports metrics shows the process's figures from its first scrape.
    processMetrics()
    this.latency = new Histogram({
      name: 'shopwright_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being handed to Node (a streamed body may still be sending), by matched /query route pattern ("other" when none matched), method and status class.',
      labelNames: ['route', 'method', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    })
    this.refusals = new Counter({
      name: 'shopwright_rate_limit_refusals_total',
      help: 'Requests refused with 429 (a rate limit was used up), by matched /query route pattern.',
      labelNames: ['route'],
      registers,
    })

    const { db, cache } = sources
    const poolGauge = (name: string, help: string, read: (pool: TarnPool) => number): void => {
      new Gauge({
        name,
        help,
        registers,
        collect() {
          const pool = poolOf(db)
          this.set(pool ? read(pool) : 0)
        },
      })
    }
    poolGauge(
      'shopwright_db_pool_used_connections',
      'Database connections lent out to queries.',
      (pool) => pool.numUsed(),
    )
    poolGauge(
      'shopwright_db_pool_free_connections',
      'Open database connections waiting in the pool.',
      (pool) => pool.numFree(),
    )
    poolGauge(
      'shopwright_db_pool_pending_acquires',
      'Queries waiting for a database connection (each waits at most DATABASE_TIMEOUT).',
      (pool) => pool.numPendingAcquires(),
    )
    poolGauge('shopwright_db_pool_pending_creates', 'Database connections being opened.', (pool) =>
      pool.numPendingCreates(),
    )
    poolGauge(
      'shopwright_db_pool_max_connections',
      'The most database connections the pool opens.',
      (pool) => pool.max,
    )

    // The cache keeps its own counters (what the memory plugin's /query/memory/list shows); they
    // are copied at scrape time. They only grow while the process lives, clears included.
    new Counter({
      name: 'shopwright_cache_hits_total',
      help: "Cache reads answered from this node's memory (level local) or from Redis after a local miss (level shared), by cache type.",
      labelNames: ['cache', 'level'],
      registers,
      collect() {
        this.reset()
        for (const [type, stats] of Object.entries(cache.stats())) {
          this.inc({ cache: type, level: 'local' }, stats.hits)
          this.inc({ cache: type, level: 'shared' }, stats.sharedHits)
        }
      },
    })
    new Counter({
      name: 'shopwright_cache_misses_total',
      help: 'Cache reads that found nothing (the value was then loaded), by cache type.',
      labelNames: ['cache'],
      registers,
      collect() {
        this.reset()
        for (const [type, stats] of Object.entries(cache.stats()))
          this.inc({ cache: type }, stats.misses)
      },
    })
    new Gauge({
      name: 'shopwright_cache_hit_ratio',
      help: 'Hits (local and shared) over all reads since the process started, by cache type; for a recent rate use the _total counters.',
      labelNames: ['cache'],
      registers,
      collect() {
        this.reset()
        for (const [type, stats] of Object.entries(cache.stats())) {
          const hits = stats.hits + stats.sharedHits
          const reads = hits + stats.misses
          if (reads > 0) this.set({ cache: type }, hits / reads)
        }
      },
    })
    new Gauge({
      name: 'shopwright_cache_entries',
      help: "Entries in this node's memory level, by cache type.",
      labelNames: ['cache'],
      registers,
      collect() {
        this.reset()
        for (const [type, stats] of Object.entries(cache.stats()))
          this.set({ cache: type }, stats.entries)
      },
    })
  }

  /** The exposition's Content-Type (Prometheus text format 0.0.4). */
  get contentType(): string {
    return this.registry.contentType
  }

  /** The text a scrape answers: the process's figures, then this kernel's. */
  async text(): Promise<string> {
    const own = await this.registry.metrics()
    const shared = await processMetrics().metrics()
    return `${shared.endsWith('\n') ? shared : `${shared}\n`}${own}`
  }

  /**
   * Times every request and counts its 429s, and answers the scrapes (`GET /metrics`, scrape()),
   * the guard counting wrong tokens. It goes outside requestContext, which turns whatever is
   * thrown into the answer, so the status observed is the one sent; a scrape never reaches the
   * request context, so it is neither logged nor metered, like the health probes.
   */
  middleware(token: string, guard: TokenGuard): Middleware<QueryState> {
    const scrape = scraper(this, token, guard)
    return async (ctx, next) => {
      const started = performance.now()
      try {
        if (ctx.path === METRICS_PATH) await scrape(ctx)
        else await next()
      } finally {
        const route = routeLabel(ctx.path, ctx.state as Partial<QueryState> | undefined)
        const status = ctx.status
        this.child(route, methodLabel(ctx.method), statusClass(status)).observe(
          (performance.now() - started) / 1000,
        )
        if (status === 429) this.refusals.inc({ route })
      }
    }
  }

  private child(route: string, method: string, status: string): Histogram.Internal<RequestLabels> {
    const key = `${route} ${method} ${status}`
    let child = this.children.get(key)
    if (!child) {
      const labels: LabelValues<RequestLabels> = { route, method, status }
      child = this.latency.labels(labels)
      this.children.set(key, child)
    }
    return child
  }
}

/** The route pattern the dispatcher matched, a kernel path, or `other`: never the raw URL. */
export function routeLabel(path: string, state: Partial<QueryState> | undefined): string {
  if (state?.route) return state.route
  return NAMED_PATHS.has(path) ? path : OTHER_ROUTE
}

function methodLabel(method: string): string {
  return METHODS.has(method) ? method : 'other'
}

function statusClass(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other'
}

const digest = (text: string): Buffer => crypto.createHash('sha256').update(text).digest()

/**
 * `GET /metrics` for a scraper that sends `Authorization: Bearer <METRICS_TOKEN>`; anything else is
 * 401 ERROR_INCORRECT_KEY with `WWW-Authenticate: Bearer`, as JSON whatever the client accepts. The
 * token is compared in constant time (both sides hashed first, so neither its length nor its content
 * shows in the timing). An address that sent METRICS_FAILURE_LIMIT wrong tokens in 15 minutes is
 * answered 429 ERROR_TOO_MANY_REQUESTS with Retry-After, whatever it sends, until they end (the
 * guard). Mounted only when METRICS_TOKEN is set; without it `/metrics` is a 404 like any unknown
 * page. Outside the request context, it writes its own refusals in the catalogue's shape.
 */
function scraper(
  metrics: KernelMetrics,
  token: string,
  guard: TokenGuard,
): (ctx: Context) => Promise<void> {
  const expected = digest(token)
  return async (ctx) => {
    ctx.set('Cache-Control', 'no-store')
    ctx.set('X-Content-Type-Options', 'nosniff')
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.set('Allow', 'GET, HEAD')
      return refuse(ctx, createError('ERROR_METHOD_NOT_ALLOWED'))
    }
    // No request context out here to turn what is thrown into the catalogue's answer.
    try {
      const address = clientKey(ctx.ip)
      await guard.admit(address)
      if (!crypto.timingSafeEqual(digest(bearerToken(ctx.get('authorization'))), expected)) {
        await guard.wrongToken(address)
        return refuse(
          ctx,
          createError('ERROR_INCORRECT_KEY', {
            status: 401,
            headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' },
          }),
        )
      }
      ctx.body = await metrics.text()
      ctx.type = metrics.contentType
    } catch (error) {
      refuse(ctx, toAppError(error))
    }
  }
}

function refuse(ctx: Context, error: AppError): void {
  ctx.status = error.status
  for (const [name, value] of Object.entries(error.headers)) ctx.set(name, value)
  ctx.body = { ok: false, message: error.code }
}

/** The token of an `Authorization: Bearer <token>` header, or '' (which never matches a token). */
function bearerToken(header: string): string {
  const match = /^Bearer +(\S+) *$/i.exec(header)
  return match ? match[1]! : ''
}
