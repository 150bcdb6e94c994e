import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible'
import type { ErrorCode } from '../shared/errors/index.js'
import type { RedisConnections } from '../redis/redis-connections.js'
import { createError } from '../errors/app-error.js'

/** A named limit: `points` actions per `duration` seconds, then blocked for `blockDuration` seconds. */
export interface LimitRule {
  points: number
  duration: number
  blockDuration?: number
  /** The catalogue code a refusal answers with (default ERROR_TOO_MANY_REQUESTS). */
  code?: ErrorCode
}

/** Rate limits for plugins; counters live in Redis when configured so they hold across nodes. */
export interface RateLimiterService {
  define(name: string, rule: LimitRule): void
  /** Counts an action; throws a 429 AppError with Retry-After once the limit is used up. */
  consume(name: string, key: string, points?: number): Promise<void>
  /** Forgets the key's count, e.g. after a successful sign-in. */
  reset(name: string, key: string): Promise<void>
}

/** rate-limiter-flexible behind a small named-rule facade. */
export class KernelRateLimiter implements RateLimiterService {
  private readonly limiters = new Map<string, { limiter: RateLimiterAbstract; code: ErrorCode }>()

  constructor(private readonly redis: RedisConnections | null) {}

  define(name: string, rule: LimitRule): void {
    const options = {
      points: rule.points,
      duration: rule.duration,
      blockDuration: rule.blockDuration ?? 0,
      keyPrefix: this.redis ? this.redis.key('rl', name) : name,
    }
    const limiter = this.redis
      ? new RateLimiterRedis({ ...options, storeClient: this.redis.command })
      : new RateLimiterMemory(options)
    this.limiters.set(name, { limiter, code: rule.code ?? 'ERROR_TOO_MANY_REQUESTS' })
  }

  async consume(name: string, key: string, points = 1): Promise<void> {
    const { limiter, code } = this.rule(name)
    try {
      await limiter.consume(key, points)
    } catch (result) {
      if (!(result instanceof RateLimiterRes)) throw result
      const seconds = Math.max(1, Math.ceil(result.msBeforeNext / 1000))
      throw createError(code, { status: 429, headers: { 'Retry-After': String(seconds) } })
    }
  }

  async reset(name: string, key: string): Promise<void> {
    await this.rule(name).limiter.delete(key)
  }

  private rule(name: string): { limiter: RateLimiterAbstract; code: ErrorCode } {
    const rule = this.limiters.get(name)
    if (!rule)
      throw new Error(`rate limit "${name}" is not defined: call limiter.define() in register()`)
    return rule
  }
}
