import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError } from './config-error.js'
import { loadConfig } from './load-config.js'

function project(files: Record<string, string> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-config-'))
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text)
  return dir
}

async function errorOf(promise: Promise<unknown>): Promise<ConfigError> {
  const error = await promise.catch((e: unknown) => e)
  expect(error).toBeInstanceOf(ConfigError)
  return error as ConfigError
}

describe('loadConfig', () => {
  it('has working defaults: port 3000, ./data, SQLite inside it, no plugin named', async () => {
    const cwd = project()
    const config = await loadConfig({ cwd, env: {} })
    expect(config.port).toBe(3000)
    expect(config.dataDir).toBe(path.join(cwd, 'data'))
    expect(config.databaseUrl).toBe(`sqlite:${path.join(cwd, 'data', 'shopwright.sqlite')}`)
    // The kernel names no plugin: the CLI runs its built-in ones for an empty list.
    expect(config.plugins).toEqual([])
    expect(config.settings).toEqual({})
    expect(config.bodyLimit).toBe('1mb')
    expect(config.redisUrl).toBeUndefined()
    expect(Object.isFrozen(config)).toBe(true)
  })

  it('reads the environment', async () => {
    const config = await loadConfig({
      cwd: project(),
      env: {
        PORT: '8080',
        DATA_DIR: '/tmp/sw',
        REDIS_URL: 'redis://127.0.0.1:6379',
        LOG_LEVEL: 'warn',
        PLUGINS: 'records, account ,drive',
        NODE_ENV: 'development',
        TRUST_PROXY: 'true',
      },
    })
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/tmp/sw',
      redisUrl: 'redis://127.0.0.1:6379',
      logLevel: 'warn',
      nodeEnv: 'development',
      trustProxy: true,
    })
    expect(config.plugins).toEqual(['records', 'account', 'drive'])
    expect(config.databaseUrl).toBe('sqlite:/tmp/sw/shopwright.sqlite')
  })

  it('lets shopwright.config.json override the environment', async () => {
    const cwd = project({
      'shopwright.config.json': JSON.stringify({ port: 4000, theme: 'my-theme' }),
    })
    const config = await loadConfig({ cwd, env: { PORT: '8080' } })
    expect(config.port).toBe(4000)
    expect(config.theme).toBe('my-theme')
  })

  it('reads shopwright.config.js and shopwright.config.ts', async () => {
    const js = await loadConfig({
      cwd: project({ 'shopwright.config.js': 'export default { port: 4100 }' }),
      env: {},
    })
    expect(js.port).toBe(4100)
    const ts = await loadConfig({
      cwd: project({
        'shopwright.config.ts':
          'const port: number = 4200\nexport default { port, logLevel: "debug" as const }',
      }),
      env: {},
    })
    expect(ts).toMatchObject({ port: 4200, logLevel: 'debug' })
  })

  it.each([
    [
      { PORT: 'abc' },
      /^Invalid configuration: PORT must be a whole number from 0 to 65535 \(got "abc"\)$/,
    ],
    [{ PORT: '70000' }, /PORT must be a whole number from 0 to 65535/],
    [{ PORT: '80.5' }, /PORT must be a whole number/],
    [{ SHUTDOWN_TIMEOUT: '-1' }, /SHUTDOWN_TIMEOUT must be a whole number from 0 to 600000/],
    [
      { DATABASE_URL: 'postgres://x' },
      /DATABASE_URL must start with sqlite:, mysql:\/\/ or mariadb:\/\//,
    ],
    [{ REDIS_URL: 'localhost:6379' }, /REDIS_URL/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV/],
    [{ BODY_LIMIT: 'lots' }, /BODY_LIMIT/],
    [{ PLUGINS: 'Records;drop' }, /PLUGINS/],
  ])('names the setting of a bad environment value %o', async (env, message) => {
    const error = await errorOf(loadConfig({ cwd: project(), env }))
    expect(error.message).toMatch(message)
  })

  it('names the file key of a bad file value, and unknown keys', async () => {
    const bad = await errorOf(
      loadConfig({ cwd: project({ 'shopwright.config.json': '{"port": "x"}' }), env: {} }),
    )
    expect(bad.setting).toBe('shopwright.config.json: port')
    // A key core does not know is kept for the plugins, which refuse it at boot if none claims it.
    const kept = await loadConfig({
      cwd: project({ 'shopwright.config.json': '{"prot": 1}' }),
      env: {},
    })
    expect(kept.settings).toEqual({ prot: 1 })
    expect(kept.settingSources).toEqual({ prot: 'shopwright.config.json: prot' })
    const reserved = await errorOf(
      loadConfig({ cwd: project({ 'shopwright.config.json': '{"settings": {}}' }), env: {} }),
    )
    expect(reserved.message).toMatch(/settings is not a known setting/)
  })

  it('refuses an unreadable or ambiguous config file', async () => {
    const broken = await errorOf(
      loadConfig({ cwd: project({ 'shopwright.config.json': '{ port: ' }), env: {} }),
    )
    expect(broken.message).toMatch(/shopwright.config.json cannot be read/)
    const both = await errorOf(
      loadConfig({
        cwd: project({
          'shopwright.config.json': '{}',
          'shopwright.config.js': 'export default {}',
        }),
        env: {},
      }),
    )
    expect(both.message).toMatch(/keep one config file/)
    const array = await errorOf(
      loadConfig({ cwd: project({ 'shopwright.config.json': '[]' }), env: {} }),
    )
    expect(array.message).toMatch(/must export an object/)
  })
})
