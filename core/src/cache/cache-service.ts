import crypto from 'node:crypto'
import type { Knex } from 'knex'
import { LRUCache } from 'lru-cache'
import { CACHE_DURATIONS, type CacheDuration } from '../shared/cache-durations.js'
import type { RedisConnections } from '../redis/redis-connections.js'
import type { Logger } from '../logger.js'
import { InvalidationLog, type Invalidation } from './invalidation-log.js'
import { PendingInvalidations } from './pending-invalidations.js'

/** The kernel's cache: values by (type, key) with the spec's named durations. */
export interface CacheService {
  get<T>(type: string, key: string): Promise<T | undefined>
  /**
   * This node's own copy, without waiting: the value when this node holds it, else undefined (then
   * `get` may still find it in the shared level). For hot paths that skip a promise on a hit.
   */
  peek<T>(type: string, key: string): T | undefined
  /**
   * Stores a JSON-serialisable value; durations of 0 (none, local) store nothing. With `since` (a
   * `mark(type)` taken before the value was computed) nothing is stored when the type was cleared
   * meanwhile, on this node or another: the value may be older than the clear.
   */
  set(
    type: string,
    key: string,
    value: unknown,
    duration: CacheDuration,
    since?: number,
  ): Promise<void>
  /** A mark of the clears and deletes of a type seen so far, for `set(..., since)`. */
  mark(type: string): number
  delete(type: string, key: string): Promise<void>
  /** Clears one type, or everything when no type is given, on every node. */
  clear(type?: string): Promise<void>
  /** The cached value, or the loader's result stored for the duration (unless a clear raced it). */
  wrap<T>(type: string, key: string, duration: CacheDuration, load: () => Promise<T>): Promise<T>
  /** Called after a clear on any node reached this one (type undefined: everything). */
  onClear(listener: (type: string | undefined) => void): () => void
  /**
   * Drops this node's own copies of a type (everything when no type is given), as a clear from
   * another node does; neither Redis nor the other nodes are told. For a node that was asked to
   * clear and confirms it did.
   */
  dropLocal(type?: string): void
  /** This node's first-level entries and lookups per type, since it started (counters, no scan). */
  stats(): CacheStats
}

/** One type's figures on one node: see CacheService.stats(). */
export interface CacheTypeStats {
  /** Entries in this node's first level (expired ones not yet evicted included). */
  entries: number
  /** Reads answered from this node's first level. */
  hits: number
  /** Reads answered from the shared level (Redis) after a first-level miss. */
  sharedHits: number
  /** Reads that found nothing (the caller then loads the value). */
  misses: number
}

/** Figures by cache type. */
export type CacheStats = Record<string, CacheTypeStats>

/** One type's first level and its counters; kept across clears so the counters last. */
interface TypeEntry {
  readonly lru: LRUCache<string, { value: unknown }>
  hits: number
  sharedHits: number
  misses: number
}

const MAX_ENTRIES_PER_TYPE = 5_000
const CHANNEL = 'cache'
/** The generation field that `clear()` without a type bumps. */
const ALL = '*'
/**
 * While Redis is away, a first-level entry lives at most this long: other nodes' deletes cannot
 * reach this node (docs/operations.md, "Redis outages").
 */
export const DEGRADED_TTL_MS = 1_000

type Message = { op: 'clear'; type?: string } | { op: 'delete'; type: string; key: string }

/**
 * One in-process LRU per type on every node. With Redis it is the first level in front of a shared
 * Redis store: keys there carry a generation per type, so clearing a type is one INCR (old keys simply
 * expire), and a pub/sub message makes every node drop its own first level.
 *
 * Redis failing never fails a call (docs/operations.md, "Redis outages"): the error is logged and
 * the breaker (redis.health) opens. While it is open, reads use the first level and then the loader,
 * first-level entries live at most DEGRADED_TTL_MS, and deletes and clears go to the invalidation
 * log, which every node polls. When Redis answers again, what it missed is replayed and the first
 * level is dropped before Redis is used again.
 */
export class LayeredCache implements CacheService {
  private readonly local = new Map<string, TypeEntry>()
  private readonly listeners = new Set<(type: string | undefined) => void>()
  private readonly generations = new Map<string, number>()
  /** Clears and deletes seen per type (ALL: clears of everything), local or from other nodes. */
  private readonly changes = new Map<string, number>()
  private readonly pending = new PendingInvalidations()
  private log: InvalidationLog | undefined

  /** Tells this cache's own messages from other nodes' (two kernels may share a process in tests). */
  private readonly node = crypto.randomUUID()

  private constructor(
    private readonly redis: RedisConnections | null,
    private readonly logger: Logger,
  ) {}

  /** A cache kept in this process only. */
  static memory(logger: Logger): LayeredCache {
    return new LayeredCache(null, logger)
  }

  /** A cache shared through Redis, whose clears reach every node. */
  static async shared(redis: RedisConnections, logger: Logger): Promise<LayeredCache> {
    const cache = new LayeredCache(redis, logger)
    await redis.subscribe(CHANNEL, (message) => cache.receive(message))
    // Messages sent while the subscriber was away are lost.
    redis.onReconnect(() => cache.forget())
    redis.health.onDown(() => cache.forget())
    redis.health.onRecover(() => cache.resync())
    return cache
  }

  /**
   * Starts reading and writing the invalidation log (sw_cache_invalidations, a kernel migration)
   * in the site's database. Without it, deletes and clears made while Redis is away reach the
   * other nodes only when their entries expire. Shared caches only; once.
   */
  async startInvalidationLog(db: Knex): Promise<void> {
    if (!this.redis || this.log) return
    this.log = await InvalidationLog.start(db, this.logger, {
      apply: (invalidations) => this.applyLogged(invalidations),
      gap: () => this.forget(),
    })
  }

  async get<T>(type: string, key: string): Promise<T | undefined> {
    // The hot path: one map lookup, one LRU lookup and a counter; no allocation.
    const entry = this.local.get(type) ?? this.typeEntry(type)
    const hit = entry.lru.get(key)
    if (hit) {
      entry.hits++
      return hit.value as T
    }
    const redis = this.usableRedis()
    if (!redis) {
      entry.misses++
      return undefined
    }
    const since = this.mark(type)
    let text: string | null
    let ttl: number
    try {
      const redisKey = await this.redisKey(redis, type, key)
      ;[text, ttl] = await Promise.all([redis.command.get(redisKey), redis.command.pttl(redisKey)])
    } catch (error) {
      entry.misses++
      redis.health.fail(error, 'cache get')
      return undefined
    }
    if (text === null) {
      entry.misses++
      return undefined
    }
    entry.sharedHits++
    const value = JSON.parse(text) as T
    // Not when a delete, a clear or an outage came meanwhile: the value may predate it.
    if (ttl > 0 && since === this.mark(type) && redis.health.available)
      entry.lru.set(key, { value }, { ttl })
    return value
  }

  peek<T>(type: string, key: string): T | undefined {
    const entry = this.local.get(type)
    const hit = entry?.lru.get(key)
    if (!entry || !hit) return undefined
    entry.hits++
    return hit.value as T
  }

  mark(type: string): number {
    return (this.changes.get(ALL) ?? 0) + (this.changes.get(type) ?? 0)
  }

  async set(
    type: string,
    key: string,
    value: unknown,
    duration: CacheDuration,
    since?: number,
  ): Promise<void> {
    const seconds = CACHE_DURATIONS[duration]
    if (seconds <= 0 || value === undefined) return
    if (since !== undefined && since !== this.mark(type)) return
    const redis = this.usableRedis()
    const ttl = this.redis && !redis ? Math.min(seconds * 1000, DEGRADED_TTL_MS) : seconds * 1000
    this.typeEntry(type).lru.set(key, { value }, { ttl })
    if (!redis) return
    // Outside the try: a value JSON cannot hold is the caller's bug, not a Redis outage.
    const text = JSON.stringify(value)
    try {
      await redis.command.set(await this.redisKey(redis, type, key), text, 'EX', seconds)
      await this.broadcast(redis, { op: 'delete', type, key })
    } catch (error) {
      redis.health.fail(error, 'cache set')
    }
  }

  async delete(type: string, key: string): Promise<void> {
    this.local.get(type)?.lru.delete(key)
    this.changed(type)
    if (!this.redis) return
    const redis = this.usableRedis()
    if (redis) {
      try {
        await redis.command.del(await this.redisKey(redis, type, key))
        await this.broadcast(redis, { op: 'delete', type, key })
        return
      } catch (error) {
        redis.health.fail(error, 'cache delete')
      }
    }
    await this.undelivered({ type, key })
  }

  async clear(type?: string): Promise<void> {
    const field = type ?? ALL
    const redis = this.usableRedis()
    let bumped = false
    if (redis) {
      try {
        const generation = await redis.command.hincrby(redis.key('cachegen'), field, 1)
        this.generations.set(field, generation)
        bumped = true
      } catch (error) {
        redis.health.fail(error, 'cache clear')
      }
    }
    this.clearLocal(type)
    if (!this.redis) return
    if (redis && bumped) {
      try {
        await this.broadcast(redis, type === undefined ? { op: 'clear' } : { op: 'clear', type })
        return
      } catch (error) {
        redis.health.fail(error, 'cache clear')
      }
    }
    await this.undelivered({ type: field, key: null })
  }

  async wrap<T>(
    type: string,
    key: string,
    duration: CacheDuration,
    load: () => Promise<T>,
  ): Promise<T> {
    const cached = await this.get<T>(type, key)
    if (cached !== undefined) return cached
    const since = this.mark(type)
    const value = await load()
    await this.set(type, key, value, duration, since)
    return value
  }

  onClear(listener: (type: string | undefined) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  dropLocal(type?: string): void {
    // Forget the generations so the next read fetches the bumped ones from Redis.
    if (type === undefined) this.generations.clear()
    else this.generations.delete(type)
    this.clearLocal(type)
  }

  stats(): CacheStats {
    const stats: CacheStats = {}
    for (const [type, entry] of this.local)
      stats[type] = {
        entries: entry.lru.size,
        hits: entry.hits,
        sharedHits: entry.sharedHits,
        misses: entry.misses,
      }
    return stats
  }

  private typeEntry(type: string): TypeEntry {
    let entry = this.local.get(type)
    if (!entry) {
      entry = {
        lru: new LRUCache({ max: MAX_ENTRIES_PER_TYPE, ttlAutopurge: false }),
        hits: 0,
        sharedHits: 0,
        misses: 0,
      }
      this.local.set(type, entry)
    }
    return entry
  }

  /** Stops polling the invalidation log. */
  async close(): Promise<void> {
    await this.log?.close()
  }

  /** Redis when configured and believed reachable; null means: skip it. */
  private usableRedis(): RedisConnections | null {
    return this.redis?.health.available ? this.redis : null
  }

  private changed(type: string): void {
    this.changes.set(type, (this.changes.get(type) ?? 0) + 1)
  }

  private clearLocal(type: string | undefined): void {
    this.changed(type ?? ALL)
    // Emptied, not removed: the type's counters outlive its entries.
    if (type === undefined) for (const entry of this.local.values()) entry.lru.clear()
    else this.local.get(type)?.lru.clear()
    for (const listener of this.listeners) listener(type)
  }

  /** Drops the first level and the generations: what other nodes changed may not have reached us. */
  private forget(): void {
    this.generations.clear()
    this.clearLocal(undefined)
  }

  /**
   * An invalidation Redis did not take: kept to replay when Redis is back, and written to the log
   * so the other nodes drop their copies now.
   */
  private async undelivered(invalidation: Invalidation): Promise<void> {
    this.pending.add(invalidation)
    await this.log?.record(invalidation)
  }

  /** Invalidations from the log (any node's, this one's too): locally now, in Redis when it can. */
  private async applyLogged(invalidations: readonly Invalidation[]): Promise<void> {
    for (const invalidation of invalidations) {
      if (invalidation.key !== null) {
        this.local.get(invalidation.type)?.lru.delete(invalidation.key)
        this.changed(invalidation.type)
      } else if (invalidation.type === ALL) {
        this.forget()
      } else {
        this.generations.delete(invalidation.type)
        this.clearLocal(invalidation.type)
      }
      // The node that wrote the row could not reach Redis, so the shared entry may still be there.
      const redis = this.usableRedis()
      if (!redis) {
        this.pending.add(invalidation)
        continue
      }
      try {
        await this.applyToRedis(redis, invalidation)
      } catch (error) {
        redis.health.fail(error, 'cache invalidation')
        this.pending.add(invalidation)
      }
    }
  }

  /**
   * Makes Redis forget what an invalidation names, and tells the nodes that read through it. A
   * clear drops this node's generation too: several nodes may bump it for one logged clear.
   */
  private async applyToRedis(redis: RedisConnections, invalidation: Invalidation): Promise<void> {
    if (invalidation.key === null) {
      await redis.command.hincrby(redis.key('cachegen'), invalidation.type, 1)
      if (invalidation.type === ALL) this.generations.clear()
      else this.generations.delete(invalidation.type)
      await this.broadcast(
        redis,
        invalidation.type === ALL ? { op: 'clear' } : { op: 'clear', type: invalidation.type },
      )
    } else {
      await redis.command.del(await this.redisKey(redis, invalidation.type, invalidation.key))
      await this.broadcast(redis, { op: 'delete', type: invalidation.type, key: invalidation.key })
    }
  }

  /**
   * Before Redis is used again after an outage: replays what it missed (a delete or clear made
   * meanwhile would otherwise leave its old entry readable), then drops the first level and the
   * generations. Throws when Redis fails meanwhile: the breaker then stays open.
   */
  private async resync(): Promise<void> {
    const redis = this.redis!
    this.generations.clear()
    await this.pending.replay((invalidation) => this.applyToRedis(redis, invalidation))
    this.forget()
  }

  private async redisKey(redis: RedisConnections, type: string, key: string): Promise<string> {
    let all = this.generations.get(ALL)
    let own = this.generations.get(type)
    if (all === undefined || own === undefined) {
      const [allText, ownText] = await redis.command.hmget(redis.key('cachegen'), ALL, type)
      all = Number(allText ?? 0)
      own = Number(ownText ?? 0)
      this.generations.set(ALL, all)
      this.generations.set(type, own)
    }
    return redis.key('cache', `${all}.${own}`, type, key)
  }

  private async broadcast(redis: RedisConnections, message: Message): Promise<void> {
    await redis.publish(CHANNEL, JSON.stringify({ ...message, from: this.node }))
  }

  private receive(text: string): void {
    let message: Message & { from?: string }
    try {
      message = JSON.parse(text) as Message & { from?: string }
    } catch {
      this.logger.warn({ text }, 'ignored a malformed cache message')
      return
    }
    if (message.from === this.node) return
    if (message.op === 'delete') {
      this.local.get(message.type)?.lru.delete(message.key)
      this.changed(message.type)
      return
    }
    this.dropLocal(message.type)
  }
}
