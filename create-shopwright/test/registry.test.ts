import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { packWorkspaces, startPrebuiltMirror, type PrebuiltMirror } from '@shopwright/cli/testing'
import { freePort } from '@shopwright/testkit/free-port'

/**
 * A newcomer with no checkout (docs/contributing.md, "Packages and the registry"): every package of
 * this repository published to a registry of its own (Verdaccio, on loopback, passing everything
 * else through to the machine's registry), then `npm create shopwright@latest` and `npx
 * @shopwright/cli create project` in a folder outside the repository, with the repository's
 * folders taken off PATH. The project installs from the registry, starts and serves its shop; then
 * a developer's path on it: a plugin and a theme added with `new`, the project's own build (only
 * what changed the second time), type check and tests, and the server reading them over HTTP.
 */

const REPO = path.resolve(import.meta.dirname, '../..')
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-registry-'))
const elsewhere = path.join(work, 'elsewhere')
const UPSTREAM = process.env.npm_config_registry || 'https://registry.npmjs.org/'

let registry: { url: string; child: ChildProcess; output: () => string }
let mirror: PrebuiltMirror
let npmEnv: NodeJS.ProcessEnv

/** The environment of a newcomer's shell: nothing of this run or of the repository. */
function newcomerEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_|VITEST|SW_|INIT_CWD$|NODE_ENV$|TEST$)/.test(key)) continue
    if (/^(DATA_DIR|DATABASE_URL|REDIS_URL|PLUGINS|THEME|PORT|HOST)$/.test(key)) continue
    env[key] = value
  }
  env.PATH = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((entry) => !path.resolve(entry).startsWith(REPO))
    .join(path.delimiter)
  return { ...env, NO_COLOR: '1', FORCE_COLOR: '0', npm_config_audit: 'false', ...extra }
}

/** Runs a program to its end; rejects with its output unless it exits with 0. */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  return new Promise<{ stdout: string; output: string }>((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      output += chunk.toString()
    })
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0
        ? resolve({ stdout, output })
        : reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${output}`)),
    )
  })
}

/** Verdaccio on a free loopback port, its storage in `work`, until it answers its ping. */
async function startRegistry(): Promise<typeof registry> {
  const port = await freePort()
  const config = path.join(work, 'verdaccio.yaml')
  fs.writeFileSync(
    config,
    [
      `storage: ${path.join(work, 'storage')}`,
      'auth:',
      `  htpasswd: { file: ${path.join(work, 'htpasswd')} }`,
      'uplinks:',
      // Other packages' lists kept for the whole test (Verdaccio's default is 2 minutes): the
      // second install would otherwise ask the upstream registry again for each of about a
      // thousand packages.
      `  upstream: { url: ${UPSTREAM}, timeout: 60s, max_fails: 20, maxage: 30m }`,
      'packages:',
      // Ours come from this registry only: never from the upstream one.
      "  '@shopwright/*': { access: $all, publish: $authenticated }",
      "  'create-shopwright': { access: $all, publish: $authenticated }",
      "  '**': { access: $all, proxy: upstream }",
      'log: { type: stdout, format: pretty, level: warn }',
      '',
    ].join('\n'),
  )
  const bin = createRequire(import.meta.url).resolve('verdaccio/bin/verdaccio')
  const child = spawn(
    process.execPath,
    [bin, '--config', config, '--listen', `127.0.0.1:${port}`],
    {
      cwd: work,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const url = `http://127.0.0.1:${port}/`
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`Verdaccio exited:\n${output}`)
    const ping = await fetch(`${url}-/ping`).catch(() => null)
    if (ping?.ok) break
    if (tries > 300) throw new Error(`Verdaccio did not answer:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { url, child, output: () => output }
}

/** A publisher's account on the registry; answers its token. */
async function signUp(url: string): Promise<string> {
  const answer = await fetch(`${url}-/user/org.couchdb.user:publisher`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'publisher', password: 'publisher-password-1' }),
  })
  const body = (await answer.json()) as { token?: string }
  if (!answer.ok || !body.token) throw new Error(`no account: ${JSON.stringify(body)}`)
  return body.token
}

/** What npx installed for an earlier run of this test: it would run that instead of ours. */
function forgetEarlierNpx(): void {
  const cache = execFileSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).trim()
  const npx = path.join(cache, '_npx')
  if (!fs.existsSync(npx)) return
  for (const entry of fs.readdirSync(npx)) {
    const manifest = path.join(npx, entry, 'package.json')
    if (!fs.existsSync(manifest)) continue
    const text = fs.readFileSync(manifest, 'utf8')
    if (text.includes('"create-shopwright"') || text.includes('"@shopwright/cli"'))
      fs.rmSync(path.join(npx, entry), { recursive: true, force: true })
  }
}

/** The relative links of a Markdown file that name no file: what a reader would find broken. */
function brokenLinks(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8')
  const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!)
  return targets
    .filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith('#'))
    .filter((target) => !fs.existsSync(path.resolve(path.dirname(file), target.split('#')[0]!)))
}

/** `npm start` in the project until its shop answers 200; stops its process group afterwards. */
async function firstPage(root: string, env: NodeJS.ProcessEnv): Promise<string> {
  const port = await freePort()
  const child = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  try {
    const deadline = Date.now() + 5 * 60_000
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited:\n${output}`)
      const page = await fetch(`http://127.0.0.1:${port}/`).catch(() => null)
      if (page?.status === 200) return await page.text()
      if (Date.now() > deadline) throw new Error(`no first page in time:\n${output}`)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  } finally {
    const gone = new Promise((resolve) => child.once('exit', resolve))
    if (child.exitCode === null) {
      process.kill(-child.pid!, 'SIGTERM')
      await gone
    }
  }
}

/** `shopwright start` in the project, on a free port, until it logs where it listens. */
async function startProject(
  root: string,
  env: NodeJS.ProcessEnv,
): Promise<{ url: string; stop(): Promise<void> }> {
  const bin = path.join(root, 'node_modules/@shopwright/cli/bin/shopwright.js')
  const child = spawn(process.execPath, [bin, 'start'], {
    cwd: root,
    env: { ...env, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM')
    await exited
  }
  const deadline = Date.now() + 90_000
  for (;;) {
    const url = /"url":"(http:\/\/[^"]+)"/.exec(output)?.[1]
    if (url) return { url, stop }
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop()
      throw new Error(`shopwright start did not listen:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe('a project made from the registry, with no checkout', () => {
  beforeAll(async () => {
    const packs = path.join(work, 'packs')
    await packWorkspaces(REPO, packs)
    registry = await startRegistry()
    mirror = await startPrebuiltMirror()
    const token = await signUp(registry.url)
    const npmrc = path.join(work, 'npmrc')
    const host = registry.url.replace(/^http:/, '')
    fs.writeFileSync(npmrc, `registry=${registry.url}\n${host}:_authToken=${token}\n`)
    npmEnv = newcomerEnv({ ...mirror.env, npm_config_userconfig: npmrc })
    for (const file of fs.readdirSync(packs).sort())
      await run('npm', ['publish', path.join(packs, file)], work, npmEnv)
    forgetEarlierNpx()
    fs.mkdirSync(elsewhere)
  }, 600_000)

  afterAll(async () => {
    registry?.child.kill()
    await mirror?.close()
    fs.rmSync(work, { recursive: true, force: true })
  })

  it('serves every published package at the one version they share', async () => {
    const published = JSON.parse(
      (await run('npm', ['view', '@shopwright/cli', 'versions', '--json'], work, npmEnv)).stdout,
    ) as string[] | string
    const cli = JSON.parse(fs.readFileSync(path.join(REPO, 'cli/package.json'), 'utf8')) as {
      version: string
    }
    expect([published].flat()).toEqual([cli.version])
    const creator = await run('npm', ['view', 'create-shopwright', 'version'], work, npmEnv)
    expect(creator.stdout.trim()).toBe(cli.version)
  })

  it('npm create shopwright@latest makes a project that installs from the registry, starts and serves its shop', async () => {
    const { output: created } = await run(
      'npm',
      ['create', 'shopwright@latest', 'my-shop', '--', '--install'],
      elsewhere,
      npmEnv,
    )
    expect(created).toContain('created project my-shop')
    const root = path.join(elsewhere, 'my-shop')
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>
    }
    const ours = Object.entries(manifest.dependencies).filter(([name]) =>
      name.startsWith('@shopwright/'),
    )
    expect(ours.length).toBeGreaterThan(3)
    for (const [, range] of ours) expect(range).toMatch(/^\^\d+\.\d+\.\d+$/)
    expect(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')).not.toContain('file:')
    // Installed from the registry, not linked from anywhere.
    expect(fs.lstatSync(path.join(root, 'node_modules/@shopwright/core')).isSymbolicLink()).toBe(
      false,
    )
    expect(brokenLinks(path.join(root, 'README.md'))).toEqual([])
    const installed = path.join(root, 'node_modules/@shopwright')
    const packages = fs.readdirSync(installed)
    expect(packages.length).toBeGreaterThan(15)
    for (const name of packages) {
      const readme = path.join(installed, name, 'README.md')
      expect(fs.existsSync(readme), `@shopwright/${name} has a README`).toBe(true)
      expect(brokenLinks(readme), `@shopwright/${name}'s README`).toEqual([])
    }

    // The project's own theme (shop, the default name) greets above the default theme's home.
    const page = await firstPage(root, npmEnv)
    expect(page).toContain('shop-greeting')
  }, 900_000)

  it('npx @shopwright/cli create project makes the same project', async () => {
    await run(
      'npx',
      ['--yes', '@shopwright/cli@latest', 'create', 'project', 'other-shop', '--no-install'],
      elsewhere,
      npmEnv,
    )
    const read = (name: string) =>
      JSON.parse(fs.readFileSync(path.join(elsewhere, name, 'package.json'), 'utf8')) as {
        dependencies: Record<string, string>
      }
    expect(read('other-shop').dependencies).toEqual(read('my-shop').dependencies)
  }, 600_000)

  describe("a developer's path on that project", () => {
    const root = path.join(elsewhere, 'my-shop')
    const shopwright = (args: string[], cwd = root) =>
      run(
        process.execPath,
        [path.join(root, 'node_modules/@shopwright/cli/bin/shopwright.js'), ...args],
        cwd,
        npmEnv,
      )
    /** The exit code and output of a command that should fail. */
    const refused = (args: string[]) =>
      shopwright(args).then(
        () => ({ code: 0, output: '' }),
        (error: Error) => ({
          code: /failed \((\d+)\)/.exec(error.message)?.[1],
          output: error.message,
        }),
      )

    it('adds a plugin and a theme to the configuration, refusing a taken name', async () => {
      await shopwright(['new', 'plugin', 'reviews', '--no-install'], path.join(root, 'plugins'))
      await shopwright(['new', 'theme', 'outlet', '--no-install'])
      const config = fs.readFileSync(path.join(root, 'shopwright.config.ts'), 'utf8')
      expect(config).toContain("'@my-shop/plugin-hello',\n    '@my-shop/plugin-reviews',")
      expect(config).toContain("theme: '@my-shop/theme-outlet'")
      const again = await refused(['new', 'plugin', 'reviews'])
      expect(again.code).toBe('2')
      expect(again.output).toContain('already exists')
      expect((await refused(['new', 'plugin', 'records'])).code).toBe('2')
      expect(fs.readFileSync(path.join(root, 'shopwright.config.ts'), 'utf8')).toBe(config)
      await run('npm', ['install'], root, npmEnv)
    }, 600_000)

    it("builds the plugins, the themes and the admin with the project's panels, then only what changed", async () => {
      const build = async () => (await run('npm', ['run', 'build'], root, npmEnv)).output
      const first = await build()
      expect(first).toContain('plugin @my-shop/plugin-reviews: built')
      expect(first).toContain('theme @my-shop/theme-outlet: built')
      expect(first).toContain('admin: built')
      const manifest = fs.readFileSync(
        path.join(root, '.shopwright/admin/.vite/manifest.json'),
        'utf8',
      )
      expect(manifest).toContain('plugins/reviews/src/admin/ReviewsScreen.tsx')
      expect(manifest).toContain('plugins/hello/src/admin/HelloScreen.tsx')
      expect(await build()).toContain('built 0 of 5 steps')
      // A change to a plugin's server code rebuilds that plugin, not the admin.
      const server = path.join(root, 'plugins/reviews/src/index.ts')
      fs.writeFileSync(server, `${fs.readFileSync(server, 'utf8')}\n// edited\n`)
      const third = await build()
      expect(third).toContain('plugin @my-shop/plugin-reviews: built')
      expect(third).toContain('admin: unchanged')
      expect(third).toContain('built 1 of 5 steps')
    }, 600_000)

    it('type-checks, and its plugins pass their own tests', async () => {
      await run('npm', ['run', 'typecheck'], root, npmEnv)
      // On MariaDB too when this run has it (CI always does), as the project's README says.
      const mysql = process.env.SW_TEST_MYSQL_URL
      const tested = await run('npm', ['test'], root, {
        ...npmEnv,
        ...(mysql ? { SW_TEST_MYSQL_URL: mysql } : {}),
      })
      expect(tested.output).toMatch(/Test Files\s+2 passed/)
      if (mysql) expect(tested.output).toMatch(/Tests\s+8 passed/)
    }, 600_000)

    it('serves the theme, the plugin calls and the admin panel', async () => {
      const server = await startProject(root, npmEnv)
      try {
        const html = await (await fetch(`${server.url}/`)).text()
        expect(html).toContain('outlet-greeting')
        expect(html).toContain('Welcome to Outlet')
        const headers = { device: 'registry-test' }
        const list = await fetch(`${server.url}/query/reviews/list`, { headers })
        expect(list.status).toBe(200)
        expect(await list.json()).toEqual([])
        const like = await fetch(`${server.url}/query/reviews/like/nothing`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
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
      } finally {
        await server.stop()
      }
    }, 120_000)
  })
})
