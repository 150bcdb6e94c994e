// A clear while Redis is away (docs/operations.md, "Clears and figures across nodes"): two nodes
// on a private Redis that the test freezes. The clear answers at once that Redis is down, without
// waiting for confirmations, and once Redis is back no node reads the value it cleared from the
// shared level.
import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createKernel, type Kernel } from '@shopwright/core'
import { bootTestKernel, codeOf, databasesUnderTest, testConfig } from '@shopwright/core/testing'
import {
  privateServicesSkipReason,
  startPrivateRedis,
  type PrivateService,
} from '@shopwright/testkit'
import { accountPeople } from '@shopwright/plugin-account/testing'
import { allSeeds } from '@shopwright/seeds'
import { CONFIRM_TIMEOUT_MS } from '../src/index.js'
import { call, listOn, MEMORY_SUITE, PEOPLE } from './helpers.js'

const sqlite = databasesUnderTest().find((database) => database.name === 'sqlite')!

describe.skipIf(privateServicesSkipReason(['redis']))('a memory clear while Redis is away', () => {
  let redis: PrivateService
  let first: Kernel
  let second: Kernel
  let developer: string
  let close: () => Promise<void>

  beforeAll(async () => {
    redis = await startPrivateRedis()
    const shared = {
      redisUrl: redis.url,
      redisPrefix: `swmo${crypto.randomBytes(4).toString('hex')}`,
      redisTimeout: 500,
    }
    // The private Redis is this suite's own, so it starts its nodes itself (describePlugin's two
    // nodes share the Redis every suite uses).
    const booted = await bootTestKernel(sqlite, MEMORY_SUITE.plugins, shared)
    first = booted.kernel
    await first.seed(allSeeds())
    developer = (await accountPeople.add(first, 'developer@example.com', PEOPLE.developer)).cookie
    second = await createKernel({
      config: testConfig({ databaseUrl: booted.url, ...shared }),
      plugins: MEMORY_SUITE.plugins,
    })
    close = async () => {
      await second.close()
      await booted.close()
    }
  })
  afterAll(async () => {
    await close?.()
    await redis?.stop()
  })

  const list = () => listOn(first, developer)

  it('answers at once with this node alone, and the old value does not come back with Redis', async () => {
    // A value in the shared level, written by the second node before the outage.
    await second.services.cache.set('recordtype', 'probe', { old: true }, 'long')
    expect((await list()).nodes).toHaveLength(2)

    // Frozen, not killed: Redis keeps its data, so the old shared value is still there when it wakes.
    redis.freeze()
    await expect.poll(() => first.services.redis!.health.available, { timeout: 10_000 }).toBe(false)
    // Sign-ins live in Redis (docs/operations.md, "Redis outages"): the call is refused before
    // it clears anything.
    const refused = await call(first, developer, {
      method: 'POST',
      url: '/query/memory/clear/recordtype',
    })
    expect(refused.statusCode).toBe(503)
    expect(codeOf(refused)).toBe('ERROR_DATA_CONNECTION')

    // The service itself (what a caller whose sign-in was already checked gets): no wait for
    // confirmations that cannot come, and this node alone.
    const started = Date.now()
    const answer = await first.services.memory.clear('recordtype')
    expect(answer.nodes).toEqual({ asked: 1, confirmed: 1, redis: 'down' })
    expect(Date.now() - started).toBeLessThan(CONFIRM_TIMEOUT_MS)
    const alone = await first.services.memory.list()
    expect(alone.redis).toBe('down')
    expect(alone.nodes.map((node) => node.id)).toEqual([first.services.events.node])

    redis.thaw()
    for (const kernel of [first, second])
      await expect
        .poll(() => kernel.services.redis!.health.available, { timeout: 15_000 })
        .toBe(true)
    // The clear reached the shared level once Redis was back: the old value is gone for both.
    expect(await second.services.cache.get('recordtype', 'probe')).toBeUndefined()
    expect(await first.services.cache.get('recordtype', 'probe')).toBeUndefined()
    // Both nodes are listed again, with their heartbeats.
    await expect.poll(async () => (await list()).nodes.length, { timeout: 10_000 }).toBe(2)
  })
})
