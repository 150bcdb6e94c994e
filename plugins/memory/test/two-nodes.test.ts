import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createKernel, type Kernel } from '@shopwright/core'
import {
  databasesUnderTest,
  redisSkipReason,
  redisUrlForTests,
  testConfig,
} from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '@shopwright/plugin-account'
import memory, { CONFIRM_TIMEOUT_MS, type ClearAnswer, type MemoryList } from '../src/index.js'
import { bootMemory, call, signIn, type Person } from './helpers.js'

for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip || redisSkipReason())(
    `memory on two nodes of one ${database.name} and Redis`,
    () => {
      let first: Kernel
      let second: Kernel
      let onFirst: Record<Person, string>
      let onSecond: Record<Person, string>
      let url: string
      let shared: { redisUrl: string; redisPrefix: string }
      let close: () => Promise<void>

      const list = async (kernel: Kernel, cookie: string) =>
        (await call(kernel, cookie, { url: '/query/memory/list' })).json<MemoryList>()
      const clear = (kernel: Kernel, cookie: string, type?: string) =>
        call(kernel, cookie, {
          method: 'POST',
          url: type ? `/query/memory/clear/${type}` : '/query/memory/clear',
        })

      beforeAll(async () => {
        shared = { redisUrl: redisUrlForTests()!, redisPrefix: `swmem${Date.now()}` }
        const booted = await bootMemory(database, shared)
        first = booted.kernel
        onFirst = booted.cookies
        url = booted.url
        second = await createKernel({
          config: testConfig({ databaseUrl: url, ...shared }),
          plugins: [records, account, memory],
        })
        // Sessions live in Redis: the same people sign in on the second node.
        onSecond = await signIn(second, false)
        close = async () => {
          await second.close()
          await booted.close()
        }
      })
      afterAll(() => close())

      it('a clear on one node drops what the other holds, and counts both confirmations', async () => {
        await second.services.cache.set('recordtype', 'probe', { kept: 'on B' }, 'long')
        await second.services.cache.set('session', 'other', { kept: true }, 'long')
        expect(await second.services.cache.get('recordtype', 'probe')).toEqual({ kept: 'on B' })
        expect(second.services.cache.stats().recordtype!.entries).toBeGreaterThan(0)

        const reply = await clear(first, onFirst.developer, 'recordtype')
        expect(reply.statusCode).toBe(200)
        expect(reply.json<ClearAnswer>().nodes).toEqual({ asked: 2, confirmed: 2, redis: 'up' })
        // Confirmed means done: no waiting on the other node.
        expect(second.services.cache.stats().recordtype!.entries).toBe(0)
        expect(await second.services.cache.get('recordtype', 'probe')).toBeUndefined()
        expect(await second.services.cache.get('session', 'other')).toEqual({ kept: true })
      })

      it('Clear All on the other node reaches the first, with both confirmations', async () => {
        await first.services.cache.set('widget', 'probe', 1, 'long')
        const reply = await clear(second, onSecond.developer)
        expect(reply.statusCode).toBe(200)
        expect(reply.json<ClearAnswer>().nodes).toEqual({ asked: 2, confirmed: 2, redis: 'up' })
        expect(first.services.cache.stats().widget!.entries).toBe(0)
        expect(await first.services.cache.get('widget', 'probe')).toBeUndefined()
      })

      it("lists both nodes' figures on either node", async () => {
        await second.services.cache.set('widget', 'seen-on-b', 1, 'long')
        for (const [kernel, cookie, other] of [
          [first, onFirst.developer, second],
          [second, onSecond.developer, first],
        ] as const) {
          const view = await list(kernel, cookie)
          expect(view.redis).toBe('up')
          expect(view.nodes.map((node) => node.id)).toEqual([
            kernel.services.events.node,
            other.services.events.node,
          ])
          expect(view.nodes.map((node) => node.self)).toEqual([true, false])
          expect(view.nodes[1]!.rss).toBeGreaterThan(0)
        }
        // The second node's entry reaches the first with its next heartbeat.
        await expect
          .poll(
            async () =>
              (await list(first, onFirst.developer)).nodes[1]!.caches.find(
                (row) => row.type === 'widget',
              )?.entries,
            { timeout: 10_000, interval: 200 },
          )
          .toBe(1)
      })

      it('a node that stops leaves the list, and a clear then asks one node', async () => {
        const third = await createKernel({
          config: testConfig({ databaseUrl: url, ...shared }),
          plugins: [records, account, memory],
        })
        expect((await list(first, onFirst.developer)).nodes).toHaveLength(3)
        const three = await clear(first, onFirst.developer, 'session')
        expect(three.json<ClearAnswer>().nodes).toEqual({ asked: 3, confirmed: 3, redis: 'up' })
        await third.close()
        expect((await list(first, onFirst.developer)).nodes).toHaveLength(2)
      })

      it('asks only the nodes that run the memory plugin, and does not wait for the others', async () => {
        // A node without the plugin (or one still starting) never confirms.
        const bare = await createKernel({
          config: testConfig({ databaseUrl: url, ...shared }),
          plugins: [records, account],
        })
        try {
          expect((await list(first, onFirst.developer)).nodes).toHaveLength(3)
          const started = Date.now()
          const reply = await clear(first, onFirst.developer, 'session')
          expect(reply.json<ClearAnswer>().nodes).toEqual({ asked: 2, confirmed: 2, redis: 'up' })
          expect(Date.now() - started).toBeLessThan(CONFIRM_TIMEOUT_MS)
        } finally {
          await bare.close()
        }
      })

      it('says Redis is down, and asks nobody, when the shared clear failed', async () => {
        const cache = first.services.cache
        const health = first.services.redis!.health
        const original = cache.clear.bind(cache)
        // The breaker opens while the clear runs: the cache sends it through the database instead.
        const spy = vi.spyOn(cache, 'clear').mockImplementation(async (type) => {
          health.fail(new Error('connection lost in the test'), 'test')
          await original(type)
        })
        try {
          const reply = await clear(first, onFirst.developer, 'session')
          expect(reply.statusCode).toBe(200)
          expect(reply.json<ClearAnswer>().nodes).toEqual({ asked: 1, confirmed: 1, redis: 'down' })
        } finally {
          spy.mockRestore()
        }
        // Redis never went away: the heartbeat closes the breaker again.
        await expect.poll(() => health.available, { timeout: 10_000 }).toBe(true)
      })
    },
  )
}
