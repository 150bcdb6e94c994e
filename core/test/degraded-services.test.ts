// The kernel's Redis users when Redis fails (docs/operations.md, "Redis outages"), against a fake
// whose every command fails: nothing throws into the caller, the breaker opens, the cache keeps
// short first-level entries and logs its invalidations, limits count in memory, and events still
// reach this node's handlers. The real processes are in test/faults/.
import { EventEmitter } from 'node:events'
import type { Redis } from 'ioredis'
import pino from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { AppError, KernelEventBus, LayeredCache } from '../src/index.js'
import { KernelRateLimiter } from '../src/limits/rate-limiter.js'
import type { RedisConnections } from '../src/redis/redis-connections.js'
import { RedisHealth } from '../src/redis/redis-health.js'
import { DEGRADED_TTL_MS } from '../src/cache/cache-service.js'
import { createDatabase } from '../src/db/create-database.js'
import { runMigrations } from '../src/db/migrations.js'
import { CACHE_INVALIDATIONS_TABLE } from '../src/db/kernel-migrations.js'
import { tempDataDir } from '../src/testing/index.js'

const logger = pino({ level: 'silent' })
const cleanups: Array<() => unknown> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** Stands for both ioredis connections: PING fails while `down`. */
class FakeClient extends EventEmitter {
  down = true
  async ping(): Promise<string> {
    if (this.down) throw new Error('Connection is closed.')
    return 'PONG'
  }
}

/** RedisConnections whose commands all fail, with a real breaker over a fake client. */
function brokenRedis(): { redis: RedisConnections; client: FakeClient } {
  const client = new FakeClient()
  const health = new RedisHealth([client as unknown as Redis], logger)
  cleanups.push(() => health.close())
  const fail = async () => {
    throw new Error('Connection is closed.')
  }
  // Reports itself ready, so rate-limiter-flexible sends commands, which then fail.
  const command = new Proxy(
    {},
    {
      get: (_target, name) =>
        name === 'status' ? 'ready' : name === 'defineCommand' ? () => undefined : fail,
    },
  )
  const redis = {
    health,
    command,
    prefix: 't',
    key: (...parts: string[]) => ['t', ...parts].join(':'),
    publish: fail,
    subscribe: async () => async () => undefined,
    onReconnect: () => undefined,
  }
  return { redis: redis as unknown as RedisConnections, client }
}

describe('the cache while Redis fails', () => {
  it('never fails a call, opens the breaker, and records deletes and clears for other nodes', async () => {
    const db = createDatabase(`sqlite:${tempDataDir()}/cache.sqlite`)
    cleanups.push(() => db.destroy())
    await runMigrations(db, [], { redis: true })
    const { redis } = brokenRedis()
    const cache = await LayeredCache.shared(redis, logger)
    await cache.startInvalidationLog(db)
    cleanups.push(() => cache.close())

    expect(redis.health.available).toBe(true)
    expect(await cache.get('records', 'a')).toBeUndefined()
    expect(redis.health.available).toBe(false)
    await cache.set('records', 'a', { n: 1 }, 'long')
    expect(await cache.get('records', 'a')).toEqual({ n: 1 })
    await cache.delete('records', 'a')
    expect(await cache.get('records', 'a')).toBeUndefined()
    await cache.clear('access')
    await cache.clear()
    let loads = 0
    expect(await cache.wrap('records', 'b', 'short', async () => ++loads)).toBe(1)
    expect(await db(CACHE_INVALIDATIONS_TABLE).orderBy('seq').select('type', 'key')).toEqual([
      { type: 'records', key: 'a' },
      { type: 'access', key: null },
      { type: '*', key: null },
    ])
  })

  it(`keeps first-level entries at most ${DEGRADED_TTL_MS} ms while Redis is away`, async () => {
    const { redis } = brokenRedis()
    const cache = await LayeredCache.shared(redis, logger)
    redis.health.fail(new Error('Command timed out'), 'test')
    await cache.set('configuration', 'web', 'cached', 'verylong')
    expect(await cache.get('configuration', 'web')).toBe('cached')
    await new Promise((resolve) => setTimeout(resolve, DEGRADED_TTL_MS + 100))
    expect(await cache.get('configuration', 'web')).toBeUndefined()
  })

  it('drops its first level when Redis goes away: other nodes’ deletes cannot reach it', async () => {
    const { redis, client } = brokenRedis()
    client.down = false
    const cache = await LayeredCache.shared(redis, logger)
    // Stored while Redis was believed up (the set to Redis fails and opens the breaker, but the
    // local copy was taken before): the outage must not leave it for its full lifetime.
    await cache.set('page', '/', 'old', 'long')
    expect(redis.health.available).toBe(false)
    expect(await cache.get('page', '/')).toBeUndefined()
  })
})

describe('rate limits while Redis fails', () => {
  it('keep refusing after the allowed attempts, counted in memory', async () => {
    const { redis } = brokenRedis()
    const limiter = new KernelRateLimiter(redis)
    limiter.define('login', { points: 2, duration: 60 })
    for (const open of [true, false]) {
      // Once with the breaker still shut (the Redis call fails), once open (Redis is skipped).
      if (!open) redis.health.fail(new Error('Command timed out'), 'test')
      const key = `user-${open}`
      await limiter.consume('login', key)
      await limiter.consume('login', key)
      const refused = await limiter.consume('login', key).catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(AppError)
      expect((refused as AppError).status).toBe(429)
      await limiter.reset('login', key)
      await limiter.consume('login', key)
    }
  })
})

describe('events while Redis fails', () => {
  it('run this node’s handlers and never throw into the emitter', async () => {
    const { redis } = brokenRedis()
    const bus = await KernelEventBus.shared(redis, logger)
    const seen: unknown[] = []
    bus.on('order.placed', (payload) => void seen.push(payload))
    await bus.emit('order.placed', { id: 1 })
    expect(redis.health.available).toBe(false)
    await bus.emit('order.placed', { id: 2 })
    expect(seen).toEqual([{ id: 1 }, { id: 2 }])
  })
})

describe('the breaker', () => {
  it('opens on a failure, and shuts again only after both connections answer and the resync succeeds', async () => {
    const { redis, client } = brokenRedis()
    let resyncs = 0
    let resyncFails = true
    redis.health.onRecover(async () => {
      resyncs++
      if (resyncFails) throw new Error('Command timed out')
    })
    redis.health.fail(new Error('Command timed out'), 'test')
    expect(await redis.health.check()).toBe(false)
    client.down = false
    expect(await redis.health.check()).toBe(false)
    expect(redis.health.available).toBe(false)
    resyncFails = false
    expect(await redis.health.check()).toBe(true)
    expect(redis.health.available).toBe(true)
    expect(resyncs).toBe(2)
    // A closed connection opens it at once.
    client.emit('close')
    expect(redis.health.available).toBe(false)
  })
})
