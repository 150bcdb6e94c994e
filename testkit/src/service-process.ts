import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

// Server processes for fault tests, each under a small shell watchdog that kills it when this test
// process goes away, however it ends (docs/operations.md, "Database outages", "Redis outages").

/** A server process a fault test owns. */
export interface PrivateService {
  readonly port: number
  /** The URL clients connect with (MariaDB: a database of its own, `sw`). */
  readonly url: string
  /** True between a (re)start and kill() or stop(). */
  readonly running: boolean
  /** SIGKILL, as a crash: nothing is flushed. Resolves once the process is gone. */
  kill(): Promise<void>
  /** SIGSTOP: the process keeps its sockets but answers nothing (the kernel still accepts). */
  freeze(): void
  /** SIGCONT after freeze(). */
  thaw(): void
  /** Starts it again on the same port and data (killing it first when it runs); resolves when ready. */
  restart(): Promise<void>
  /** Kills it and removes its data. */
  stop(): Promise<void>
}

const SEARCH_PATH = ['/usr/sbin', '/usr/local/sbin', '/usr/local/bin', '/usr/bin', '/sbin', '/bin']

/** The full path of a program, from PATH or the usual sbin folders, or undefined. */
export function findProgram(name: string): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean), ...SEARCH_PATH]
  for (const dir of dirs) {
    const file = path.join(dir, name)
    try {
      fs.accessSync(file, fs.constants.X_OK)
      return file
    } catch {
      // not here
    }
  }
  return undefined
}

/** The full path of a program, or an error naming the packages to install. */
export function requireProgram(name: string): string {
  const file = findProgram(name)
  if (!file)
    throw new Error(`${name} is not installed (apt-get install mariadb-server redis-server)`)
  return file
}

// Runs the program in the background and prints its pid, then waits for stdin to close (this test
// process ended, or stop()) and kills it, frozen or not.
const WATCHDOG = `"$@" </dev/null >>"$SW_SERVICE_LOG" 2>&1 &
child=$!
echo "$child"
cat >/dev/null
kill -CONT "$child" 2>/dev/null
kill -KILL "$child" 2>/dev/null`

/** Everything started here and not yet stopped, for the exit hook. */
const live = new Set<{ kill(): void; dir?: string }>()
let exitHook = false

/** Kills the item (and removes its folder) if this test process exits with it still running. */
export function track(item: { kill(): void; dir?: string }): void {
  live.add(item)
  if (exitHook) return
  exitHook = true
  process.once('exit', () => {
    for (const each of live) {
      each.kill()
      if (each.dir) fs.rmSync(each.dir, { recursive: true, force: true })
    }
  })
}

/** Forgets an item stopped by the test itself. */
export function untrack(item: { kill(): void; dir?: string }): void {
  live.delete(item)
}

/** True while the process exists and is not a zombie. */
function isAlive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    return !/^\d+ \(.*\) Z/.test(stat)
  } catch {
    try {
      process.kill(pid, 0)
      return true
    } catch {
      return false
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** One run of a program under the watchdog. */
class WatchedProcess {
  private constructor(
    private readonly watchdog: ChildProcess,
    readonly pid: number,
  ) {}

  static async start(program: string, args: string[], log: string): Promise<WatchedProcess> {
    const watchdog = spawn('sh', ['-c', WATCHDOG, 'sh', program, ...args], {
      stdio: ['pipe', 'pipe', 'ignore'],
      env: { ...process.env, SW_SERVICE_LOG: log },
    })
    const pid = await new Promise<number>((resolve, reject) => {
      let text = ''
      watchdog.stdout!.on('data', (chunk: Buffer) => {
        text += chunk.toString()
        const line = text.split('\n')[0]
        if (text.includes('\n') && line) resolve(Number(line))
      })
      watchdog.once('error', reject)
      watchdog.once('exit', () => reject(new Error(`could not start ${program}`)))
    })
    watchdog.stdout!.removeAllListeners('data')
    watchdog.removeAllListeners('exit')
    // The test process must be free to exit while a watchdog runs; stdin closing then ends it.
    watchdog.unref()
    ;(watchdog.stdin as unknown as { unref?(): void }).unref?.()
    ;(watchdog.stdout as unknown as { unref?(): void }).unref?.()
    return new WatchedProcess(watchdog, pid)
  }

  signal(name: NodeJS.Signals): void {
    try {
      process.kill(this.pid, name)
    } catch {
      // already gone
    }
  }

  async kill(): Promise<void> {
    this.signal('SIGKILL')
    while (isAlive(this.pid)) await sleep(10)
    this.watchdog.stdin?.end()
  }

  get alive(): boolean {
    return isAlive(this.pid)
  }
}

/** Starts, restarts and faults one program; `ready` says when it serves. */
export class ServiceRunner implements PrivateService {
  private process: WatchedProcess | undefined
  private readonly tracked: { kill(): void; dir: string }

  constructor(
    readonly port: number,
    readonly url: string,
    private readonly dir: string,
    private readonly program: string,
    private readonly args: string[],
    private readonly ready: () => Promise<void>,
  ) {
    this.tracked = { kill: () => this.process?.signal('SIGKILL'), dir }
    track(this.tracked)
  }

  get running(): boolean {
    return this.process !== undefined
  }

  get log(): string {
    return path.join(this.dir, 'service.log')
  }

  async start(): Promise<void> {
    this.process = await WatchedProcess.start(this.program, this.args, this.log)
    const deadline = Date.now() + 60_000
    for (;;) {
      try {
        await this.ready()
        return
      } catch (error) {
        if (!this.process.alive || Date.now() > deadline) {
          const tail = fs.existsSync(this.log) ? fs.readFileSync(this.log, 'utf8').slice(-2000) : ''
          await this.kill()
          throw new Error(
            `${path.basename(this.program)} on port ${this.port} did not start: ${String(error)}\n${tail}`,
          )
        }
        await sleep(50)
      }
    }
  }

  async kill(): Promise<void> {
    const process = this.process
    this.process = undefined
    await process?.kill()
  }

  freeze(): void {
    const pid = this.process?.pid
    this.process?.signal('SIGSTOP')
    // A stop is delivered to each thread when the kernel next runs it: on a loaded machine a
    // query may still be answered just after the signal. Wait (up to 2 s) until every thread of
    // the server is stopped, so what a test does next meets a frozen server.
    if (pid !== undefined) waitStopped(pid, 2_000)
  }

  thaw(): void {
    this.process?.signal('SIGCONT')
  }

  async restart(): Promise<void> {
    await this.kill()
    await this.start()
  }

  async stop(): Promise<void> {
    await this.kill()
    live.delete(this.tracked)
    fs.rmSync(this.dir, { recursive: true, force: true })
  }
}

/** True when every thread of the process is stopped (state T), read from /proc; false elsewhere. */
function allStopped(pid: number): boolean {
  try {
    const tasks = fs.readdirSync(`/proc/${pid}/task`)
    return tasks.every((task) => {
      const stat = fs.readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8')
      // The state follows the command name, which is in parentheses and may hold spaces.
      return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'T'
    })
  } catch {
    return false
  }
}

/** Blocks until the process's threads are all stopped, or the time is up (no /proc: at once). */
function waitStopped(pid: number, limitMs: number): void {
  if (!fs.existsSync(`/proc/${pid}`)) return
  const until = Date.now() + limitMs
  const pause = new Int32Array(new SharedArrayBuffer(4))
  while (!allStopped(pid) && Date.now() < until) Atomics.wait(pause, 0, 0, 5)
}
