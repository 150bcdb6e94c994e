import type { CopiedRecord } from '@shopwright/core'

/** How many lines wait at most; beyond, the oldest give way, counted (takeDropped). */
export const LOG_COPY_CAPACITY = 1000

/**
 * This node's copy of the process log's warnings and errors, waiting to be written to the table.
 * The kernel's logger hands each such line here as it is logged (the writer taps it), in the
 * caller's stack, so taking it costs a push onto a bounded queue and nothing else: no I/O, no
 * serialisation, never an exception. The writer takes the lines in batches; when it cannot keep
 * up, the queue stays at its bound and the oldest lines give way, counted.
 */
export class LogCopy {
  private queue: CopiedRecord[] = []
  private dropped = 0
  private listener: (() => void) | undefined
  private woken = false

  constructor(readonly capacity = LOG_COPY_CAPACITY) {}

  /** Lines waiting. */
  get pending(): number {
    return this.queue.length
  }

  /**
   * Called by the logger's tap: never throws, never blocks. `lost` counts lines the kernel could
   * not keep before this one (logged before the tap, beyond its early lines).
   */
  push(record: CopiedRecord, lost = 0): void {
    this.dropped += lost
    if (this.queue.length >= this.capacity) {
      this.queue.shift()
      this.dropped++
    }
    this.queue.push(record)
    // A burst wakes the taker before its timer: a quarter full is time to write.
    if (this.listener && !this.woken && this.queue.length >= this.capacity / 4) {
      this.woken = true
      const listener = this.listener
      setImmediate(() => {
        try {
          listener()
        } catch {
          // The taker's own affair; a logging call never fails because of it.
        }
      })
    }
  }

  /** Takes up to `max` lines, oldest first. */
  take(max = Infinity): CopiedRecord[] {
    this.woken = false
    if (max >= this.queue.length) {
      const all = this.queue
      this.queue = []
      return all
    }
    return this.queue.splice(0, max)
  }

  /** How many lines were dropped since the last call, the queue being full. */
  takeDropped(): number {
    const dropped = this.dropped
    this.dropped = 0
    return dropped
  }

  /**
   * Puts lines that could not be kept back in front of the queue, within its bound, with the count
   * of dropped lines that was taken with them.
   */
  giveBack(records: readonly CopiedRecord[], dropped = 0): void {
    const room = Math.max(0, this.capacity - this.queue.length)
    const kept = records.slice(Math.max(0, records.length - room))
    this.dropped += dropped + records.length - kept.length
    this.queue = [...kept, ...this.queue]
  }

  /** Called (once per take) when the queue fills up to a quarter of its bound. */
  onBacklog(listener: (() => void) | undefined): void {
    this.listener = listener
  }
}
