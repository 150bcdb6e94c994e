import { createRequire } from 'node:module'
import type {
  RateLimiterAbstract,
  RateLimiterMemory as MemoryLimiter,
  RateLimiterRedis as RedisLimiter,
  RateLimiterRes as LimiterAnswer,
} from 'rate-limiter-flexible'
import type { ErrorCode } from '../shared/errors/index.js'
import type { RedisConnections } from '../redis/redis-connections.js'
import { createError } from '../errors/app-error.js'
import { KernelError } from '../kernel/kernel-error.js'

/** A named limit: `points` actions per `duration` seconds, then blocked for `blockDuration` seconds. */
export interface LimitRule {
  points: number
  duration: number
  blockDuration?: number
  /** The catalogue code a refusal answers with (default ERROR_TOO_MANY_REQUESTS). */
  code?: ErrorCode
}

/**
 * Rate limits for plugins; counters live in Redis when configured so they hold across nodes. While
 * Redis is away each node counts in memory on its own (docs/operations.md, "Redis outages"), so a
 * limit still refuses, per node, rather than letting everything through or failing every call.
 */
export interface RateLimiterService {
  define(name: string, rule: LimitRule): void
  /** Counts an action; throws a 429 AppError with Retry-After once the limit is used up. */
  consume(name: string, key: string, points?: number): Promise<void>
  /** Forgets the key's count, e.g. after a successful sign-in. */
  reset(name: string, key: string): Promise<void>
}

interface DefinedRule {
  /** Redis-backed when Redis is configured, else the memory one. */
  limiter: RateLimiterAbstract
  /** This node's own counts: the limiter without Redis, and its insurance while Redis is away. */
  memory: MemoryLimiter
  code: ErrorCode
}

/**
 * The two limiters used, each from its own file: the package's index loads every store it supports
 * (Mongo, DynamoDB, Prisma...), about 37 files at each start. The Redis one loads with Redis only.
 */
const load = createRequire(import.meta.url)
const RateLimiterMemory = load(
  'rate-limiter-flexible/lib/RateLimiterMemory.js',
) as typeof MemoryLimiter
const RateLimiterRes = load('rate-limiter-flexible/lib/RateLimiterRes.js') as typeof LimiterAnswer
const redisLimiter = (): typeof RedisLimiter =>
  load('rate-limiter-flexible/lib/RateLimiterRedis.js') as typeof RedisLimiter

/** rate-limiter-flexible behind a small named-rule facade. */
export class KernelRateLimiter implements RateLimiterService {
  private readonly limiters = new Map<string, DefinedRule>()

  constructor(private readonly redis: RedisConnections | null) {}

  define(name: string, rule: LimitRule): void {
    const options = {
      points: rule.points,
      duration: rule.duration,
      blockDuration: rule.blockDuration ?? 0,
    }
    const memory = new RateLimiterMemory({ ...options, keyPrefix: name })
    const limiter = this.redis
      ? new (redisLimiter())({
          ...options,
          keyPrefix: this.redis.key('rl', name),
          storeClient: this.redis.command,
          // A failing or disconnected Redis counts in memory instead, without waiting for it.
          insuranceLimiter: memory,
          rejectIfRedisNotReady: true,
        })
      : memory
    this.limiters.set(name, { limiter, memory, code: rule.code ?? 'ERROR_TOO_MANY_REQUESTS' })
  }

  async consume(name: string, key: string, points = 1): Promise<void> {
    const { code } = this.rule(name)
    const limiter = this.active(name)
    try {
      await limiter.consume(key, points)
    } catch (result) {
      if (!(result instanceof RateLimiterRes)) throw result
      const seconds = Math.max(1, Math.ceil(result.msBeforeNext / 1000))
      throw createError(code, { status: 429, headers: { 'Retry-After': String(seconds) } })
    }
  }

  async reset(name: string, key: string): Promise<void> {
    const rule = this.rule(name)
    await this.active(name).delete(key)
    // Forget what this node counted while Redis was away, too.
    if (rule.memory !== rule.limiter) await rule.memory.delete(key)
  }

  /** The limiter to ask now: the memory one while the breaker says Redis is away (no wait on it). */
  private active(name: string): RateLimiterAbstract {
    const rule = this.rule(name)
    return this.redis && !this.redis.health.available ? rule.memory : rule.limiter
  }

  private rule(name: string): DefinedRule {
    const rule = this.limiters.get(name)
    if (!rule)
      throw new KernelError(
        'SW_PLUGIN_INVALID',
        `rate limit "${name}" is not defined: call limiter.define() in register()`,
      )
    return rule
  }
}
