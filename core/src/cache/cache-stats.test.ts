import crypto from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import pino from 'pino'
import { LayeredCache } from './cache-service.js'
import { RedisConnections } from '../redis/redis-connections.js'
import { redisSkipReason, redisUrlForTests } from '../testing/index.js'

const logger = pino({ level: 'silent' })
const opened: Array<{ close(): Promise<void> }> = []
afterAll(async () => {
  await Promise.all(opened.map((item) => item.close()))
})

async function connect(prefix: string): Promise<RedisConnections> {
  const redis = await RedisConnections.connect(redisUrlForTests()!, prefix, logger)
  opened.push(redis)
  return redis
}

describe("the cache's figures", () => {
  it('counts entries, hits and misses per type, and keeps the counters through a clear', async () => {
    const cache = LayeredCache.memory(logger)
    expect(cache.stats()).toEqual({})
    expect(await cache.get('recordtype', 'item')).toBeUndefined()
    await cache.set('recordtype', 'item', { id: 'item' }, 'short')
    await cache.set('recordtype', 'order', { id: 'order' }, 'short')
    await cache.get('recordtype', 'item')
    await cache.get('recordtype', 'item')
    await cache.wrap('access', 'memory', 'short', () => Promise.resolve({ access: [] }))
    expect(cache.stats()).toEqual({
      recordtype: { entries: 2, hits: 2, sharedHits: 0, misses: 1 },
      access: { entries: 1, hits: 0, sharedHits: 0, misses: 1 },
    })
    await cache.clear('recordtype')
    expect(cache.stats().recordtype).toEqual({ entries: 0, hits: 2, sharedHits: 0, misses: 1 })
    expect(cache.stats().access!.entries).toBe(1)
    await cache.clear()
    expect(cache.stats().access).toEqual({ entries: 0, hits: 0, sharedHits: 0, misses: 1 })
  })

  it("drops this node's copies of one type, or all, without touching the others", async () => {
    const cache = LayeredCache.memory(logger)
    const cleared: Array<string | undefined> = []
    cache.onClear((type) => cleared.push(type))
    await cache.set('session', 'a', 1, 'short')
    await cache.set('recordtext', 'b', 2, 'short')
    cache.dropLocal('session')
    expect(await cache.get('session', 'a')).toBeUndefined()
    expect(await cache.get('recordtext', 'b')).toBe(2)
    cache.dropLocal()
    expect(await cache.get('recordtext', 'b')).toBeUndefined()
    expect(cleared).toEqual(['session', undefined])
  })

  it('a value computed before a local drop is not stored', async () => {
    const cache = LayeredCache.memory(logger)
    const since = cache.mark('session')
    cache.dropLocal('session')
    await cache.set('session', 'late', 1, 'short', since)
    expect(await cache.get('session', 'late')).toBeUndefined()
  })
})

describe.skipIf(redisSkipReason())("the cache's figures with Redis", () => {
  it('counts a read the shared level answered apart from a first-level hit', async () => {
    const prefix = `swst${crypto.randomBytes(4).toString('hex')}`
    const a = await LayeredCache.shared(await connect(prefix), logger)
    const b = await LayeredCache.shared(await connect(prefix), logger)
    await a.set('recordtype', 'item', { id: 'item' }, 'short')
    // The set tells the other nodes to drop their copy: wait for it, or it drops b's below.
    await expect.poll(() => b.mark('recordtype')).toBe(1)
    expect(await b.get('recordtype', 'item')).toEqual({ id: 'item' })
    expect(await b.get('recordtype', 'item')).toEqual({ id: 'item' })
    expect(await b.get('recordtype', 'nothing')).toBeUndefined()
    expect(b.stats().recordtype).toEqual({ entries: 1, hits: 1, sharedHits: 1, misses: 1 })
  })
})
