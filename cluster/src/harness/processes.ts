import { fork, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import { fileURLToPath } from 'node:url'

// Ports come from the test kit's picker, below the kernel's ephemeral range (testkit/src/free-port.js).
export { freePort } from '@shopwright/testkit/free-port'

/** The last `limit` characters of a process's output, for the message of a failed start. */
export class OutputBuffer {
  private chunks: string[] = []
  private length = 0

  constructor(private readonly limit = 2 * 1024 * 1024) {}

  append(chunk: Buffer | string): void {
    const text = chunk.toString()
    this.chunks.push(text)
    this.length += text.length
    while (this.length > this.limit && this.chunks.length > 1) {
      this.length -= this.chunks.shift()!.length
    }
    if (this.length > this.limit) {
      this.chunks = [this.chunks[0]!.slice(this.length - this.limit)]
      this.length = this.limit
    }
  }

  /** Everything kept. */
  text(): string {
    return this.chunks.join('')
  }

  /** The last `characters` of it. */
  tail(characters = 20_000): string {
    const text = this.text()
    return text.length > characters ? `...${text.slice(-characters)}` : text
  }
}

const live = new Set<ChildProcess>()
const folders = new Set<string>()
let registered = false
let watchdog: ChildProcess | undefined

/** watchdog.mjs sits in src/harness; this file runs from src/harness or dist/harness. */
const WATCHDOG = fileURLToPath(new URL('../../src/harness/watchdog.mjs', import.meta.url))

/** Tells the watchdog (started on first use) what to clean up if this process dies unannounced. */
function tell(message: Record<string, number | string>): void {
  if (!watchdog) {
    watchdog = fork(WATCHDOG, [], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] })
    // It must never keep this process alive.
    watchdog.unref()
    ;(watchdog.channel as { unref?: () => void } | undefined)?.unref?.()
  }
  if (watchdog.connected) watchdog.send(message)
}

function cleanUp(): void {
  for (const child of live) {
    try {
      child.kill('SIGKILL')
    } catch {
      // gone already
    }
  }
  for (const folder of folders) {
    try {
      fs.rmSync(folder, { recursive: true, force: true })
    } catch {
      // a child may still be writing; the temp folder is left behind
    }
  }
}

function register(): void {
  if (registered) return
  registered = true
  process.on('exit', cleanUp)
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const onSignal = (): void => {
      cleanUp()
      process.off(signal, onSignal)
      // Nobody else handles it: let the signal do what it would have done without us.
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal)
    }
    process.on(signal, onSignal)
  }
}

/**
 * Kills `child` (SIGKILL) when this process exits or is stopped by a signal, whatever happened; a
 * watchdog process kills it too if this process is killed outright (SIGKILL runs no handler).
 */
export function track(child: ChildProcess): ChildProcess {
  register()
  live.add(child)
  const pid = child.pid
  if (pid !== undefined) tell({ pid })
  child.once('exit', () => {
    live.delete(child)
    if (pid !== undefined) tell({ forget: pid })
  })
  return child
}

/** Removes `folder` when this process exits, unless `forget` was called first. */
export function trackFolder(folder: string): void {
  register()
  folders.add(folder)
  tell({ folder })
}

export function forgetFolder(folder: string): void {
  folders.delete(folder)
  tell({ forgetFolder: folder })
}

/** True while the process has not exited (nor been killed by a signal). */
export function running(child: ChildProcess | undefined): boolean {
  return child !== undefined && child.exitCode === null && child.signalCode === null
}

/** Resolves when `child` has exited; sends `signal` first when given. */
export function exited(child: ChildProcess, signal?: NodeJS.Signals): Promise<void> {
  if (!running(child)) return Promise.resolve()
  const done = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  if (signal) child.kill(signal)
  return done
}

/** SIGTERM, then SIGKILL after `graceMs` if it is still running. */
export async function terminate(child: ChildProcess, graceMs: number): Promise<void> {
  if (!running(child)) return
  const done = exited(child, 'SIGTERM')
  const timer = setTimeout(() => {
    if (running(child)) child.kill('SIGKILL')
  }, graceMs)
  try {
    await done
  } finally {
    clearTimeout(timer)
  }
}

export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Polls `check` every `intervalMs` until it answers true; throws `failure()`'s message after
 * `timeoutMs`, or at once when `abort()` answers a reason (the process being waited for exited).
 */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  options: { timeoutMs: number; intervalMs?: number; abort?: () => string | null },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs
  let lastError: unknown
  for (;;) {
    const reason = options.abort?.()
    if (reason) throw new Error(`${what}: ${reason}`)
    try {
      if (await check()) return
    } catch (error) {
      lastError = error
    }
    if (Date.now() > deadline) {
      const detail = lastError instanceof Error ? ` (last error: ${lastError.message})` : ''
      throw new Error(`${what}: not done after ${options.timeoutMs} ms${detail}`)
    }
    await sleep(options.intervalMs ?? 250)
  }
}
