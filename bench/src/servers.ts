import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type { ChildProcess } from 'node:child_process'
import type { BenchContext } from './scenario.js'
import { freePort, HOST, waitFor200 } from './http-probe.js'

/** The route both servers answer under load, and the header the kernel's /query guard reads. */
export const INFO_PATH = '/query/server/info'
export const DEVICE_HEADERS = { Device: 'bench' }

/** Settings a developer's shell might carry that would change what is measured; children never inherit them. */
const SHOPWRIGHT_SETTINGS = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'REDIS_URL',
  'REDIS_PREFIX',
  'NODE_ENV',
  'LOG_LEVEL',
  'SMTP_URL',
  'PLUGINS',
  'THEME',
  'BODY_LIMIT',
  'TRUST_PROXY',
  'SHUTDOWN_TIMEOUT',
  'NODE_OPTIONS',
]

/** A server child process on 127.0.0.1. */
export interface RunningServer {
  child: ChildProcess
  pid: number
  port: number
  /** Milliseconds from spawn to the first 200 of its readiness path. */
  startMs: number
}

/** The environment of a child: the parent's, minus Shopwright settings, plus `extra`. */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const name of SHOPWRIGHT_SETTINGS) delete env[name]
  return { ...env, ...extra }
}

export interface KernelOptions {
  dataDir: string
  /** The kernel's stdout and stderr (one JSON line per request) are appended here. */
  logFile: string
  /** Poll interval for /readyz. */
  intervalMs?: number
  timeoutMs?: number
  /** Settings for this kernel (PLUGINS, DRIVE_MAX_FILE_SIZE...), on top of the clean environment. */
  settings?: Record<string, string>
}

/**
 * `node cli/bin/shopwright.js start` with the default log level and plugin list, in a temporary
 * working directory (so no shopwright.config.* applies), on a free port; resolves at the first 200
 * from /readyz.
 */
export async function startKernel(
  context: BenchContext,
  options: KernelOptions,
): Promise<RunningServer> {
  const port = await freePort()
  // An empty folder, not a missing one: that is the first start the docs describe.
  fs.mkdirSync(options.dataDir, { recursive: true })
  const cwd = path.dirname(options.logFile)
  const { settings = {}, ...rest } = options
  const env = childEnv({ ...settings, PORT: String(port), HOST, DATA_DIR: options.dataDir })
  return launch(
    context,
    process.execPath,
    [...profileFlags(context, options.logFile), context.cliBin, 'start'],
    {
      cwd,
      env,
      port,
      ...rest,
      readyPath: '/readyz',
    },
  )
}

/**
 * `--cpu-prof` for a server child when the run profiles (`--profile`): one folder per start, named
 * after its scenario's folder and log, e.g. `record-get-Ab12Cd-kernel` or `record-get-Ab12Cd-bare-koa`.
 * Node writes the profile when the child exits after SIGTERM.
 */
function profileFlags(context: BenchContext, logFile: string): string[] {
  if (!context.profileDir) return []
  const label = `${path.basename(path.dirname(logFile))}-${path.basename(logFile, '.log')}`
  return ['--cpu-prof', `--cpu-prof-dir=${path.join(context.profileDir, label)}`]
}

/**
 * The naive list handler (bench/dist/naive-list-server.js): bare Koa and knex on the kernel's SQLite
 * file, answering `GET /query/data/list/webpage?pagesize=N` by parsing and re-serialising each row.
 */
export async function startNaiveList(
  context: BenchContext,
  options: { dbFile: string; logFile: string },
): Promise<RunningServer> {
  return startBaselineScript(context, context.naiveListServer, {
    logFile: options.logFile,
    env: { DB_FILE: options.dbFile },
    readyPath: '/query/data/list/webpage?pagesize=1',
  })
}

/**
 * A built baseline script of the bench (one of bench/dist/*-server.js) in its own child on a free
 * port, profiled like the kernel when the run profiles, in the folder of its log; resolves at the
 * first 200 of `readyPath`.
 */
async function startBaselineScript(
  context: BenchContext,
  script: string,
  options: { logFile: string; env: Record<string, string>; readyPath: string },
): Promise<RunningServer> {
  const port = await freePort()
  return launch(context, process.execPath, [...profileFlags(context, options.logFile), script], {
    cwd: path.dirname(options.logFile),
    env: childEnv({ ...options.env, PORT: String(port) }),
    port,
    logFile: options.logFile,
    readyPath: options.readyPath,
  })
}

/** The bare Koa ceiling (bench/dist/bare-koa-server.js); resolves at its first 200 on the info route. */
export async function startBareKoa(
  context: BenchContext,
  logFile: string,
  settings: Record<string, string> = {},
): Promise<RunningServer> {
  return startBaselineScript(context, context.bareKoaServer, {
    logFile,
    env: settings,
    readyPath: INFO_PATH,
  })
}

/**
 * The baselines the bench builds beside bare-koa-server.js (bench/dist/<name>-server.js), each with
 * the path that answers 200 once it is up. `bare-search`, the search baseline: bare Koa running the
 * commerce engine's statements on the kernel's SQLite file (env DB_FILE); up on an empty search.
 * `plain-write`, the drive-upload baseline: a bare Node http server that pipes `POST /write` into
 * `fs.createWriteStream` under env WRITE_DIR; up on `/`.
 */
const BUILT_BASELINES = {
  'bare-search': '/query/ns/search?q=',
  'plain-write': '/',
} as const

export type BuiltBaseline = keyof typeof BUILT_BASELINES

/** The built script of a baseline (bench/dist/<name>-server.js). */
export function builtBaselineScript(context: BenchContext, name: BuiltBaseline): string {
  return path.join(path.dirname(context.bareKoaServer), `${name}-server.js`)
}

/** Starts a built baseline with `env` (see BUILT_BASELINES); resolves once it answers 200. */
export async function startBuiltBaseline(
  context: BenchContext,
  name: BuiltBaseline,
  options: { logFile: string; env: Record<string, string> },
): Promise<RunningServer> {
  return startBaselineScript(context, builtBaselineScript(context, name), {
    ...options,
    readyPath: BUILT_BASELINES[name],
  })
}

/** Node's own start-up: the smallest http server there is, as the cold-start baseline. */
export async function startBareNode(
  context: BenchContext,
  logFile: string,
  intervalMs: number,
): Promise<RunningServer> {
  const port = await freePort()
  const script =
    "require('http').createServer((q,s)=>s.end('ok')).listen(+process.env.PORT,'127.0.0.1')"
  return launch(context, process.execPath, ['-e', script], {
    cwd: path.dirname(logFile),
    env: childEnv({ PORT: String(port) }),
    port,
    logFile,
    readyPath: '/',
    intervalMs,
  })
}

export interface LaunchOptions {
  cwd: string
  env: NodeJS.ProcessEnv
  port: number
  logFile: string
  readyPath: string
  intervalMs?: number
  timeoutMs?: number
}

/**
 * Spawns a child through the run's children with its output appended to `logFile`, and resolves at
 * the first 200 of `readyPath` on its port; stops it and throws with the log's tail otherwise.
 */
export async function launch(
  context: BenchContext,
  command: string,
  args: string[],
  options: LaunchOptions,
): Promise<RunningServer> {
  // A file, not a pipe: a pipe nobody reads fills up and stalls the server's logging.
  const out = fs.openSync(options.logFile, 'a')
  let child: ChildProcess
  const spawnedAt = performance.now()
  try {
    child = context.children.spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', out, out],
    })
  } finally {
    fs.closeSync(out)
  }
  try {
    const readyAt = await waitFor200(options.port, options.readyPath, {
      intervalMs: options.intervalMs ?? 5,
      timeoutMs: options.timeoutMs ?? 60_000,
      child,
    })
    if (child.pid === undefined) throw new Error(`${command} did not start`)
    return { child, pid: child.pid, port: options.port, startMs: readyAt - spawnedAt }
  } catch (error) {
    await context.children.stop(child)
    throw new Error(
      `${(error as Error).message}; its output is in ${options.logFile}:\n${tail(options.logFile)}`,
    )
  }
}

/** The last lines of a log file, for error messages. */
export function tail(file: string, lines = 15): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')
  } catch {
    return '(no output)'
  }
}

/**
 * Polls a process's VmRSS every `intervalMs` until stopped; `stop()` answers the highest sample and
 * the kernel's own high-water mark (VmHWM), which also catches a peak between two samples.
 */
export function watchRss(
  pid: number,
  intervalMs = 100,
): { stop(): { maxRssMb: number; hwmMb: number; samples: number } } {
  let maxRssMb = 0
  let samples = 0
  const sample = (): void => {
    try {
      maxRssMb = Math.max(maxRssMb, residentMb(pid))
      samples++
    } catch {
      // The process is gone; the caller finds out from its own request.
    }
  }
  sample()
  const timer = setInterval(sample, intervalMs)
  return {
    stop() {
      clearInterval(timer)
      sample()
      let hwmMb = Number.NaN
      try {
        hwmMb = residentMb(pid, 'VmHWM')
      } catch {
        // as above
      }
      return { maxRssMb, hwmMb, samples }
    },
  }
}

/** Resident set size of a process in MB (MiB), from /proc/<pid>/status. */
export function residentMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)
  if (!match?.[1]) throw new Error(`no ${field} in /proc/${pid}/status`)
  return Number(match[1]) / 1024
}

let clockTicks: number | undefined

/** CPU time (user and system, all threads) a process has used so far, in ms, from /proc/<pid>/stat. */
export function cpuTimeMs(pid: number): { userMs: number; systemMs: number } {
  clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
  // Fields after "(comm) ": state is field 3, so utime (14) and stime (15) are at 11 and 12.
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ')
  const tick = 1000 / clockTicks
  return { userMs: Number(fields[11]) * tick, systemMs: Number(fields[12]) * tick }
}
