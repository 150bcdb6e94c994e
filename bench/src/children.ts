import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process'

/**
 * Every child process of a run. The runner kills whatever is still alive when it ends, fails or is
 * interrupted, so no server outlives the bench.
 */
export class Children {
  private readonly live = new Set<ChildProcess>()

  /** Spawns a child and keeps track of it until it exits. */
  spawn(command: string, args: readonly string[], options: SpawnOptions): ChildProcess {
    const child = spawn(command, args, options)
    this.live.add(child)
    child.once('exit', () => this.live.delete(child))
    // A failed spawn also ends the child; the caller sees it through exited().
    child.once('error', () => this.live.delete(child))
    return child
  }

  /** SIGTERM, then SIGKILL if the child has not exited within `graceMs`. Resolves once it is gone. */
  async stop(child: ChildProcess, graceMs = 5_000): Promise<void> {
    if (hasExited(child)) return
    const gone = exited(child)
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
    try {
      await gone
    } finally {
      clearTimeout(timer)
    }
  }

  /** Stops every live child gracefully (in parallel). */
  async stopAll(graceMs = 3_000): Promise<void> {
    await Promise.all([...this.live].map((child) => this.stop(child, graceMs)))
  }

  /** Last resort, synchronous (for process 'exit'): SIGKILL whatever is left. */
  killAll(): void {
    for (const child of this.live) {
      if (!hasExited(child)) child.kill('SIGKILL')
    }
    this.live.clear()
  }

  get size(): number {
    return this.live.size
  }
}

/** True once the child has exited or was killed. */
export function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null
}

/** Resolves when the child exits (at once if it already has); never rejects. */
export function exited(child: ChildProcess): Promise<void> {
  if (hasExited(child)) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.once('error', () => resolve())
  })
}
