import { createError } from '@shopwright/core'

/** Seconds a caller refused for a full queue is told to wait. */
const RETRY_AFTER_SECONDS = 2

/**
 * A semaphore for resizes: at most `concurrency` run at once in the process, at most `maxWaiting`
 * wait for a slot, and past that a resize is refused at once (429 ERROR_TOO_MANY_REQUESTS with
 * Retry-After) rather than queued without bound. A resize reads its source only once it holds a
 * slot, so the memory resizes take is bounded by the slots, not by the requests that arrive. 429,
 * not 503: a flood of refusals must not write a 5xx error line each into the site's log.
 */
export class ResizeSlots {
  private running = 0
  private readonly waiting: Array<() => void> = []

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {
    if (!(Number.isSafeInteger(concurrency) && concurrency >= 1))
      throw new RangeError(`concurrency must be a whole number from 1, not ${concurrency}`)
    if (!(Number.isSafeInteger(maxWaiting) && maxWaiting >= 0))
      throw new RangeError(`maxWaiting must be a whole number from 0, not ${maxWaiting}`)
  }

  /** Resizes running, and waiting for a slot: for tests and the process's figures. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length }
  }

  /** Runs the work in a slot, waiting for one when all are taken. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting)
        throw createError('ERROR_TOO_MANY_REQUESTS', {
          reason: `${this.running} resizes running and ${this.waiting.length} waiting`,
          headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
        })
      // The slot is handed over by the finishing run: `running` does not drop in between.
      await new Promise<void>((resolve) => this.waiting.push(resolve))
    } else {
      this.running++
    }
    try {
      return await work()
    } finally {
      const next = this.waiting.shift()
      if (next) next()
      else this.running--
    }
  }
}
