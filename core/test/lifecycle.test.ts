import http from 'node:http'
import { describe, expect, it } from 'vitest'
import { createKernel, definePlugin, KernelError, type PluginDefinition } from '../src/index.js'
import { inject, testConfig } from '../src/testing/index.js'

function recorder() {
  const calls: string[] = []
  const make = (name: string, dependsOn: string[] = []): PluginDefinition =>
    definePlugin({
      name,
      dependsOn,
      register: () => void calls.push(`register ${name}`),
      bootstrap: () => void calls.push(`bootstrap ${name}`),
      destroy: () => void calls.push(`destroy ${name}`),
    })
  return { calls, make }
}

async function tablesOf(kernel: Awaited<ReturnType<typeof createKernel>>): Promise<string[]> {
  const rows = (await kernel.services.db.raw(
    "select name from sqlite_master where type = 'table' order by name",
  )) as Array<{ name: string }>
  return rows.map((row) => row.name)
}

describe('kernel lifecycle', () => {
  it('runs register, then bootstrap, in dependency order, and destroy in reverse, each once', async () => {
    const { calls, make } = recorder()
    const kernel = await createKernel({
      config: testConfig(),
      plugins: [make('shop', ['base']), make('base')],
    })
    expect(calls).toEqual(['register base', 'register shop', 'bootstrap base', 'bootstrap shop'])
    await Promise.all([kernel.close(), kernel.close()])
    await kernel.close()
    expect(calls.slice(4)).toEqual(['destroy shop', 'destroy base'])
  })

  it('fails at boot with a coded error on a missing dependency, a duplicate or a cycle', async () => {
    const { make } = recorder()
    for (const [plugins, code] of [
      [[make('a', ['missing'])], 'SW_PLUGIN_DEPENDENCY_MISSING'],
      [[make('a'), make('a')], 'SW_PLUGIN_DUPLICATE'],
      [[make('a', ['b']), make('b', ['a'])], 'SW_PLUGIN_CYCLE'],
    ] as const) {
      const error = await createKernel({ config: testConfig(), plugins }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(KernelError)
      expect((error as KernelError).code).toBe(code)
    }
  })

  it('a plugin with no routes and no tables costs nothing: no middleware, no route, no table of its own', async () => {
    const bare = await createKernel({ config: testConfig(), plugins: [] })
    const empties = Array.from({ length: 25 }, (_, index) =>
      definePlugin({ name: `empty-${index}` }),
    )
    const loaded = await createKernel({ config: testConfig(), plugins: empties })
    try {
      expect(loaded.app.middleware.length).toBe(bare.app.middleware.length)
      expect(await tablesOf(loaded)).toEqual(await tablesOf(bare))
      expect((await inject(loaded, { url: '/query/empty-1' })).statusCode).toBe(404)
    } finally {
      await Promise.all([bare.close(), loaded.close()])
    }
  })

  it('runs each migration once, named after its plugin, and is ready only when none is pending', async () => {
    const config = testConfig()
    let runs = 0
    const withTable = definePlugin({
      name: 'notes',
      migrations: [
        {
          name: '001-notes',
          up: async (db) =>
            void (runs++, await db.schema.createTable('notes', (t) => t.string('id'))),
        },
      ],
    })
    const unmigrated = await createKernel({ config, plugins: [withTable], migrate: false })
    expect(unmigrated.ready).toBe(false)
    const notReady = await inject(unmigrated, { url: '/readyz' })
    expect(notReady.statusCode).toBe(503)
    expect(notReady.json<{ message: string }>().message).toBe('ERROR_NOT_READY')
    await unmigrated.close()

    for (let boot = 0; boot < 2; boot++) {
      const kernel = await createKernel({ config, plugins: [withTable] })
      expect(kernel.ready).toBe(true)
      const names = await kernel.services.db('sw_migrations').pluck('name')
      expect(names).toEqual(['kernel/002-meters', 'notes/001-notes'])
      await kernel.close()
    }
    expect(runs).toBe(1)
  })

  it('reports a failed migration with a coded error and leaves nothing open', async () => {
    const broken = definePlugin({
      name: 'broken',
      migrations: [{ name: '001', up: async () => Promise.reject(new Error('boom')) }],
    })
    const error = await createKernel({ config: testConfig(), plugins: [broken] }).catch(
      (e: unknown) => e,
    )
    expect((error as KernelError).code).toBe('SW_MIGRATION_FAILED')
  })

  it('names DATABASE_URL when the database cannot be reached', async () => {
    const config = testConfig({ databaseUrl: 'mysql://nobody:wrong@127.0.0.1:1/none' })
    await expect(createKernel({ config, plugins: [] })).rejects.toThrow(/DATABASE_URL/)
  })

  it('drains an open request on close and refuses new connections', async () => {
    let release!: () => void
    const started = new Promise<void>((resolve) => {
      release = resolve
    })
    const slow = definePlugin({
      name: 'slow',
      routes(router) {
        router.get('/slow', async (ctx) => {
          release()
          await new Promise((resolve) => setTimeout(resolve, 300))
          ctx.body = { done: true }
        })
      },
    })
    const kernel = await createKernel({ config: testConfig(), plugins: [slow] })
    const { url } = await kernel.listen(0, '127.0.0.1')
    const pending = fetch(`${url}/query/slow`).then(async (res) => ({
      status: res.status,
      body: await res.json(),
    }))
    await started
    const closing = kernel.close()
    expect(await pending).toEqual({ status: 200, body: { done: true } })
    await closing
    await expect(
      new Promise((resolve, reject) => http.get(`${url}/healthz`, resolve).on('error', reject)),
    ).rejects.toThrow(/ECONNREFUSED/)
  })
})
