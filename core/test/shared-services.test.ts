import crypto from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import pino from 'pino'
import { AppError, createKernel, KernelEventBus, LayeredCache, type Kernel } from '../src/index.js'
import { KernelRateLimiter } from '../src/limits/rate-limiter.js'
import { RedisConnections } from '../src/redis/redis-connections.js'
import { inject, redisSkipReason, redisUrlForTests, testConfig } from '../src/testing/index.js'

const logger = pino({ level: 'silent' })
const opened: Array<{ close(): Promise<void> }> = []
afterAll(async () => {
  await Promise.all(opened.map((item) => item.close()))
})

/** Two "nodes": separate Redis connections under one fresh namespace. */
async function twoNodes(): Promise<[RedisConnections, RedisConnections]> {
  const prefix = `swt${crypto.randomBytes(4).toString('hex')}`
  const nodes = await Promise.all(
    [1, 2].map(() => RedisConnections.connect(redisUrlForTests()!, prefix, logger)),
  )
  opened.push(...nodes)
  return nodes as [RedisConnections, RedisConnections]
}

const eventually = async (check: () => Promise<boolean> | boolean): Promise<void> => {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error('condition not met in time')
}

describe('cache in process', () => {
  const cache = LayeredCache.memory(logger)

  it('keeps values by type and key, and stores nothing for none and local', async () => {
    await cache.set('recordtype', 'a', { n: 1 }, 'short')
    await cache.set('recordtype', 'b', { n: 2 }, 'none')
    await cache.set('recordtype', 'c', { n: 3 }, 'local')
    expect(await cache.get('recordtype', 'a')).toEqual({ n: 1 })
    expect(await cache.get('recordtype', 'b')).toBeUndefined()
    expect(await cache.get('recordtype', 'c')).toBeUndefined()
  })

  it('clears one type or everything and tells listeners', async () => {
    const heard: Array<string | undefined> = []
    cache.onClear((type) => heard.push(type))
    await cache.set('html', 'x', 1, 'tiny')
    await cache.set('css', 'y', 2, 'tiny')
    await cache.clear('html')
    expect(await cache.get('html', 'x')).toBeUndefined()
    expect(await cache.get('css', 'y')).toBe(2)
    await cache.clear()
    expect(await cache.get('css', 'y')).toBeUndefined()
    expect(heard).toEqual(['html', undefined])
  })

  it('wrap loads once and caches null answers', async () => {
    let loads = 0
    const load = async () => (loads++, null)
    expect(await cache.wrap('access', 'missing', 'short', load)).toBeNull()
    expect(await cache.wrap('access', 'missing', 'short', load)).toBeNull()
    expect(loads).toBe(1)
  })
})

describe('cache clears racing a load', () => {
  it('does not store what was loaded before a clear of its type', async () => {
    const cache = LayeredCache.memory(logger)
    let release: (() => void) | undefined
    const loading = cache.wrap('website', 'menu', 'long', async () => {
      await new Promise<void>((resolve) => (release = resolve))
      return 'old menu'
    })
    // The load is under way when the clear comes.
    while (!release) await new Promise((resolve) => setTimeout(resolve, 1))
    await cache.clear('website')
    release()
    expect(await loading).toBe('old menu')
    expect(await cache.get('website', 'menu')).toBeUndefined()
    // A clear of another type does not stop it.
    const other = cache.wrap('website', 'menu', 'long', async () => 'new menu')
    await cache.clear('country')
    expect(await other).toBe('new menu')
    expect(await cache.get('website', 'menu')).toBe('new menu')
  })

  it('set with a mark skips after a clear of the type or of everything', async () => {
    const cache = LayeredCache.memory(logger)
    const mark = cache.mark('page')
    await cache.clear()
    await cache.set('page', '/', 'stale', 'long', mark)
    expect(await cache.get('page', '/')).toBeUndefined()
    await cache.set('page', '/', 'fresh', 'long', cache.mark('page'))
    expect(await cache.get('page', '/')).toBe('fresh')
  })
})

describe('rate limiter in process', () => {
  it('refuses with 429 and Retry-After once the points are used', async () => {
    const limiter = new KernelRateLimiter(null)
    limiter.define('login', { points: 3, duration: 60, code: 'ERROR_TOO_MANY_REQUESTS' })
    for (let i = 0; i < 3; i++) await limiter.consume('login', 'a@example.com')
    const error = await limiter.consume('login', 'a@example.com').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).status).toBe(429)
    expect(Number((error as AppError).headers['Retry-After'])).toBeGreaterThan(0)
    await limiter.consume('login', 'b@example.com')
    await limiter.reset('login', 'a@example.com')
    await limiter.consume('login', 'a@example.com')
    await expect(limiter.consume('undefined-rule', 'x')).rejects.toThrow(/not defined/)
  })
})

describe('events in process', () => {
  it('runs handlers and survives a failing one', async () => {
    const bus = KernelEventBus.memory(logger)
    const seen: unknown[] = []
    bus.on('thing', () => {
      throw new Error('handler bug')
    })
    const off = bus.on('thing', (payload) => void seen.push(payload))
    await bus.emit('thing', { a: 1 })
    off()
    await bus.emit('thing', { a: 2 })
    expect(seen).toEqual([{ a: 1 }])
  })
})

describe.skipIf(redisSkipReason())('across nodes through Redis', () => {
  it('shares cached values and a clear on one node empties both, local copies included', async () => {
    const [a, b] = await twoNodes()
    const cacheA = await LayeredCache.shared(a, logger)
    const cacheB = await LayeredCache.shared(b, logger)
    const cleared: Array<string | undefined> = []
    cacheB.onClear((type) => cleared.push(type))
    await cacheA.set('configuration', 'web', { name: 'Shop' }, 'medium')
    expect(await cacheB.get('configuration', 'web')).toEqual({ name: 'Shop' })
    expect(await a.command.pttl(a.key('cache', '0.0', 'configuration', 'web'))).toBeGreaterThan(
      86_000_000,
    )
    await cacheA.clear('configuration')
    await eventually(() => cleared.includes('configuration'))
    expect(await cacheB.get('configuration', 'web')).toBeUndefined()
    expect(await cacheA.get('configuration', 'web')).toBeUndefined()
  })

  it('a new value on one node replaces the other node’s local copy', async () => {
    const [a, b] = await twoNodes()
    const cacheA = await LayeredCache.shared(a, logger)
    const cacheB = await LayeredCache.shared(b, logger)
    await cacheA.set('misc', 'k', 1, 'short')
    expect(await cacheB.get('misc', 'k')).toBe(1)
    await cacheA.set('misc', 'k', 2, 'short')
    await eventually(async () => (await cacheB.get('misc', 'k')) === 2)
    await cacheA.clear()
    await eventually(async () => (await cacheB.get('misc', 'k')) === undefined)
  })

  it('delivers events to the other node once, and not back to the sender', async () => {
    const [a, b] = await twoNodes()
    const busA = await KernelEventBus.shared(a, logger)
    const busB = await KernelEventBus.shared(b, logger)
    const onA: unknown[] = []
    const onB: Array<{ payload: unknown; local: boolean }> = []
    busA.on('order.placed', (payload) => void onA.push(payload))
    busB.on('order.placed', (payload, origin) => void onB.push({ payload, local: origin.local }))
    await busA.emit('order.placed', { id: '7' })
    await eventually(() => onB.length === 1)
    expect(onA).toEqual([{ id: '7' }])
    expect(onB).toEqual([{ payload: { id: '7' }, local: false }])
    await busA.emit('order.placed', { id: '8' }, { local: true })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(onB).toHaveLength(1)
  })

  it('counts rate limits across nodes', async () => {
    const [a, b] = await twoNodes()
    const limitA = new KernelRateLimiter(a)
    const limitB = new KernelRateLimiter(b)
    for (const limiter of [limitA, limitB])
      limiter.define('drive', { points: 2, duration: 60, code: 'ERROR_RATE_LIMIT_EXCEEDED' })
    await limitA.consume('drive', 'user-1')
    await limitB.consume('drive', 'user-1')
    const error = await limitA.consume('drive', 'user-1').catch((e: unknown) => e)
    expect((error as AppError).code).toBe('ERROR_RATE_LIMIT_EXCEEDED')
  })

  it('two kernels on one Redis share cache clears', async () => {
    const redisPrefix = `swk${crypto.randomBytes(4).toString('hex')}`
    const kernels: Kernel[] = []
    for (let i = 0; i < 2; i++) {
      kernels.push(
        await createKernel({
          config: testConfig({ redisUrl: redisUrlForTests(), redisPrefix }),
          plugins: [],
        }),
      )
    }
    opened.push(...kernels)
    const [one, two] = kernels as [Kernel, Kernel]
    await one.services.cache.set('website', 'home', '<h1>Home</h1>', 'long')
    expect(await two.services.cache.get('website', 'home')).toBe('<h1>Home</h1>')
    await two.services.cache.clear('website')
    await eventually(async () => (await one.services.cache.get('website', 'home')) === undefined)
    expect((await inject(one, { url: '/readyz' })).statusCode).toBe(200)
  })

  it('names REDIS_URL when Redis cannot be reached', async () => {
    await expect(RedisConnections.connect('redis://127.0.0.1:1', 'x', logger)).rejects.toThrow(
      /REDIS_URL/,
    )
  })
})
