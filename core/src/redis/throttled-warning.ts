import type { Logger } from '../logger.js'
import { describeError } from '../db/errors.js'

/** How often one kind of repeated warning may be logged. */
const DEFAULT_INTERVAL_MS = 10_000

/**
 * Warnings that repeat while a service is away (every command, every reconnect attempt) are
 * logged once per kind and interval, with the number left out since: an outage writes a few lines,
 * not one per request (docs/operations.md, "Logs").
 */
export class ThrottledWarning {
  private readonly kinds = new Map<string, { at: number; suppressed: number }>()

  constructor(
    private readonly logger: Logger,
    private readonly intervalMs = DEFAULT_INTERVAL_MS,
  ) {}

  /** Logs at warn unless this kind was logged within the interval; the error goes without its stack. */
  warn(kind: string, error: unknown, message: string): void {
    const now = Date.now()
    const seen = this.kinds.get(kind)
    if (seen && now - seen.at < this.intervalMs) {
      seen.suppressed++
      return
    }
    this.kinds.set(kind, { at: now, suppressed: 0 })
    this.logger.warn(
      {
        kind,
        reason: describeError(error),
        ...(seen?.suppressed ? { suppressed: seen.suppressed } : {}),
      },
      message,
    )
  }
}
