import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { load } from 'js-yaml'
import { describe, expect, it } from 'vitest'

/**
 * The container recipe and the two-node compose file (docs/operations.md, "Containers") name paths,
 * settings and services of this repository: these checks keep them true as it changes. The image
 * itself is built where a Docker daemon runs, not in this suite.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8')

interface ComposeService {
  build?: string
  image?: string
  environment?: Record<string, string>
  depends_on?: Record<string, { condition: string }> | string[]
  healthcheck?: { test: string[] }
  volumes?: string[]
}

const compose = load(read('compose.yaml')) as { services: Record<string, ComposeService> }
/** The settings the configuration tables name: docs/configuration.md's (core's and the plugins'), and each plugin's own README. */
const settings = new Set(
  [
    'docs/configuration.md',
    ...fs.readdirSync(path.join(ROOT, 'plugins')).map((name) => `plugins/${name}/README.md`),
  ]
    .filter((file) => fs.existsSync(path.join(ROOT, file)))
    .flatMap((file) =>
      [...read(file).matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((match) => match[1]),
    ),
)

describe('the container recipe', () => {
  const dockerfile = read('Dockerfile')

  it('starts the CLI the repository builds, on the default port, with data in a volume', () => {
    const command = /^CMD \["node", "([^"]+)", "start"\]$/m.exec(dockerfile)
    expect(command, 'a CMD that starts the CLI').not.toBeNull()
    expect(fs.existsSync(path.join(ROOT, command![1]!))).toBe(true)
    expect(dockerfile).toMatch(/^EXPOSE 3000$/m)
    expect(dockerfile).toMatch(/DATA_DIR=\/data/)
    expect(dockerfile).toMatch(/^VOLUME \["\/data"\]$/m)
    expect(dockerfile).toMatch(/^USER node$/m)
    expect(dockerfile).toMatch(/\/healthz/)
    // The build installs exactly the lock file's versions and drops development packages.
    expect(dockerfile).toMatch(/npm ci\b/)
    expect(dockerfile).toMatch(/npm prune --omit=dev/)
  })

  it('leaves installed and built output out of the build context', () => {
    const ignored = read('.dockerignore').split('\n')
    for (const entry of ['**/node_modules', '**/dist', '.git', 'data'])
      expect(ignored).toContain(entry)
  })
})

describe('the two-node compose file', () => {
  const { services } = compose

  it('runs two app nodes on one MariaDB and one Redis, each waiting for them to be healthy', () => {
    for (const name of ['app1', 'app2']) {
      const app = services[name]!
      expect(app.build).toBe('.')
      expect(app.environment?.DATABASE_URL).toMatch(/^mysql:\/\/[^@]+@mariadb:3306\//)
      expect(app.environment?.REDIS_URL).toBe('redis://redis:6379')
      expect(app.depends_on).toEqual({
        mariadb: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
      })
    }
    expect(services.mariadb?.healthcheck).toBeDefined()
    expect(services.redis?.healthcheck).toBeDefined()
  })

  it('sets only settings the configuration knows', () => {
    for (const name of ['app1', 'app2'])
      for (const key of Object.keys(services[name]!.environment ?? {}))
        expect(settings.has(key), `${name}: ${key} is in no configuration table`).toBe(true)
  })

  it('balances both nodes behind the proxy, dropping one whose /readyz fails', () => {
    const caddyfile = read('deploy/Caddyfile')
    expect(services.proxy?.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro')
    expect(caddyfile).toMatch(/reverse_proxy app1:3000 app2:3000/)
    expect(caddyfile).toMatch(/health_uri \/readyz/)
  })
})
