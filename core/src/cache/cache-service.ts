import crypto from 'node:crypto'
import { LRUCache } from 'lru-cache'
import { CACHE_DURATIONS, type CacheDuration } from '../shared/cache-durations.js'
import type { RedisConnections } from '../redis/redis-connections.js'
import type { Logger } from '../logger.js'

/** The kernel's cache: values by (type, key) with the spec's named durations. */
export interface CacheService {
  get<T>(type: string, key: string): Promise<T | undefined>
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
  /** A mark of the clears of a type seen so far, for `set(..., since)`. */
  mark(type: string): number
  delete(type: string, key: string): Promise<void>
  /** Clears one type, or everything when no type is given, on every node. */
  clear(type?: string): Promise<void>
  /** The cached value, or the loader's result stored for the duration (unless a clear raced it). */
  wrap<T>(type: string, key: string, duration: CacheDuration, load: () => Promise<T>): Promise<T>
  /** Called after a clear on any node reached this one (type undefined: everything). */
  onClear(listener: (type: string | undefined) => void): () => void
}

const MAX_ENTRIES_PER_TYPE = 5_000
const CHANNEL = 'cache'
/** The generation field that `clear()` without a type bumps. */
const ALL = '*'

type Message = { op: 'clear'; type?: string } | { op: 'delete'; type: string; key: string }

/**
 * One in-process LRU per type on every node. With Redis it is the first level in front of a shared
 * Redis store: keys there carry a generation per type, so clearing a type is one INCR (old keys simply
 * expire), and a pub/sub message makes every node drop its own first level.
 */
export class LayeredCache implements CacheService {
  private readonly local = new Map<string, LRUCache<string, { value: unknown }>>()
  private readonly listeners = new Set<(type: string | undefined) => void>()
  private readonly generations = new Map<string, number>()
  /** Clears seen per type (ALL: clears of everything), local or from other nodes. */
  private readonly clears = new Map<string, number>()

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
    redis.onReconnect(() => {
      cache.generations.clear()
      cache.clearLocal(undefined)
    })
    return cache
  }

  async get<T>(type: string, key: string): Promise<T | undefined> {
    const hit = this.local.get(type)?.get(key)
    if (hit) return hit.value as T
    if (!this.redis) return undefined
    const redisKey = await this.redisKey(type, key)
    const [text, ttl] = await Promise.all([
      this.redis.command.get(redisKey),
      this.redis.command.pttl(redisKey),
    ])
    if (text === null) return undefined
    const value = JSON.parse(text) as T
    if (ttl > 0) this.typeCache(type).set(key, { value }, { ttl })
    return value
  }

  mark(type: string): number {
    return (this.clears.get(ALL) ?? 0) + (this.clears.get(type) ?? 0)
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
    this.typeCache(type).set(key, { value }, { ttl: seconds * 1000 })
    if (!this.redis) return
    await this.redis.command.set(
      await this.redisKey(type, key),
      JSON.stringify(value),
      'EX',
      seconds,
    )
    await this.broadcast({ op: 'delete', type, key })
  }

  async delete(type: string, key: string): Promise<void> {
    this.local.get(type)?.delete(key)
    if (!this.redis) return
    await this.redis.command.del(await this.redisKey(type, key))
    await this.broadcast({ op: 'delete', type, key })
  }

  async clear(type?: string): Promise<void> {
    if (this.redis) {
      const generation = await this.redis.command.hincrby(
        this.redis.key('cachegen'),
        type ?? ALL,
        1,
      )
      this.generations.set(type ?? ALL, generation)
    }
    this.clearLocal(type)
    await this.broadcast(type === undefined ? { op: 'clear' } : { op: 'clear', type })
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

  private typeCache(type: string): LRUCache<string, { value: unknown }> {
    let cache = this.local.get(type)
    if (!cache) {
      cache = new LRUCache({ max: MAX_ENTRIES_PER_TYPE, ttlAutopurge: false })
      this.local.set(type, cache)
    }
    return cache
  }

  private clearLocal(type: string | undefined): void {
    this.clears.set(type ?? ALL, (this.clears.get(type ?? ALL) ?? 0) + 1)
    if (type === undefined) this.local.clear()
    else this.local.delete(type)
    for (const listener of this.listeners) listener(type)
  }

  private async redisKey(type: string, key: string): Promise<string> {
    const redis = this.redis!
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

  private async broadcast(message: Message): Promise<void> {
    if (!this.redis) return
    await this.redis.publish(CHANNEL, JSON.stringify({ ...message, from: this.node }))
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
      this.local.get(message.type)?.delete(message.key)
      return
    }
    // Forget the generations so the next read fetches the bumped ones from Redis.
    if (message.type === undefined) this.generations.clear()
    else this.generations.delete(message.type)
    this.clearLocal(message.type)
  }
}
