import type { Knex } from 'knex'
import type { Logger } from '../logger.js'
import { CACHE_INVALIDATIONS_TABLE } from '../db/kernel-migrations.js'
import { ThrottledWarning } from '../redis/throttled-warning.js'

/** A delete of one key, or (key null) a clear of a type ('*': of everything). */
export interface Invalidation {
  type: string
  key: string | null
}

/** What the log does with what it reads. */
export interface InvalidationHandlers {
  /** Applies invalidations recorded by any node (this one included), oldest first. */
  apply(invalidations: readonly Invalidation[]): Promise<void>
  /** Polling failed for so long that rows may have been pruned unseen: forget every local copy. */
  gap(): void
}

/** How often every node reads new rows (docs/operations.md, "Redis outages"). */
export const POLL_MS = 1_000
/** How long rows are kept; a node that could not read for half of it assumes it missed some. */
const RETENTION_MS = 10 * 60_000
const PRUNE_EVERY_MS = 60_000
const BATCH = 500
/**
 * Rows are read again this far below the newest seen: two inserts at once may commit out of
 * sequence order (the later number first), and the earlier one must not be skipped for good.
 */
const OVERLAP = 200

interface Row {
  seq: number | string
  type: string
  key: string | null
}

/**
 * The cache invalidations a node could not send through Redis, in a kernel table every node polls
 * about once a second (an indexed `seq >` read). A node cut off from Redis writes its deletes and
 * clears here, so the other nodes drop their copies (and the shared Redis entry) within about a
 * second instead of serving the old value for the entry's whole lifetime. Rows are pruned after
 * ten minutes.
 */
export class InvalidationLog {
  /** The newest row when this node started: nothing at or below it is applied. */
  private floor = 0
  private lastSeq = 0
  /** Sequence numbers applied within the overlap window, so a re-read row is applied once. */
  private readonly applied = new Set<number>()
  private lastRead = Date.now()
  private lastPrune = 0
  private polling: Promise<void> | undefined
  private timer: NodeJS.Timeout | undefined
  private readonly warnings: ThrottledWarning

  private constructor(
    private readonly db: Knex,
    logger: Logger,
    private readonly handlers: InvalidationHandlers,
  ) {
    this.warnings = new ThrottledWarning(logger)
  }

  /** Starts polling from the newest row now in the table (older ones were applied long ago). */
  static async start(
    db: Knex,
    logger: Logger,
    handlers: InvalidationHandlers,
  ): Promise<InvalidationLog> {
    const log = new InvalidationLog(db, logger, handlers)
    const row = (await db(CACHE_INVALIDATIONS_TABLE).max('seq as seq').first()) as
      { seq: number | string | null } | undefined
    log.floor = log.lastSeq = Number(row?.seq ?? 0)
    log.timer = setInterval(() => void log.poll(), POLL_MS)
    log.timer.unref()
    return log
  }

  /**
   * Records an invalidation for every node. Never throws: when the database cannot take it either,
   * the other nodes keep their copies until they expire, and the warning says so.
   */
  async record(invalidation: Invalidation): Promise<void> {
    try {
      await this.db(CACHE_INVALIDATIONS_TABLE).insert({
        type: invalidation.type,
        key: invalidation.key,
        at: Date.now(),
      })
    } catch (error) {
      this.warnings.warn(
        'record',
        error,
        'could not record a cache invalidation: other nodes keep their copy until it expires',
      )
    }
  }

  /** Reads and applies what is new; one read at a time. */
  poll(): Promise<void> {
    this.polling ??= this.read().finally(() => (this.polling = undefined))
    return this.polling
  }

  /** Stops polling; a read under way finishes. */
  async close(): Promise<void> {
    clearInterval(this.timer)
    await this.polling
  }

  private async read(): Promise<void> {
    try {
      for (;;) {
        const rows = (await this.db(CACHE_INVALIDATIONS_TABLE)
          .where('seq', '>', Math.max(this.floor, this.lastSeq - OVERLAP))
          .orderBy('seq')
          .limit(BATCH)
          .select('seq', 'type', 'key')) as Row[]
        if (Date.now() - this.lastRead > RETENTION_MS / 2) this.handlers.gap()
        this.lastRead = Date.now()
        const fresh = rows.filter((row) => !this.applied.has(Number(row.seq)))
        for (const row of fresh) {
          const seq = Number(row.seq)
          this.applied.add(seq)
          this.lastSeq = Math.max(this.lastSeq, seq)
        }
        for (const seq of this.applied) if (seq <= this.lastSeq - OVERLAP) this.applied.delete(seq)
        if (fresh.length > 0)
          await this.handlers.apply(fresh.map((row) => ({ type: row.type, key: row.key })))
        if (rows.length < BATCH) break
      }
      await this.prune()
    } catch (error) {
      this.warnings.warn('poll', error, 'could not read cache invalidations from the database')
    }
  }

  private async prune(): Promise<void> {
    const now = Date.now()
    if (now - this.lastPrune < PRUNE_EVERY_MS) return
    this.lastPrune = now
    await this.db(CACHE_INVALIDATIONS_TABLE)
      .where('at', '<', now - RETENTION_MS)
      .delete()
  }
}
