import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BIN,
  packWorkspaces,
  startPrebuiltMirror,
  type PrebuiltMirror,
} from '@shopwright/cli/testing'

/**
 * The issue's whole path, as a developer takes it: `shopwright create project` from `npm pack`
 * files of this repository's packages, in a folder outside it; `npm install`; a plugin and a theme
 * added with `new`; the project's own build, type check and tests; then the server, read over HTTP.
 */

const REPO = path.resolve(import.meta.dirname, '../..')

interface Ran {
  code: number | null
  output: string
}

/** Runs a program to the end (npm, node), with npm kept off the registry where its cache has the package. */
function exec(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<Ran> {
  // The project's own vitest must not take this run's settings for its own.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !key.startsWith('VITEST') && key !== 'NODE_ENV' && key !== 'TEST',
    ),
  )
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: {
        ...inherited,
        npm_config_prefer_offline: 'true',
        npm_config_audit: 'false',
        npm_config_fund: 'false',
        NO_COLOR: '1',
        FORCE_COLOR: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('error', reject)
    // Colour codes out, whatever a tool decides about them.
    // eslint-disable-next-line no-control-regex
    child.on('close', (code) => resolve({ code, output: output.replace(/\u001b\[[0-9;]*m/g, '') }))
  })
}

async function succeed(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<string> {
  const ran = await exec(command, args, cwd, env)
  if (ran.code !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${ran.code}):\n${ran.output}`)
  return ran.output
}

describe('shopwright create project, from packed packages', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-scaffold-'))
  const packs = path.join(work, 'packs')
  const root = path.join(work, 'Acme Shop')
  const projectBin = () =>
    path.join(root, 'node_modules', '@shopwright', 'cli', 'bin', 'shopwright.js')
  let server: { url: string; stop(): Promise<void>; output(): string } | undefined
  let mirror: PrebuiltMirror

  beforeAll(async () => {
    mirror = await startPrebuiltMirror()
    await packWorkspaces(REPO, packs)
  }, 300_000)

  afterAll(async () => {
    await server?.stop()
    await mirror?.close()
    fs.rmSync(work, { recursive: true, force: true })
  })

  it('creates a project that installs, with a sample plugin and a theme configured', async () => {
    const created = await succeed(
      process.execPath,
      [BIN, 'create', 'project', root, '--packages', packs, '--no-install'],
      work,
    )
    expect(created).toContain('created project acme-shop')
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>
    }
    expect(manifest.dependencies['@shopwright/cli']).toMatch(/^file:.*shopwright-cli-.*\.tgz$/)
    expect(fs.readFileSync(path.join(root, '.gitignore'), 'utf8')).toContain('node_modules/')
    await succeed('npm', ['install'], root, mirror.env)
    expect(fs.existsSync(projectBin())).toBe(true)
  }, 900_000)

  it('adds a plugin and a theme to the configuration, refusing a taken name', async () => {
    const plugin = await exec(
      process.execPath,
      [projectBin(), 'new', 'plugin', 'reviews', '--no-install'],
      path.join(root, 'plugins'),
    )
    expect(plugin.code).toBe(0)
    const theme = await exec(
      process.execPath,
      [projectBin(), 'new', 'theme', 'outlet', '--no-install'],
      root,
    )
    expect(theme.code).toBe(0)
    const config = fs.readFileSync(path.join(root, 'shopwright.config.ts'), 'utf8')
    expect(config).toContain("'@acme-shop/plugin-hello',\n    '@acme-shop/plugin-reviews',")
    expect(config).toContain("theme: '@acme-shop/theme-outlet'")
    const again = await exec(process.execPath, [projectBin(), 'new', 'plugin', 'reviews'], root)
    expect(again.code).toBe(2)
    expect(again.output).toContain('already exists')
    const builtIn = await exec(process.execPath, [projectBin(), 'new', 'plugin', 'records'], root)
    expect(builtIn.code).toBe(2)
    expect(fs.readFileSync(path.join(root, 'shopwright.config.ts'), 'utf8')).toBe(config)
    await succeed('npm', ['install'], root, mirror.env)
  }, 600_000)

  it("builds the plugins, the themes and the admin with the project's panels, then only what changed", async () => {
    const first = await succeed('npm', ['run', 'build'], root)
    expect(first).toContain('plugin @acme-shop/plugin-reviews: built')
    expect(first).toContain('theme @acme-shop/theme-outlet: built')
    expect(first).toContain('admin: built')
    const manifest = fs.readFileSync(
      path.join(root, '.shopwright/admin/.vite/manifest.json'),
      'utf8',
    )
    expect(manifest).toContain('plugins/reviews/src/admin/ReviewsScreen.tsx')
    expect(manifest).toContain('plugins/hello/src/admin/HelloScreen.tsx')
    const second = await succeed('npm', ['run', 'build'], root)
    expect(second).toContain('built 0 of 5 steps')
    // A change to a plugin's server code rebuilds that plugin, not the admin.
    const server = path.join(root, 'plugins/reviews/src/index.ts')
    fs.writeFileSync(server, `${fs.readFileSync(server, 'utf8')}\n// edited\n`)
    const third = await succeed('npm', ['run', 'build'], root)
    expect(third).toContain('plugin @acme-shop/plugin-reviews: built')
    expect(third).toContain('admin: unchanged')
    expect(third).toContain('built 1 of 5 steps')
  }, 600_000)

  it('type-checks, and its plugins pass their own tests', async () => {
    await succeed('npm', ['run', 'typecheck'], root)
    const tested = await succeed('npm', ['test'], root)
    expect(tested).toMatch(/Test Files\s+2 passed/)
    // On MariaDB too when this run has it (CI always does).
    if (process.env.SW_TEST_MYSQL_URL) expect(tested).toMatch(/Tests\s+8 passed/)
  }, 600_000)

  it('serves the theme, the plugin calls and the admin panel', async () => {
    server = await startProject(root, projectBin())
    const home = await fetch(`${server.url}/`)
    expect(home.status).toBe(200)
    const html = await home.text()
    expect(html).toContain('outlet-greeting')
    expect(html).toContain('Welcome to Outlet')
    const list = await fetch(`${server.url}/query/reviews/list`, {
      headers: { device: 'scaffold-test' },
    })
    expect(list.status).toBe(200)
    expect(await list.json()).toEqual([])
    const like = await fetch(`${server.url}/query/reviews/like/nothing`, {
      method: 'POST',
      headers: { device: 'scaffold-test', 'content-type': 'application/json' },
      body: '{}',
    })
    expect(like.status).toBe(404)
    const panel = await fetch(`${server.url}/reviews`)
    expect(panel.status).toBe(200)
    // The admin's page names the running plugins (the project's, then the CLI's admin and
    // storefront); the panel's code is in the project's build.
    expect(await panel.text()).toMatch(
      /name="shopwright-plugins" content="[^"]*,reviews,admin,storefront"/,
    )
  }, 120_000)
})

/** `shopwright start` in the project, on a free port, until it logs where it listens. */
function startProject(
  cwd: string,
  bin: string,
): Promise<{ url: string; stop(): Promise<void>; output(): string }> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
    }
    for (const key of ['DATA_DIR', 'DATABASE_URL', 'REDIS_URL', 'PLUGINS', 'THEME']) delete env[key]
    const child = spawn(process.execPath, [bin, 'start'], {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const exited = new Promise<void>((done) => child.on('exit', () => done()))
    const timer = setTimeout(() => reject(new Error(`not listening in time:\n${output}`)), 90_000)
    const read = (chunk: Buffer): void => {
      output += chunk.toString()
      const match = /"url":"(http:\/\/[^"]+)"/.exec(output)
      if (!match) return
      clearTimeout(timer)
      resolve({
        url: match[1]!,
        output: () => output,
        stop: () => {
          child.kill('SIGTERM')
          return exited
        },
      })
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    void exited.then(() => reject(new Error(`exited before listening:\n${output}`)))
  })
}
