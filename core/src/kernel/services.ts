import type { Knex } from 'knex'
import type { ShopwrightConfig } from '../config/schema.js'
import type { Logger } from '../logger.js'
import type { CacheService } from '../cache/cache-service.js'
import type { EventBus } from '../events/event-bus.js'
import type { RateLimiterService } from '../limits/rate-limiter.js'
import type { AccessService, SecuritySource } from '../access/access-service.js'
import type { RedisConnections } from '../redis/redis-connections.js'
import type { Middleware } from 'koa'
import type { Authenticator, QueryState } from '../http/state.js'
import type { RecordData } from '../shared/records.js'
import type { Lifecycle } from './lifecycle.js'
import type { Meters } from '../meters/meters.js'
import type { Scheduler } from '../schedule/scheduler.js'
import type { LogRedactor } from '../log/redact.js'

/** Writes seed records that do not exist yet: what `kernel.seed()` and `shopwright seed` use. */
export interface SeedWriter {
  insertMissing(records: readonly RecordData[]): Promise<{ inserted: number; existing: number }>
  /** True when no record is stored at all (a new site). */
  isEmpty(): Promise<boolean>
}

/**
 * The shared container's cradle: core's services and what plugins `provide`, by registration key.
 * A plugin adds the services it provides with
 * `declare module '@shopwright/core' { interface Services { myService: MyService } }`.
 */
export interface Services {
  config: ShopwrightConfig
  logger: Logger
  db: Knex
  cache: CacheService
  events: EventBus
  limiter: RateLimiterService
  access: AccessService
  /** Null without REDIS_URL. */
  redis: RedisConnections | null
  /** Tells long work that a graceful stop began. */
  lifecycle: Lifecycle
  /** The site's usage counters, summed across nodes by day (meters/meters.ts). */
  meters: Meters
  /** Periodic work run once for the whole site (schedule/scheduler.ts). */
  schedule: Scheduler
  /** Takes the secrets out of what the logs write (log/redact.ts): the log plugin's too. */
  logRedactor: LogRedactor
  /*
   * The contracts core itself consumes, each provided by whichever installed plugin declares it in
   * `provides` (docs/plugins.md, "Services"); absent when none does, so asked for with optional().
   */
  /** Where the access service reads security records. */
  securitySource?: SecuritySource
  /** Stores seed records. */
  seedWriter?: SeedWriter
  /** Tells each request who is calling. */
  authenticator?: Authenticator
  /**
   * Sees every request as answered: mounted outside the request context, so it observes the status
   * actually sent (the metrics plugin's timer). Undefined when its plugin is switched off.
   */
  requestObserver?: Middleware<QueryState> | undefined
}

/**
 * The services a plugin keeps in its own container (its storage layer, its helpers): declared in
 * `interface PluginInternals` of the same module, so a provided name and an internal one are told
 * apart by their types as the containers tell them apart at run time (docs/plugins.md, "Services").
 * Only a plugin's own hooks, and tests through `kernel.containerOf(plugin)`, see them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PluginInternals {}

/** What a plugin's own container resolves: everything shared, and its internals. */
export type PluginCradle = Services & PluginInternals
