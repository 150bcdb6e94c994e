import { beforeAll, expect, it } from 'vitest'
import { definePlugin, SYSTEM_ACTOR } from '@shopwright/core'
import { codeOf, describePlugin } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '@shopwright/plugin-account'
import memory, { MEMORY_TYPES, type ClearAnswer, type MemoryList } from '../src/index.js'
import { clearOn, MEMORY_SUITE, type Person } from './helpers.js'

/** A plugin with page and site caches, added through memory's own API as the storefront does. */
const pages = definePlugin({
  name: 'probe-pages',
  bootstrap({ optional }) {
    optional('memory')?.cacheTypes.add('probe-page', 'html').add('probe-site', 'website')
  },
})

describePlugin(
  'the memory calls',
  { ...MEMORY_SUITE, plugins: [...MEMORY_SUITE.plugins, pages] },
  (site) => {
    const entries = (type: string) => site.kernel.services.cache.stats()[type]?.entries ?? 0
    const clear = (type?: string, who: Person = 'developer') =>
      clearOn(site.kernel, site.cookie(who), type)

    beforeAll(async () => {
      // The suites' viewer: view on memory, no delete.
      await site.kernel.services.records.modify(
        SYSTEM_ACTOR,
        'security',
        'memory',
        ['access'],
        (r) => {
          r.access = [
            ...(r.access as object[]),
            { id: 'development', role: 'development', view: true },
          ]
        },
      )
    })

    it("lists this node's figures and what each memory type clears", async () => {
      // A record read fills the recordtype and access caches.
      expect((await site.call('developer', { url: '/query/memory/list' })).statusCode).toBe(200)
      const reply = await site.call('developer', { url: '/query/memory/list' })
      expect(reply.statusCode).toBe(200)
      const list = reply.json<MemoryList>()
      expect(list.redis).toBe('off')
      expect(list.nodes).toHaveLength(1)
      const [node] = list.nodes
      expect(node).toMatchObject({
        id: site.kernel.services.events.node,
        self: true,
        pid: process.pid,
      })
      expect(node!.rss).toBeGreaterThan(0)
      expect(node!.heapUsed).toBeGreaterThan(0)
      // The security record was read once (a miss) and then from the cache (a hit).
      const access = node!.caches.find((row) => row.type === 'access')
      expect(access).toMatchObject({ memoryType: 'access' })
      expect(access!.entries).toBeGreaterThan(0)
      expect(access!.hits).toBeGreaterThan(0)
      expect(access!.misses).toBeGreaterThan(0)
      expect(node!.hitRate).toBeGreaterThan(0)
      expect(list.types.map((each) => each.type)).toEqual([...MEMORY_TYPES])
      const caches = Object.fromEntries(list.types.map((each) => [each.type, each.caches]))
      expect(caches.recordtype).toEqual(['recordcount', 'recordtext', 'recordtype'])
      expect(caches.session).toEqual(['session'])
      // Added by a plugin in its bootstrap: listed before anything is cached under it.
      expect(caches.html).toEqual(['probe-page'])
      expect(caches.css).toEqual([])
    })

    it("clears one type on this node and leaves the others' entries", async () => {
      await site.kernel.services.cache.set('recordtype', 'probe', { a: 1 }, 'long')
      await site.kernel.services.cache.set('session', 'probe', { a: 1 }, 'long')
      const reply = await clear('recordtype')
      expect(reply.statusCode).toBe(200)
      expect(reply.json<ClearAnswer>()).toEqual({
        cleared: ['recordtype'],
        caches: { recordtype: ['recordcount', 'recordtext', 'recordtype'] },
        nothing: [],
        nodes: { asked: 1, confirmed: 1, redis: 'off' },
      })
      expect(await site.kernel.services.cache.get('recordtype', 'probe')).toBeUndefined()
      expect(entries('recordtype')).toBe(0)
      expect(await site.kernel.services.cache.get('session', 'probe')).toEqual({ a: 1 })
    })

    it('clears a cache type no memory type names under misc', async () => {
      await site.kernel.services.cache.set('widget', 'probe', 1, 'long')
      const list = (await site.call('developer', { url: '/query/memory/list' })).json<MemoryList>()
      expect(list.types.find((each) => each.type === 'misc')!.caches).toContain('widget')
      const reply = await clear('misc')
      expect(reply.statusCode).toBe(200)
      expect(reply.json<ClearAnswer>().caches.misc).toContain('widget')
      expect(entries('widget')).toBe(0)
    })

    it('says a type with no cache on this site clears nothing', async () => {
      const reply = await clear('css')
      expect(reply.statusCode).toBe(200)
      expect(reply.json<ClearAnswer>()).toMatchObject({
        cleared: ['css'],
        caches: { css: [] },
        nothing: ['css'],
      })
    })

    it('clears everything without a type, as an administrator too', async () => {
      await site.kernel.services.cache.set('session', 'probe', 1, 'long')
      await site.kernel.services.cache.set('widget', 'probe', 1, 'long')
      const reply = await clear(undefined, 'admin')
      expect(reply.statusCode).toBe(200)
      const answer = reply.json<ClearAnswer>()
      expect(answer.cleared).toEqual([...MEMORY_TYPES])
      expect(answer.nothing).toEqual(['css', 'script', 'cart'])
      expect(answer.nodes).toEqual({ asked: 1, confirmed: 1, redis: 'off' })
      for (const [type, figures] of Object.entries(site.kernel.services.cache.stats()))
        expect(figures.entries, type).toBe(0)
    })

    it('refuses callers without the rights: view to list, delete to clear', async () => {
      await site.kernel.services.cache.set('session', 'kept', 1, 'long')
      const list = (who?: Person) => site.call(who, { url: '/query/memory/list' })
      expect((await list()).statusCode).toBe(401)
      expect(codeOf(await list())).toBe('ERROR_NOT_SIGNED_IN')
      expect((await list('manager')).statusCode).toBe(403)
      expect(codeOf(await list('manager'))).toBe('ERROR_ACCESS_DENIED')
      expect((await list('viewer')).statusCode).toBe(200)
      const anonymous = await site.call(undefined, {
        method: 'POST',
        url: '/query/memory/clear/session',
      })
      expect(anonymous.statusCode).toBe(401)
      for (const who of ['manager', 'viewer'] as const) {
        const refused = await clear('session', who)
        expect(refused.statusCode, who).toBe(403)
        expect(codeOf(refused)).toBe('ERROR_ACCESS_DENIED')
        expect((await clear(undefined, who)).statusCode, who).toBe(403)
      }
      expect(await site.kernel.services.cache.get('session', 'kept')).toBe(1)
    })

    it('refuses hostile input with a code, and clears nothing', async () => {
      await site.kernel.services.cache.set('session', 'kept', 1, 'long')
      for (const type of ['nosuch', 'HTML', 'html%20', 'session%00', 'misc,html']) {
        const reply = await clear(type)
        expect(reply.statusCode, type).toBe(400)
        expect(codeOf(reply), type).toBe('ERROR_MEMORY_TYPE_UNKNOWN')
      }
      const long = await clear('x'.repeat(500))
      expect(long.statusCode).toBe(400)
      expect(long.json<{ values?: string[] }>().values?.[0]?.length).toBeLessThan(50)
      for (const url of [
        '/query/memory/clear/session/extra',
        '/query/memory/clear/../list',
        '/query/memory/clear/%2e%2e',
        '/query/memory/clear/..%2Fsession',
        '/query/memory//clear/session',
      ]) {
        const reply = await site.call('developer', { method: 'POST', url })
        expect(reply.statusCode, url).toBeGreaterThanOrEqual(400)
        expect(reply.statusCode, url).toBeLessThan(500)
        expect(codeOf(reply), url).toMatch(/^ERROR_/)
      }
      // An option or a body is not a way to name the type: refused, not read as Clear All.
      for (const request of [
        { url: '/query/memory/clear?type=html' },
        { url: '/query/memory/clear/session?all=1' },
        { url: '/query/memory/clear', payload: { type: 'html' } },
      ]) {
        const reply = await site.call('developer', { method: 'POST', ...request })
        expect(reply.statusCode, request.url).toBe(400)
        expect(codeOf(reply), request.url).toBe('ERROR_INVALID_INPUT')
      }
      const get = await site.call('developer', { url: '/query/memory/clear/session' })
      expect(get.statusCode).toBe(405)
      expect(codeOf(get)).toBe('ERROR_METHOD_NOT_ALLOWED')
      const getAll = await site.call('developer', { url: '/query/memory/clear' })
      expect(getAll.statusCode).toBe(405)
      const noDevice = await site.call('developer', {
        method: 'POST',
        url: '/query/memory/clear/session',
        device: null,
      })
      expect(noDevice.statusCode).toBe(403)
      expect(codeOf(noDevice)).toBe('ERROR_DEVICE_REQUIRED')
      expect(await site.kernel.services.cache.get('session', 'kept')).toBe(1)
    })
  },
)

describePlugin('the memory record', { plugins: [records, account, memory] }, (site) => {
  it('is seeded by the plugin on a site without the sample company', async () => {
    const record = await site.kernel.services.records.find('security', 'memory')
    expect(record?.access).toEqual([
      {
        id: 'developmentmanager',
        role: 'developmentmanager',
        view: true,
        edit: true,
        create: true,
        delete: true,
        publish: true,
      },
    ])
  })
})
