import type { Knex } from 'knex'
import type { ShopwrightConfig } from '../config/schema.js'
import type { Logger } from '../logger.js'
import { createDatabase, pingDatabase, sharedSqliteFile } from '../db/create-database.js'
import { startWalCheckpointer } from '../db/wal-checkpointer.js'
import { LayeredCache } from '../cache/cache-service.js'
import { KernelEventBus } from '../events/event-bus.js'
import { KernelRateLimiter } from '../limits/rate-limiter.js'
import { KernelMeters } from '../meters/meters.js'
import { LocalScheduler, type KernelScheduler } from '../schedule/scheduler.js'
import type { RedisConnections } from '../redis/redis-connections.js'
import { KernelError } from './kernel-error.js'
import { Lifecycle } from './lifecycle.js'

/** What the kernel builds before any plugin: its connections and its own services. */
export interface CoreServices {
  db: Knex
  redis: RedisConnections | null
  cache: LayeredCache
  events: KernelEventBus
  limiter: KernelRateLimiter
  meters: KernelMeters
  schedule: KernelScheduler
  lifecycle: Lifecycle
}

/**
 * Connects the database (and Redis when configured) and builds core's services (docs/architecture.md,
 * "Boot", step 3). Each thing it opens pushes its own closing onto `cleanups`, which the kernel runs
 * last first: so a failure half way closes exactly what was opened.
 */
export async function startCoreServices(
  config: ShopwrightConfig,
  logger: Logger,
  cleanups: Array<() => Promise<void>>,
): Promise<CoreServices> {
  const sqliteFile = sharedSqliteFile(config.databaseUrl)
  const db = createDatabase(config.databaseUrl, {
    timeout: config.databaseTimeout,
    logger,
    backgroundCheckpoints: sqliteFile !== null,
  })
  cleanups.push(() => db.destroy())
  await pingDatabase(db).catch((error: unknown) => {
    throw new KernelError(
      'SW_DATABASE_UNREACHABLE',
      `Cannot connect to the database at DATABASE_URL: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    )
  })
  if (sqliteFile !== null) {
    // Stopped before the pool closes (cleanups run in reverse).
    const checkpointer = startWalCheckpointer(sqliteFile, logger)
    cleanups.push(() => checkpointer.stop())
  }
  // The Redis client is loaded only when configured: a single node on SQLite never needs it.
  const redis = config.redisUrl
    ? await (
        await import('../redis/redis-connections.js')
      ).RedisConnections.connect(config.redisUrl, config.redisPrefix, logger, {
        timeout: config.redisTimeout,
      })
    : null
  if (redis) cleanups.push(() => redis.close())

  const cache = redis ? await LayeredCache.shared(redis, logger) : LayeredCache.memory(logger)
  cleanups.push(() => cache.close())
  const events = redis ? await KernelEventBus.shared(redis, logger) : KernelEventBus.memory(logger)
  const limiter = new KernelRateLimiter(redis)
  // Counts are stored on close, before the pool closes (cleanups run last first).
  const meters = new KernelMeters(db, logger)
  cleanups.push(() => meters.close())
  // BullMQ is loaded only with Redis, as the Redis client is.
  const schedule: KernelScheduler = config.redisUrl
    ? new (await import('../schedule/queue-scheduler.js')).QueueScheduler(
        config.redisUrl,
        config.redisPrefix,
        logger,
      )
    : new LocalScheduler(logger)
  return {
    db,
    redis,
    cache,
    events,
    limiter,
    meters,
    schedule,
    lifecycle: new Lifecycle(),
  }
}
