import { tapLog, type CopiedRecord, type Logger, type Redactor } from '@shopwright/core'
import { LEVEL_NUMBERS, SERVER_TYPE } from '../shared/types.js'
import { LogCopy } from './log-copy.js'
import { actorOf, messageJson, recordParts } from './log-parts.js'
import type { LogRow, LogStore } from './log-store.js'

/** How often the copied lines are written; a burst (a quarter of the copy's bound) writes sooner. */
export const WRITE_INTERVAL_MS = 1_000
/** Lines one write takes from the copy. */
const BATCH = 500
/** After a failed write, the wait before the next grows from 1 s to this. */
const MAX_BACKOFF_MS = 60_000

/**
 * A copied process-log line as a row: `server.<plugin>` (or `server.kernel`), by its actor or
 * `system`, its texts redacted by `redact` (the kernel's `logRedactor.text`).
 */
export function serverRow(record: CopiedRecord, redact?: Redactor): LogRow {
  const plugin = record.bindings.plugin
  const origin =
    typeof plugin === 'string' && /^[a-z][a-z0-9-]{0,40}$/.test(plugin) ? plugin : 'kernel'
  return {
    time: record.time,
    level: record.level,
    source: 'server',
    type: SERVER_TYPE,
    name: `${SERVER_TYPE}.${origin}`,
    // A line may name who it is about (`actor`, as record lines do); otherwise the server wrote it.
    actor: actorOf(record.object.actor) ?? 'system',
    message: messageJson(recordParts(record, redact)),
  }
}

/**
 * Taps the kernel's logger from start to stop (the lines logged before the start, the boot's,
 * come first) into its copy, and drains the copy into the table in batches: every second, sooner
 * in a burst, and on stop. It never runs in a request: a logging call only pushes onto the copy. A
 * write that fails puts its lines back (the copy's bound drops the oldest, counted) and waits
 * longer each time; its own report is NOT_COPIED, so a log that cannot be written never feeds
 * itself.
 */
export class LogWriter {
  private timer: NodeJS.Timeout | undefined
  private untap: (() => void) | undefined
  private readonly copy = new LogCopy()
  private running: Promise<void> | undefined
  private failures = 0
  private retryAt = 0
  /** Lines logged up to this moment are not written (a clear on any node). */
  private clearedAt = -1

  constructor(
    private readonly store: LogStore,
    /** The kernel's logger (the container's `logger`), whose warnings and errors are written. */
    private readonly source: Logger,
    /** A NOT_COPIED logger. */
    private readonly logger: Logger,
    /** The kernel's text redactor (the container's `logRedactor.text`), the process log's too. */
    private readonly redact?: Redactor,
    private readonly intervalMs = WRITE_INTERVAL_MS,
  ) {}

  start(): void {
    if (this.timer) return
    this.untap = tapLog(this.source, (record, lost) => this.copy.push(record, lost))
    this.timer = setInterval(() => void this.flush(false), this.intervalMs)
    this.timer.unref()
    this.copy.onBacklog(() => void this.flush(false))
  }

  /** Forgets copied lines logged up to `time`: the log was cleared. */
  clearedBefore(time: number): void {
    this.clearedAt = Math.max(this.clearedAt, time)
  }

  /**
   * Writes what the copy holds now. `force` ignores the wait after a failure (stop, tests). One
   * write at a time: a second call waits for the first, then writes what came meanwhile.
   */
  async flush(force = true): Promise<void> {
    while (this.running) await this.running
    if (!force && Date.now() < this.retryAt) return
    this.running = this.drain().finally(() => {
      this.running = undefined
    })
    await this.running
  }

  /** Stops the tap and the timer, and writes what is left. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
    this.untap?.()
    this.untap = undefined
    this.copy.onBacklog(undefined)
    await this.flush(true)
  }

  private async drain(): Promise<void> {
    for (;;) {
      const records = this.copy.take(BATCH).filter((record) => record.time > this.clearedAt)
      const dropped = this.copy.takeDropped()
      if (records.length === 0 && dropped === 0) return
      const rows = records.map((record) => serverRow(record, this.redact))
      if (dropped > 0) rows.push(droppedRow(dropped))
      try {
        await this.store.insert(rows)
      } catch (error) {
        this.copy.giveBack(records, dropped)
        this.failures++
        this.retryAt = Date.now() + Math.min(MAX_BACKOFF_MS, 1_000 * 2 ** (this.failures - 1))
        // Once per run of failures: the process log says it, the site's log cannot.
        if (this.failures === 1)
          this.logger.warn(
            { err: error, lines: rows.length },
            'log: lines could not be written to the database; retrying',
          )
        return
      }
      if (this.failures > 0) this.logger.info({ after: this.failures }, 'log: writing again')
      this.failures = 0
      this.retryAt = 0
    }
  }
}

/** The line that says lines were lost: the copy was full (a burst, or the database away). */
function droppedRow(count: number): LogRow {
  return {
    time: Date.now(),
    level: LEVEL_NUMBERS.warn,
    source: 'server',
    type: SERVER_TYPE,
    name: `${SERVER_TYPE}.log`,
    actor: 'system',
    message: messageJson([
      {
        kind: 'text',
        text: `${count} warning and error lines were not kept here (too many at once, or the database was away); the process log has them.`,
      },
    ]),
  }
}
