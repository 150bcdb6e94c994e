import { afterAll, describe, expect, it } from 'vitest'
import { allSeeds } from '@shopwright/seeds'
import type { RecordData } from '@shopwright/core'
import records from '@shopwright/plugin-records'
import drive from '@shopwright/plugin-drive'
import memory from '@shopwright/plugin-memory'
import sessions from '@shopwright/plugin-sessions'
import log from '@shopwright/plugin-log'
import insights from '@shopwright/plugin-insights'
import billing from '@shopwright/plugin-billing'
import commerce from '@shopwright/plugin-commerce'
import account from '@shopwright/plugin-account'
import translations from '@shopwright/plugin-translations'
import { databasesUnderTest, redisSkipReason, redisUrlForTests } from '@shopwright/core/testing'
import { projectDir, run, startServer, type RunningServer } from '../src/testing/index.js'
import { DEFAULT_PLUGINS } from '../src/resolve-plugins.js'

const running: RunningServer[] = []
afterAll(async () => {
  await Promise.all(running.map((server) => server.stop()))
})

describe('shopwright command line', () => {
  it.each([
    [{ PORT: 'abc' }, /Invalid configuration: PORT /],
    [{ DATABASE_URL: 'postgres://db/x' }, /Invalid configuration: DATABASE_URL must start with/],
    [{ PLUGINS: 'records,nosuchplugin' }, /SW_PLUGIN_NOT_FOUND: plugin "nosuchplugin"/],
    [
      { DATABASE_URL: 'mysql://root@127.0.0.1:1/none' },
      /Cannot connect to the database at DATABASE_URL/,
    ],
  ])('stops start-up on bad configuration %o with a message naming it', async (env, message) => {
    const result = await run(['start'], projectDir(), env)
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(message)
  })

  it('names the key of a bad shopwright.config.json', async () => {
    const result = await run(['migrate'], projectDir({ 'shopwright.config.json': '{"port": -1}' }))
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/shopwright.config.json: port/)
  })

  it('migrate applies every plugin migration once', async () => {
    const cwd = projectDir()
    // The kernel's own tables first (the meters), then the plugins' in start order.
    const expected = [
      'kernel/002-meters',
      ...[records, account, drive, sessions, insights, billing, commerce, log].flatMap((plugin) =>
        (plugin.migrations ?? []).map((m) => `${plugin.name}/${m.name}`),
      ),
    ]
    const first = await run(['migrate'], cwd)
    expect(first.code).toBe(0)
    expect(first.stdout).toContain(
      `Applied ${expected.length} migration(s):\n  ${expected.join('\n  ')}`,
    )
    expect((await run(['migrate'], cwd)).stdout).toMatch(/up to date/)
  })

  it('seed inserts the sample company and plugin seeds once and leaves existing records alone', async () => {
    const cwd = projectDir()
    const pluginSeeds = [
      records,
      account,
      translations,
      drive,
      memory,
      sessions,
      insights,
      billing,
      commerce,
      log,
    ].flatMap((plugin) => [
      ...((typeof plugin.seeds === 'function'
        ? plugin.seeds()
        : (plugin.seeds ?? [])) as RecordData[]),
      // The security records the plugin declares, seeded with its other records.
      ...Object.keys(plugin.security ?? {}).map((id) => ({ type: 'security', id })),
    ])
    const total = new Set(
      [...pluginSeeds, ...allSeeds()].map((record) => `${record.type}/${record.id}`),
    ).size
    expect((await run(['seed'], cwd)).stdout).toContain(
      `Seeded ${total} record(s); 0 already existed`,
    )
    expect((await run(['seed'], cwd)).stdout).toContain(
      `Seeded 0 record(s); ${total} already existed`,
    )
  })

  it('user add creates a sign-in account and refuses a duplicate or a short password', async () => {
    const cwd = projectDir()
    const created = await run(
      [
        'user',
        'add',
        '--email',
        'Boss@Example.com',
        '--password',
        'secret12',
        '--name',
        'The Boss',
        '--roles',
        'administrator,allmanagers',
      ],
      cwd,
    )
    expect(created.stdout).toMatch(
      /^Created employee 1 <boss@example.com> with roles: administrator, allmanagers/,
    )
    const duplicate = await run(
      ['user', 'add', '--email', 'boss@example.com', '--password', 'secret12'],
      cwd,
    )
    expect(duplicate.code).toBe(1)
    expect(duplicate.stderr).toMatch(/ERROR_RECORD_ALREADY_EXISTS/)
    const short = await run(['user', 'add', '--email', 'x@example.com', '--password', '123'], cwd)
    expect(short.code).toBe(1)
    expect(short.stderr).toMatch(/ERROR_PASSWORD_TOO_SHORT/)
    const missing = await run(['user', 'add', '--email', 'x@example.com'], cwd)
    expect(missing.code).not.toBe(0)
    expect(missing.stderr).toMatch(/--password/)
  })

  it('start seeds an empty database, serves, and stops cleanly on SIGTERM', async () => {
    const server = await startServer(projectDir())
    running.push(server)
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
    expect(await (await fetch(`${server.url}/query/server/info`)).json()).toMatchObject({
      // The project names none: the CLI's defaults, then its own two, the admin server and the
      // storefront.
      plugins: [...DEFAULT_PLUGINS, 'admin', 'storefront'],
    })
    expect(server.output()).toMatch(/seeded the sample company/)
    // The first administrator's random password is printed once, and it signs in.
    const printed = /as admin@example\.com with the password (\S+) \(shown once\)/.exec(
      server.output(),
    )
    expect(printed).not.toBeNull()
    const login = await fetch(`${server.url}/query/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', device: 'cli-test' },
      body: JSON.stringify({ email: 'admin@example.com', password: printed![1] }),
    })
    expect(login.status).toBe(200)
    expect(await login.json()).toMatchObject({ roles: ['administrator'] })
    // The password is printed for whoever started the site, never kept in the site's log.
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!
    const siteLog = await fetch(`${server.url}/query/log/list?pagesize=1000`, {
      headers: { device: 'cli-test', cookie },
    })
    expect(siteLog.status).toBe(200)
    const logged = await siteLog.text()
    expect(logged).toContain('"source":"record"')
    expect(logged).not.toContain(printed![1])
    expect(await server.stop()).toBe(0)
    expect(server.output()).toMatch(/stopping: draining open requests/)
  })
})

describe('a plugin added to a running site', () => {
  it('gets its records at the next start, with no seed step, and later starts insert nothing', async () => {
    const dir = projectDir()
    const first = await startServer(dir)
    running.push(first)
    expect(await first.stop()).toBe(0)
    const env = { PLUGINS: 'records,account,translations,example' }
    const added = await startServer(dir, env)
    running.push(added)
    // The announcement type and its security record: the example plugin's two seeds.
    expect(added.output()).toMatch(/"inserted":2.*seeded the plugins' missing records/)
    const current = await fetch(`${added.url}/query/announcements/current`, {
      headers: { device: 'cli-test' },
    })
    expect(current.status).toBe(200)
    expect(await added.stop()).toBe(0)
    const again = await startServer(dir, env)
    running.push(again)
    expect(again.output()).not.toMatch(/seeded the plugins' missing records/)
    const code = await again.stop()
    expect(code, again.output()).toBe(0)
  })
})

describe('the admin app from shopwright start', () => {
  it("answers the admin paths and a plugin's own admin paths with the app, and nothing else", async () => {
    const config = `export default {
  plugins: [
    'records',
    'account',
    {
      name: 'greetings',
      bootstrap({ optional }) {
        optional('admin')?.addPaths('greetings', ['/greetings', '/greetings/:id'])
      },
    },
  ],
}`
    const server = await startServer(projectDir({ 'shopwright.config.js': config }))
    running.push(server)
    for (const address of ['/data', '/data/country/fr', '/bin', '/login', '/greetings/5']) {
      const response = await fetch(`${server.url}${address}`, { headers: { accept: 'text/html' } })
      expect(response.status, address).toBe(200)
      expect(await response.text(), address).toContain('<div id="root">')
    }
    expect((await fetch(`${server.url}/greetingsx`)).status).toBe(404)
    // In the plugin's area but no panel's address: the app's page, with a real 404.
    const unknown = await fetch(`${server.url}/greetings/5/edit`, {
      headers: { accept: 'text/html' },
    })
    expect(unknown.status).toBe(404)
    expect(await unknown.text()).toContain('<div id="root">')
    expect(await server.stop()).toBe(0)
  })
})

// A plugin given as an object in the project's config file, reaching the cache over HTTP.
const PROBE_CONFIG = `export default {
  plugins: ['records', 'account', {
    name: 'probe',
    routes(router, { services }) {
      router.get('/probe/cache/:key', async (ctx) => {
        ctx.body = { value: (await services.cache.get('website', ctx.params.key)) ?? null }
      })
      router.post('/probe/cache/:key', async (ctx) => {
        await services.cache.set('website', ctx.params.key, ctx.request.body.value, 'long')
        ctx.body = { ok: true }
      })
      router.post('/probe/clear/:type', async (ctx) => {
        await services.cache.clear(ctx.params.type)
        ctx.body = { ok: true }
      })
    },
  }],
}
`

const mariadb = databasesUnderTest().find((database) => database.name === 'mariadb')!
describe.skipIf(mariadb.skip || redisSkipReason())(
  'two shopwright processes on one MariaDB and Redis',
  () => {
    it('start together, migrate once, and share the cache and its clears', async () => {
      const { url, drop } = await mariadb.create()
      try {
        const env = {
          DATABASE_URL: url,
          REDIS_URL: redisUrlForTests()!,
          REDIS_PREFIX: `swcli${Date.now()}`,
        }
        const [one, two] = await Promise.all([
          startServer(projectDir({ 'shopwright.config.js': PROBE_CONFIG }), env),
          startServer(projectDir({ 'shopwright.config.js': PROBE_CONFIG }), env),
        ])
        running.push(one, two)
        const post = (server: RunningServer, path: string, body: unknown = {}) =>
          fetch(`${server.url}/query${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', device: 'cli-test' },
            body: JSON.stringify(body),
          })
        const read = async (server: RunningServer) =>
          (
            (await (await fetch(`${server.url}/query/probe/cache/home`)).json()) as {
              value: unknown
            }
          ).value

        expect((await post(one, '/probe/cache/home', { value: 'cached on one' })).status).toBe(200)
        expect(await read(two)).toBe('cached on one')
        expect(await read(two)).toBe('cached on one')
        expect((await post(two, '/probe/clear/website')).status).toBe(200)
        let value: unknown = 'not cleared'
        for (let attempt = 0; attempt < 50 && value !== null; attempt++) {
          value = await read(one)
          if (value !== null) await new Promise((resolve) => setTimeout(resolve, 20))
        }
        expect(value).toBeNull()
        expect(await read(two)).toBeNull()
        expect(await one.stop()).toBe(0)
        expect(await two.stop()).toBe(0)
      } finally {
        await drop()
      }
    })
  },
)
