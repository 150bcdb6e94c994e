import { spawn } from 'node:child_process'
import path from 'node:path'
import { packWorkspaces, startPrebuiltMirror } from '@shopwright/cli/testing'
import type { Scenario } from '../scenario.js'
import { freePort, waitFor200 } from '../http-probe.js'
import { formatMeasure } from '../format.js'

/** The limit: `create project` to a served first page, on a warm npm cache. */
export const CREATE_PROJECT_TARGET_S = 60

/** Runs a command to its end; rejects with its output when it fails. */
function step(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')}: exit ${code}\n${output}`)),
    )
  })
}

/**
 * What a developer waits for, from nothing to the shop in the browser: `shopwright create project`,
 * `npm install`, and `npm start` (the project's build, migrations, the sample company's seeding)
 * until `GET /` answers 200. The packages come from `npm pack` files of this checkout (made before
 * the clock starts, as the registry would hold them), with npm's cache warm.
 */
export const createProject: Scenario = {
  name: 'create-project',
  title: 'Scaffolding: create project to the first served page',
  method() {
    return [
      'Before the clock: `npm pack` of every published workspace package. Then, timed one after the',
      'other: `shopwright create project <dir> --packages <packs> --no-install`; `npm install`',
      '(`prefer-offline`: the warm cache is used without asking the registry again, as after a first',
      'install); `npm start` (`shopwright build && shopwright start`: the sample plugin, the theme and',
      'the admin built, the SQLite database migrated and seeded) until `GET /` answers 200, polled',
      "every 100 ms. The SQLite driver's prebuilt binary is served from a local mirror of this",
      "checkout's own build (`npm_config_better_sqlite3_binary_host`), standing in for the download",
      'a developer gets from GitHub: this machine cannot reach it, and compiling SQLite instead takes',
      'about two minutes. One run. No same-run baseline: the target is a wall-clock limit.',
    ].join('\n')
  },
  async run(context) {
    const dir = await context.tempDir('create-project-')
    const packs = path.join(dir, 'packs')
    const project = path.join(dir, 'bench-shop')
    context.log('create-project: packing the workspace packages')
    await packWorkspaces(context.root, packs)
    const mirror = await startPrebuiltMirror()
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...mirror.env,
      npm_config_prefer_offline: 'true',
      npm_config_audit: 'false',
      npm_config_fund: 'false',
    }
    for (const key of [
      'NODE_ENV',
      'PORT',
      'DATA_DIR',
      'DATABASE_URL',
      'REDIS_URL',
      'PLUGINS',
      'THEME',
    ])
      delete env[key]
    try {
      const started = performance.now()
      context.log('create-project: create project')
      await step(
        process.execPath,
        [context.cliBin, 'create', 'project', project, '--packages', packs, '--no-install'],
        dir,
        env,
      )
      const created = performance.now()
      context.log('create-project: npm install')
      await step('npm', ['install'], project, env)
      const installed = performance.now()
      context.log('create-project: npm start')
      const port = await freePort()
      const server = context.children.spawn('npm', ['start'], {
        cwd: project,
        env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
        stdio: 'ignore',
        detached: true,
      })
      let served: number
      try {
        served = await waitFor200(port, '/', { intervalMs: 100, timeoutMs: 300_000, child: server })
      } finally {
        // npm runs the server under a shell: the whole group goes.
        if (server.pid) process.kill(-server.pid, 'SIGTERM')
        await context.children.stop(server, 10_000)
      }
      const seconds = (from: number, to: number) => ({
        value: (to - from) / 1000,
        unit: 's' as const,
      })
      const total = seconds(started, served)
      return {
        rows: [
          { metric: 'create project to the first page (total)', shopwright: total },
          { metric: '  of which create project', shopwright: seconds(started, created) },
          { metric: '  of which npm install', shopwright: seconds(created, installed) },
          {
            metric: '  of which npm start (build, migrate, seed, serve)',
            shopwright: seconds(installed, served),
          },
        ],
        targets: [
          {
            goal: `create project to a served first page on a warm npm cache: under ${CREATE_PROJECT_TARGET_S} s`,
            measured: formatMeasure(total),
            pass: total.value < CREATE_PROJECT_TARGET_S,
          },
        ],
        raw: { startedMs: started, createdMs: created, installedMs: installed, servedMs: served },
      }
    } finally {
      await mirror.close()
    }
  },
}
