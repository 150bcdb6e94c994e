import Koa, { type Middleware } from 'koa'
import type { Knex } from 'knex'
import type { ShopwrightConfig } from '../config/schema.js'
import type { Logger } from '../logger.js'
import type { Meters } from '../meters/meters.js'
import type { RedisConnections } from '../redis/redis-connections.js'
import { createAccessLog } from '../http/access-log.js'
import { compression } from '../http/compression.js'
import { fallbackPages } from '../http/fallback-pages.js'
import { healthChecks } from '../http/health.js'
import type { LogRedactor } from '../log/redact.js'
import { queryDispatcher } from '../http/query-dispatcher.js'
import type { QueryRouter } from '../http/query-router.js'
import { requestContext } from '../http/request-context.js'
import { securityHeaders } from '../http/security-headers.js'
import type { Authenticator, QueryState } from '../http/state.js'
import type { PluginDefinition } from './plugin.js'

/** What the HTTP app is made of, once every plugin is started and its routes are mounted. */
export interface AppParts {
  config: ShopwrightConfig
  logger: Logger
  plugins: readonly PluginDefinition[]
  router: QueryRouter
  db: Knex
  redis: RedisConnections | null
  /** The logs' redactor (the running plugins' secretAddresses with the kernel's rules). */
  logRedactor: LogRedactor
  /** Whether the node migrated and has not begun to stop: what /readyz answers. */
  ready: () => boolean
  /** Present only on a node that migrated: one that did not has no meters table to count into. */
  meters?: Meters
  authenticator: Authenticator | undefined
  /** The middleware a plugin provides to see every request as answered (core's contract). */
  observer: Middleware<QueryState> | undefined
  /** Each plugin's `pages`, in plugin order; none for a kernel that serves no pages. */
  pages: ReadonlyArray<Middleware<QueryState>>
  cleanups: Array<() => Promise<void>>
}

/**
 * The request pipeline (docs/architecture.md, "HTTP pipeline"), outermost first: compression, the
 * observer, the request context (ids, the caller, errors, the access log), the `/query` router,
 * security headers, health checks, the plugins' pages, and the fallback pages.
 */
export function composeApp(parts: AppParts): Koa<QueryState> {
  const { config, logger, plugins } = parts
  // maxIpsCount: the client address comes from the proxies' own X-Forwarded-For entries, never
  // from the leftmost one a client can write (which would defeat per-address rate limits).
  const app = new Koa<QueryState>({ proxy: config.trustProxy, maxIpsCount: config.proxyHops })
  app.silent = true
  const accessLog = createAccessLog(logger)
  parts.cleanups.push(async () => accessLog.flush())
  // Outermost, so it sees every answer as sent (docs/operations.md, "Compression").
  app.use(compression())
  // Outside the request context, so it sees the status sent (the metrics plugin's timer).
  if (parts.observer) app.use(parts.observer)
  const { authenticator } = parts
  app.use(
    requestContext({
      accessLog,
      logger,
      development: config.nodeEnv === 'development',
      // Resolved once: the registrations are fixed after register(), and this runs per request.
      authenticator: () => authenticator,
      logAddress: parts.logRedactor.address,
      ...(parts.meters ? { meters: parts.meters } : {}),
    }),
  )
  app.use(queryDispatcher(parts.router, config.bodyLimit))
  app.use(securityHeaders())
  app.use(healthChecks(parts.db, parts.ready, parts.redis))
  for (const pages of parts.pages) app.use(pages)
  app.use(fallbackPages(plugins.map((plugin) => plugin.name)))
  return app
}
