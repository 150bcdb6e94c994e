import { execFile, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { workspaceFolders } from '@shopwright/cli/testing'
import type { Scenario } from '../scenario.js'
import { freePort, waitFor200 } from '../http-probe.js'
import { childEnv, startBareNode } from '../servers.js'
import { exited, hasExited } from '../children.js'
import { formatMeasure } from '../format.js'
import { comparedRow } from '../result-row.js'

const run = promisify(execFile)

/** The limits: a fresh clone's first `npm start` to /readyz, and a second one's build. */
export const FIRST_START_TARGET_S = 180
export const SECOND_BUILD_TARGET_S = 5
const POLL_MS = 20
/** The line scripts/build-progress.mjs leaves when the build is done (either wording). */
const BUILD_DONE = /^(Built \d+ of \d+ packages|Shopwright is built:)/m

interface StartTiming {
  /** Spawn of `npm start` to the build's done line. */
  buildMs: number
  /** Spawn of `npm start` to the first 200 from /readyz. */
  readyMs: number
  output: string
}

/**
 * A fresh clone of the checkout's last commit, with the installed packages of this checkout
 * hard-linked in (`npm install` is not part of the figure: the issue times the start). Nothing of
 * the checkout's builds comes along: no dist folder, no turbo cache.
 */
async function freshClone(root: string, into: string): Promise<void> {
  await run('git', ['clone', '--quiet', '--no-hardlinks', root, into])
  // npm nests in a workspace's own node_modules what conflicts with the root's.
  const nested = workspaceFolders(root).filter((folder) =>
    fs.existsSync(path.join(root, folder, 'node_modules')),
  )
  for (const folder of ['.', ...nested]) {
    await run('cp', ['-al', path.join(root, folder, 'node_modules'), path.join(into, folder)])
  }
  // Caches written by tools at run time would otherwise be shared with the checkout through the links.
  fs.rmSync(path.join(into, 'node_modules/.cache'), { recursive: true, force: true })
}

/** `npm start` in `cwd` until /readyz answers 200; stops it (its whole process group) afterwards. */
async function timedStart(cwd: string, dataDir: string, logFile: string): Promise<StartTiming> {
  const port = await freePort()
  const out = fs.openSync(logFile, 'w')
  const spawnedAt = performance.now()
  let child: ChildProcess
  try {
    child = spawn('npm', ['start'], {
      cwd,
      detached: true,
      stdio: ['ignore', out, out],
      env: childEnv({
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        TURBO_TELEMETRY_DISABLED: '1',
      }),
    })
  } finally {
    fs.closeSync(out)
  }
  let buildMs = Number.NaN
  const watch = setInterval(() => {
    if (Number.isNaN(buildMs) && BUILD_DONE.test(fs.readFileSync(logFile, 'utf8')))
      buildMs = performance.now() - spawnedAt
  }, POLL_MS)
  try {
    const readyAt = await waitFor200(port, '/readyz', {
      intervalMs: POLL_MS,
      timeoutMs: 15 * 60_000,
      child,
    })
    return { buildMs, readyMs: readyAt - spawnedAt, output: fs.readFileSync(logFile, 'utf8') }
  } catch (error) {
    throw new Error(`${(error as Error).message}; output:\n${fs.readFileSync(logFile, 'utf8')}`)
  } finally {
    clearInterval(watch)
    await stopGroup(child)
  }
}

/** SIGTERM to npm, the start script and the site (one process group), SIGKILL after 10 s. */
async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || hasExited(child)) return
  const gone = exited(child)
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name)
    } catch {
      // Already gone.
    }
  }
  signal('SIGTERM')
  const timer = setTimeout(() => signal('SIGKILL'), 10_000)
  await gone
  clearTimeout(timer)
  // npm may exit before the site it started: wait until the port's process group is empty.
  for (let tries = 0; tries < 100; tries++) {
    try {
      process.kill(-child.pid, 0)
    } catch {
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  signal('SIGKILL')
}

/**
 * What a newcomer waits for after `npm install` in a fresh clone: the first `npm start` (building
 * what the site runs, then migrating and seeding the sample company) to /readyz, and a second
 * `npm start`, whose build finds everything up to date.
 */
export const firstStart: Scenario = {
  name: 'first-start',
  title: 'First start: npm start in a fresh clone',
  method() {
    return [
      "A `git clone` of the checkout's last commit, with this checkout's installed packages",
      'hard-linked in (`npm install` is not timed; there is no dist folder and no turbo cache). Timed',
      `from spawning \`npm start\`: the build's done line (scripts/build-progress.mjs, polled every`,
      `${POLL_MS} ms) and the first 200 from \`GET /readyz\`, on an empty SQLite DATA_DIR (migrations`,
      'and the sample company). Then a second `npm start` in the same clone, on a new DATA_DIR: its',
      'build finds every package up to date. Baseline: `node -e` serving HTTP, spawn to its first',
      '200, in the same run. One run each: a first build happens once per clone.',
    ].join('\n')
  },
  async run(context) {
    const dir = await context.tempDir('first-start-')
    const clone = path.join(dir, 'clone')
    context.log('first-start: cloning the checkout')
    await freshClone(context.root, clone)
    const node = await startBareNode(context, path.join(dir, 'node.log'), 5)
    await context.children.stop(node.child)
    context.log('first-start: the first npm start (builds, migrates, seeds)')
    const first = await timedStart(clone, path.join(dir, 'data-1'), path.join(dir, 'first.log'))
    context.log('first-start: the second npm start')
    const second = await timedStart(clone, path.join(dir, 'data-2'), path.join(dir, 'second.log'))

    const ms = (value: number) => ({ value, unit: 'ms' as const })
    const s = (value: number) => ({ value: value / 1000, unit: 's' as const })
    const nodeMs = ms(node.startMs)
    return {
      rows: [
        comparedRow('first npm start, to /readyz', ms(first.readyMs), nodeMs),
        comparedRow('first npm start, its build', ms(first.buildMs), nodeMs),
        comparedRow('second npm start, its build', ms(second.buildMs), nodeMs),
        comparedRow('second npm start, to /readyz', ms(second.readyMs), nodeMs),
      ],
      targets: [
        {
          goal: `A fresh clone's first npm start answers /readyz within ${FIRST_START_TARGET_S / 60} minutes`,
          measured: `${formatMeasure(s(first.readyMs))} (its build ${formatMeasure(s(first.buildMs))}; node alone ${formatMeasure(nodeMs)})`,
          pass: first.readyMs < FIRST_START_TARGET_S * 1000,
        },
        {
          goal: `A second npm start builds for less than ${SECOND_BUILD_TARGET_S} s`,
          measured: `${formatMeasure(s(second.buildMs))} of build, /readyz at ${formatMeasure(s(second.readyMs))}`,
          pass: second.buildMs < SECOND_BUILD_TARGET_S * 1000,
        },
      ],
      notes: [`The first build's own last line: ${doneLine(first.output)}`],
      raw: {
        pollMs: POLL_MS,
        nodeMs: node.startMs,
        first: omitOutput(first),
        second: omitOutput(second),
      },
    }
  },
}

/** The build's done line as the newcomer reads it. */
function doneLine(output: string): string {
  return output.split('\n').find((line) => BUILD_DONE.test(line)) ?? '(none)'
}

function omitOutput({ buildMs, readyMs }: StartTiming) {
  return { buildMs, readyMs }
}
