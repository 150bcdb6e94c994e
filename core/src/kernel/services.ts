import type { Knex } from 'knex'
import type { ShopwrightConfig } from '../config/schema.js'
import type { Logger } from '../logger.js'
import type { CacheService } from '../cache/cache-service.js'
import type { EventBus } from '../events/event-bus.js'
import type { RateLimiterService } from '../limits/rate-limiter.js'
import type { AccessService, SecuritySource } from '../access/access-service.js'
import type { RedisConnections } from '../redis/redis-connections.js'
import type { Authenticator } from '../http/state.js'
import type { RecordData } from '../shared/records.js'
import type { Lifecycle } from './lifecycle.js'

/** Writes seed records that do not exist yet; the records plugin registers one as `seedWriter`. */
export interface SeedWriter {
  insertMissing(records: readonly RecordData[]): Promise<{ inserted: number; existing: number }>
  /** True when no record is stored at all (a new site). */
  isEmpty(): Promise<boolean>
}

/** One language's texts of some translation sets; the translations plugin registers one. */
export interface TranslationSource {
  /**
   * The kernel cache type the texts are kept in. Whoever caches something rendered from them
   * clears it first, so no rendering can pair old texts with a fresh cache entry.
   */
  readonly cacheType: string
  /**
   * The texts by phrase of the sets, merged in the order given (a later set wins), each phrase in
   * the language, else its base (`fr` for `fr-ca`), else the set's default language.
   */
  texts(language: string, sets: readonly string[]): Promise<Record<string, string>>
}

/**
 * The awilix cradle: every service by its registration key. Plugins add theirs with
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
  /** Registered by the records plugin. */
  securitySource?: SecuritySource
  /** Registered by the records plugin. */
  seedWriter?: SeedWriter
  /** Registered by the account plugin. */
  authenticator?: Authenticator
  /** Registered by the translations plugin. */
  translationSource?: TranslationSource
}
