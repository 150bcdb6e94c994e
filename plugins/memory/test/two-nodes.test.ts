import { expect, it, vi } from 'vitest'
import { createKernel } from '@shopwright/core'
import { describePlugin, testConfig } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '@shopwright/plugin-account'
import memory, { CONFIRM_TIMEOUT_MS, type ClearAnswer } from '../src/index.js'
import { clearOn, listOn, MEMORY_SUITE } from './helpers.js'

// Two nodes of one site: one database, one Redis (sessions live in Redis, so the same people are
// signed in on both).
describePlugin('memory', { ...MEMORY_SUITE, nodes: 2 }, (site) => {
  /** The developer's list, or clear, on a node. */
  const list = (node: number) => listOn(site.nodes[node]!, site.cookie('developer', node))
  const clear = (node: number, type?: string) =>
    clearOn(site.nodes[node]!, site.cookie('developer', node), type)

  it('a clear on one node drops what the other holds, and counts both confirmations', async () => {
    const second = site.nodes[1]!
    await second.services.cache.set('recordtype', 'probe', { kept: 'on B' }, 'long')
    await second.services.cache.set('session', 'other', { kept: true }, 'long')
    expect(await second.services.cache.get('recordtype', 'probe')).toEqual({ kept: 'on B' })
    expect(second.services.cache.stats().recordtype!.entries).toBeGreaterThan(0)

    const reply = await clear(0, 'recordtype')
    expect(reply.statusCode).toBe(200)
    expect(reply.json<ClearAnswer>().nodes).toEqual({ asked: 2, confirmed: 2, redis: 'up' })
    // Confirmed means done: no waiting on the other node.
    expect(second.services.cache.stats().recordtype!.entries).toBe(0)
    expect(await second.services.cache.get('recordtype', 'probe')).toBeUndefined()
    expect(await second.services.cache.get('session', 'other')).toEqual({ kept: true })
  })

  it('Clear All on the other node reaches the first, with both confirmations', async () => {
    const first = site.nodes[0]!
    await first.services.cache.set('widget', 'probe', 1, 'long')
    const reply = await clear(1)
    expect(reply.statusCode).toBe(200)
    expect(reply.json<ClearAnswer>().nodes).toEqual({ asked: 2, confirmed: 2, redis: 'up' })
    expect(first.services.cache.stats().widget!.entries).toBe(0)
    expect(await first.services.cache.get('widget', 'probe')).toBeUndefined()
  })

  it("lists both nodes' figures on either node", async () => {
    const second = site.nodes[1]!
    await second.services.cache.set('widget', 'seen-on-b', 1, 'long')
    for (const [node, other] of [
      [0, 1],
      [1, 0],
    ] as const) {
      const view = await list(node)
      expect(view.redis).toBe('up')
      expect(view.nodes.map((each) => each.id)).toEqual([
        site.nodes[node]!.services.events.node,
        site.nodes[other]!.services.events.node,
      ])
      expect(view.nodes.map((each) => each.self)).toEqual([true, false])
      expect(view.nodes[1]!.rss).toBeGreaterThan(0)
    }
    // The second node's entry reaches the first with its next heartbeat.
    await expect
      .poll(
        async () => (await list(0)).nodes[1]!.caches.find((row) => row.type === 'widget')?.entries,
        { timeout: 10_000, interval: 200 },
      )
      .toBe(1)
  })

  it('a node that stops leaves the list, and a clear then asks one node', async () => {
    const third = await createKernel({
      config: testConfig(site.shared),
      plugins: [records, account, memory],
    })
    expect((await list(0)).nodes).toHaveLength(3)
    const three = await clear(0, 'session')
    expect(three.json<ClearAnswer>().nodes).toEqual({ asked: 3, confirmed: 3, redis: 'up' })
    await third.close()
    expect((await list(0)).nodes).toHaveLength(2)
  })

  it('lists and asks only the nodes that run the memory plugin, and does not wait for the others', async () => {
    // A node without the plugin never confirms: it is not in the plugin's node registry at all.
    const bare = await createKernel({
      config: testConfig(site.shared),
      plugins: [records, account],
    })
    try {
      expect((await list(0)).nodes).toHaveLength(2)
      const started = Date.now()
      const reply = await clear(0, 'session')
      expect(reply.json<ClearAnswer>().nodes).toEqual({ asked: 2, confirmed: 2, redis: 'up' })
      expect(Date.now() - started).toBeLessThan(CONFIRM_TIMEOUT_MS)
    } finally {
      await bare.close()
    }
  })

  it('says Redis is down, and asks nobody, when the shared clear failed', async () => {
    const first = site.nodes[0]!
    const cache = first.services.cache
    const health = first.services.redis!.health
    const original = cache.clear.bind(cache)
    // The breaker opens while the clear runs: the cache sends it through the database instead.
    const spy = vi.spyOn(cache, 'clear').mockImplementation(async (type) => {
      health.fail(new Error('connection lost in the test'), 'test')
      await original(type)
    })
    try {
      const reply = await clear(0, 'session')
      expect(reply.statusCode).toBe(200)
      expect(reply.json<ClearAnswer>().nodes).toEqual({ asked: 1, confirmed: 1, redis: 'down' })
    } finally {
      spy.mockRestore()
    }
    // Redis never went away: the heartbeat closes the breaker again.
    await expect.poll(() => health.available, { timeout: 10_000 }).toBe(true)
  })
})
