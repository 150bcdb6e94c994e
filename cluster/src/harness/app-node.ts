import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import { BIN } from '@shopwright/cli/testing'
import { OutputBuffer, exited, running, terminate, track, waitFor } from './processes.js'

/** One `shopwright start` process of the cluster, as tests see it. */
export interface AppNode {
  index: number
  /** `http://127.0.0.1:<port>`, the node itself (not through the proxy). */
  url: string
  port: number
  /** Its DATABASE_URL: Galera node `index`. */
  databaseUrl: string
  /** Its stdout and stderr, the last 2 MB. */
  output(): string
  /** The process id while it runs. */
  pid(): number | undefined
  /** SIGKILL, resolves once the process is gone. */
  kill(): Promise<void>
  /** SIGTERM (a graceful stop), resolves once the process is gone. */
  stop(): Promise<void>
  /** Starts it again on the same port with the same environment; resolves when /readyz answers 200. */
  start(): Promise<void>
}

/**
 * Settings of the machine's environment that would change what the app node does: every one is
 * dropped, and the node gets only the harness's.
 */
const INHERITED_SETTINGS =
  /^(PORT|HOST|DATA_DIR|DATABASE_URL|REDIS_URL|REDIS_PREFIX|DATABASE_TIMEOUT|REDIS_TIMEOUT|NODE_ENV|LOG_LEVEL|SITE_URL|PLUGINS|THEME|BODY_LIMIT|UPLOAD_LIMIT|TRUST_PROXY|PROXY_HOPS|SHUTDOWN_TIMEOUT|METRICS_TOKEN|SMTP_URL|TRANSLATE_.*|DRIVE_.*|SESSIONS_.*|LOG_.*|INSIGHTS_.*|BILLING_.*|COMMERCE_.*|SW_TEST_.*)$/

/** How long a start may take: two nodes migrating and seeding a new database on two cores. */
const READY_TIMEOUT_MS = 240_000

export class AppProcess implements AppNode {
  readonly url: string
  private child: ChildProcess | undefined
  private readonly buffer = new OutputBuffer(2 * 1024 * 1024)

  constructor(
    readonly index: number,
    readonly port: number,
    /** The project folder the command runs in (its DATA_DIR is inside). */
    readonly cwd: string,
    /** The settings the node is started with (not the whole environment). */
    readonly env: Record<string, string>,
  ) {
    this.url = `http://127.0.0.1:${port}`
    fs.mkdirSync(cwd, { recursive: true })
  }

  get databaseUrl(): string {
    return this.env.DATABASE_URL!
  }

  output(): string {
    return this.buffer.text()
  }

  pid(): number | undefined {
    return running(this.child) ? this.child!.pid : undefined
  }

  /** The environment of the process: the machine's, without its Shopwright settings, plus ours. */
  processEnv(): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = {}
    for (const [key, value] of Object.entries(process.env))
      if (!INHERITED_SETTINGS.test(key)) env[key] = value
    return { ...env, ...this.env }
  }

  /** Spawns the process, without waiting. */
  launch(): void {
    if (running(this.child)) throw new Error(`app node ${this.index} is already running`)
    const child = spawn(process.execPath, [BIN, 'start'], {
      cwd: this.cwd,
      env: this.processEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: false,
    })
    track(child)
    this.child = child
    this.buffer.append(`--- app node ${this.index}: shopwright start (pid ${child.pid}) ---\n`)
    child.stdout!.on('data', (chunk: Buffer) => this.buffer.append(chunk))
    child.stderr!.on('data', (chunk: Buffer) => this.buffer.append(chunk))
    child.on('error', (error) => this.buffer.append(`spawn failed: ${error.message}\n`))
    child.on('exit', (code, signal) =>
      this.buffer.append(`--- app node ${this.index} exited (${String(code ?? signal)}) ---\n`),
    )
  }

  /** Resolves when /readyz answers 200; throws with the output when the process exits first. */
  async ready(): Promise<void> {
    const child = this.child
    await waitFor(
      `app node ${this.index} (${this.url}/readyz)`,
      async () => {
        const response = await fetch(`${this.url}/readyz`, { signal: AbortSignal.timeout(5_000) })
        await response.arrayBuffer()
        return response.status === 200
      },
      {
        timeoutMs: READY_TIMEOUT_MS,
        intervalMs: 250,
        abort: () => (running(child) ? null : 'the process exited'),
      },
    )
  }

  /** True once the process has exited (or was never started). */
  exited(): boolean {
    return !running(this.child)
  }

  async start(): Promise<void> {
    this.launch()
    await this.ready()
  }

  async kill(): Promise<void> {
    if (this.child) await exited(this.child, 'SIGKILL')
  }

  async stop(): Promise<void> {
    // SHUTDOWN_TIMEOUT (10 s by default) bounds the drain; past twice that it is killed.
    if (this.child) await terminate(this.child, 30_000)
  }
}

/** The built script (`npm run build`), whether this file runs from src/harness or dist/harness. */
const ADD_USERS = fileURLToPath(new URL('../../dist/harness/add-users-process.js', import.meta.url))

/** Adds accounts with one process in an app node's folder and environment (Cluster.addUsers). */
export async function addUsers(
  app: AppProcess,
  users: ReadonlyArray<{ email: string; password: string; type?: 'employee' | 'customer' }>,
): Promise<void> {
  const child = spawn(process.execPath, [ADD_USERS, JSON.stringify(users)], {
    cwd: app.cwd,
    env: app.processEnv(),
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  track(child)
  let errors = ''
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0)
    throw new Error(`adding ${users.length} accounts failed (${code}):\n${errors.slice(-4000)}`)
}
