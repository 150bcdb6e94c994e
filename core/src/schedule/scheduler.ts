import type { Logger } from '../logger.js'

/** What a scheduled task is told about its run. */
export interface ScheduledRun {
  /** When the run was due (epoch ms). */
  due: number
}

export type ScheduledTask = (run: ScheduledRun) => Promise<void>

/**
 * Periodic work that must run once for the whole site, not once per node (docs/operations.md,
 * "Scheduled work"): a daily roll-up, a storage sample. Tasks are declared in a plugin's bootstrap;
 * they start once every plugin is bootstrapped. A task must be idempotent and bear two runs at once
 * (with Redis, the next period's run may start on another node before this one ends): a run that
 * fails or whose node dies is not retried, and the next period's run catches up.
 */
export interface Scheduler {
  /** Runs the task every periodMs on one of the site's nodes. Names are unique across plugins. */
  every(name: string, periodMs: number, task: ScheduledTask): void
}

export const TASK_NAME = /^[a-z][a-z0-9]*(?:[.-][a-z0-9]+)*$/

/** What both schedulers share: the declared tasks, checked, and their runs, logged. */
export abstract class KernelScheduler implements Scheduler {
  protected readonly tasks = new Map<string, { periodMs: number; task: ScheduledTask }>()
  protected started = false

  constructor(protected readonly logger: Logger) {}

  every(name: string, periodMs: number, task: ScheduledTask): void {
    if (!TASK_NAME.test(name)) throw new TypeError(`task name "${name}" must match ${TASK_NAME}`)
    if (!Number.isSafeInteger(periodMs) || periodMs < 100)
      throw new TypeError(`task "${name}": the period must be a whole number of ms, 100 or more`)
    if (this.tasks.has(name)) throw new TypeError(`task "${name}" is scheduled twice`)
    this.tasks.set(name, { periodMs, task })
    if (this.started) void this.schedule(name)
  }

  /** Starts running the declared tasks (and those declared later). */
  async start(): Promise<void> {
    this.started = true
    for (const name of this.tasks.keys()) await this.schedule(name)
  }

  abstract close(): Promise<void>

  protected abstract schedule(name: string): Promise<void>

  /** Runs a task by name; a failure is logged, never thrown (the next period tries again). */
  protected async run(name: string, due: number): Promise<void> {
    const entry = this.tasks.get(name)
    if (!entry) {
      this.logger.warn({ task: name }, 'a scheduled task no plugin on this node declares')
      return
    }
    try {
      await entry.task({ due })
    } catch (error) {
      this.logger.error({ err: error, task: name }, 'scheduled task failed')
    }
  }
}

/**
 * Without Redis there is one node to speak of (docs/operations.md, "Several nodes" requires Redis):
 * each task runs on this process's timer, never two runs of one task at once.
 */
export class LocalScheduler extends KernelScheduler {
  private readonly timers: NodeJS.Timeout[] = []
  private readonly running = new Map<string, Promise<void>>()

  protected async schedule(name: string): Promise<void> {
    const { periodMs } = this.tasks.get(name)!
    const timer = setInterval(() => {
      if (this.running.has(name)) return
      const run = this.run(name, Date.now()).finally(() => this.running.delete(name))
      this.running.set(name, run)
    }, periodMs)
    timer.unref()
    this.timers.push(timer)
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer)
    await Promise.all(this.running.values())
  }
}
