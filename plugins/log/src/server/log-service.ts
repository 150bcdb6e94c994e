import { actorName, type Entity, type EventBus, type Logger } from '@shopwright/core'
import type { LogEntry, RecordLogSink } from '@shopwright/plugin-records'
import { LEVEL_NUMBERS, SERVER_TYPE, type LogPage } from '../shared/types.js'
import { messageJson } from './log-parts.js'
import type { LogQuery, LogRow, LogStore } from './log-store.js'
import type { LogWriter } from './log-writer.js'
import type { LogSettings } from './settings.js'

/** Told to every node when the log is cleared, with the moment: their unwritten lines before it go. */
export const LOG_CLEARED = 'log.cleared'

const DAY_MS = 24 * 60 * 60 * 1000
/** How often each node prunes, and the spread of its first run after start. */
export const PRUNE_INTERVAL_MS = 60 * 60 * 1000
const FIRST_PRUNE_MS = [30_000, 90_000] as const

/** A record change as a row: `info`, `type.id`, by its actor, its message as one text part. */
export function recordRow(entry: LogEntry, now: number): LogRow {
  return {
    time: entry.time ?? now,
    level: LEVEL_NUMBERS.info,
    source: 'record',
    type: entry.type,
    name: `${entry.type}.${entry.id}`,
    actor: entry.actor,
    message: messageJson([{ kind: 'text', text: entry.message }]),
  }
}

/**
 * The `log` service: the site's one log. Record changes arrive through `recordSink`, written in
 * each change's transaction; the process log's warnings and errors through the writer, in
 * batches; pages, the clear and retention read and change the one table, so every node sees the
 * same log and one clear clears it for all.
 */
export class LogService {
  /** What the records plugin writes its change lines to (the `recordLogSink` service). */
  readonly recordSink: RecordLogSink
  private pruneTimer: NodeJS.Timeout | undefined
  private stopListening: (() => void) | undefined

  constructor(
    private readonly store: LogStore,
    private readonly writer: LogWriter,
    private readonly events: EventBus,
    private readonly settings: LogSettings,
    /** A NOT_COPIED logger: what it says about the log stays out of the log. */
    private readonly logger: Logger,
  ) {
    this.recordSink = {
      write: (entries, trx) => {
        const now = Date.now()
        return this.store.insert(
          entries.map((entry) => recordRow(entry, now)),
          trx,
        )
      },
    }
  }

  /** Starts writing copied lines, listening for clears, and pruning on this node. */
  start(): void {
    this.writer.start()
    this.stopListening = this.events.on<{ time?: unknown }>(LOG_CLEARED, async ({ time }) => {
      if (typeof time === 'number' && Number.isFinite(time)) await this.forgetBefore(time)
    })
    const [least, most] = FIRST_PRUNE_MS
    // Nodes started together prune at different moments (they could all at once: it is only slower).
    const first = least + Math.random() * (most - least)
    const schedule = (delay: number) => {
      this.pruneTimer = setTimeout(() => {
        void this.pruneQuietly().finally(() => {
          if (this.pruneTimer) schedule(PRUNE_INTERVAL_MS)
        })
      }, delay)
      this.pruneTimer.unref()
    }
    schedule(first)
  }

  /** Stops pruning and writes the copied lines still waiting (a graceful stop). */
  async stop(): Promise<void> {
    if (this.pruneTimer) clearTimeout(this.pruneTimer)
    this.pruneTimer = undefined
    this.stopListening?.()
    await this.writer.stop()
  }

  /** A page of lines, newest first (the caller's rights are checked by the route). */
  list(query: LogQuery): Promise<LogPage> {
    return this.store.list(query)
  }

  /**
   * Deletes every line, on every node's view at once (one table); the lines other nodes copied
   * but have not written yet go too. The log then holds one line: who cleared it.
   */
  async clear(entity: Entity | null): Promise<void> {
    // Lines logged up to this millisecond go with the clear; its own line comes a millisecond after.
    const time = Date.now()
    // Lines copied before now are not written after the clear; one being written now finishes first.
    this.writer.clearedBefore(time)
    await this.writer.flush()
    await this.store.clear()
    // The clear is done: what follows may fail (Redis away, the database gone a moment later), and
    // must not answer the caller that nothing was cleared. It is said in the process log instead.
    try {
      // Every node (this one too) then drops what it copied before the clear and had not written.
      await this.events.emit(LOG_CLEARED, { time })
    } catch (error) {
      this.logger.warn({ err: error }, 'log: other nodes not told of the clear')
    }
    try {
      await this.store.insert([
        {
          time: time + 1,
          level: LEVEL_NUMBERS.info,
          source: 'server',
          type: SERVER_TYPE,
          name: `${SERVER_TYPE}.log`,
          actor: actorName(entity),
          message: messageJson([{ kind: 'text', text: 'cleared the log' }]),
        },
      ])
    } catch (error) {
      this.logger.warn(
        { err: error, actor: actorName(entity) },
        'log: cleared, but its line not written',
      )
    }
  }

  /**
   * After a clear on any node: copied lines logged up to it are not written, and a batch that
   * was being written while the table was cleared is deleted once it is in (the writer waits for
   * it first), so a clear on one node clears what every node had.
   */
  private async forgetBefore(time: number): Promise<void> {
    this.writer.clearedBefore(time)
    await this.writer.flush()
    await this.store.deleteUntil(time)
  }

  /** Writes the copied lines waiting now (tests, and a clear). */
  flush(): Promise<void> {
    return this.writer.flush()
  }

  /**
   * Deletes what the retention settings no longer keep: lines older than LOG_RETENTION_DAYS and
   * beyond the newest LOG_MAX_LINES. Answers how many went.
   */
  prune(now = Date.now()): Promise<number> {
    const { logRetentionDays: days, logMaxLines: keep } = this.settings
    return this.store.prune({
      ...(days > 0 ? { before: now - days * DAY_MS } : {}),
      ...(keep > 0 ? { keep } : {}),
    })
  }

  private async pruneQuietly(): Promise<void> {
    try {
      const deleted = await this.prune()
      if (deleted > 0) this.logger.info({ deleted }, 'log: pruned old lines')
    } catch (error) {
      // Another node's prune may have raced this one (a deadlock on MySQL): the next run goes on.
      this.logger.warn({ err: error }, 'log: pruning failed; it runs again within the hour')
    }
  }
}
