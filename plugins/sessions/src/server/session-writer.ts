import type { Logger } from '@shopwright/core'
import type { PageWrite, SessionStore, SessionWrite } from './session-store.js'

/** A session waiting to be written, with what the write step still has to work out. */
export interface PendingSession extends SessionWrite {
  /** The visitor's whole address: located, then cut to the stored precision, at write time. */
  address: string
  /**
   * The visitor has shown it is a browser: the request carried the visit cookie, or was a track
   * post. A new session draws on its address's budget of proven or of cookie-less starts.
   */
  proven: boolean
}

interface Waiter {
  resolve(): void
  reject(error: unknown): void
}

/**
 * What the writer does around a batch: admit and locate sessions before (a session left out is not
 * stored, nor are its pages of the batch), tell the live counter after.
 */
export interface WriteSteps {
  prepare(sessions: PendingSession[]): Promise<SessionWrite[]>
  written(sessions: readonly SessionWrite[]): void
}

/** Two writes of one session merged: the earliest start, the latest activity, every flag. */
export function mergeSession(into: PendingSession, from: PendingSession): void {
  if (from.startedAt < into.startedAt) {
    into.referer = from.referer
    into.medium = from.medium
  }
  into.startedAt = Math.min(into.startedAt, from.startedAt)
  into.endedAt = Math.max(into.endedAt, from.endedAt)
  into.confirmed ||= from.confirmed
  into.proven ||= from.proven
  into.robot ||= from.robot
  into.virus ||= from.virus
  into.spam ||= from.spam
  into.device ||= from.device
  if (from.reasons) {
    const reasons = new Set([...into.reasons.split(','), ...from.reasons.split(',')])
    reasons.delete('')
    into.reasons = [...reasons].join(',').slice(0, 255)
  }
}

/** Two sends of one page merged: the latest end and exit, the deepest scroll. */
export function mergePage(into: PageWrite, from: PageWrite): void {
  into.startedAt = Math.min(into.startedAt, from.startedAt)
  into.endedAt = Math.max(into.endedAt, from.endedAt)
  into.scroll = Math.max(into.scroll, from.scroll)
  if (from.exit) into.exit = from.exit
}

/** Pages queued that make a batch worth writing at once, without waiting for the timer. */
export const BATCH_PAGES = 500
/**
 * The most sessions one batch writes (with at most BATCH_PAGES pages). A node serving thousands of
 * new visitors a second would otherwise write them in one transaction, which on SQLite holds the
 * event loop for a tenth of a second and stalls every page behind it; batches this size take a few
 * milliseconds, and the loop serves requests between them.
 */
export const BATCH_SESSIONS = 100

/** The first `limit` entries of a map, taken out of it. */
function takeFirst<K, V>(from: Map<K, V>, limit: number): Map<K, V> {
  const taken = new Map<K, V>()
  for (const [key, value] of from) {
    if (taken.size >= limit) break
    taken.set(key, value)
  }
  for (const key of taken.keys()) from.delete(key)
  return taken
}

/** A batch's pages, without those of its sessions the prepare step left out. */
function pagesKept(
  pages: ReadonlyMap<string, PageWrite>,
  sessions: ReadonlyMap<string, PendingSession>,
  prepared: readonly SessionWrite[],
): PageWrite[] {
  const all = [...pages.values()]
  if (prepared.length === sessions.size) return all
  const kept = new Set(prepared.map((session) => session.id))
  return all.filter((page) => kept.has(page.sessionId) || !sessions.has(page.sessionId))
}

/**
 * Buffers session and page writes and stores them in batches: within `flushMs` of the first
 * change queued, or at once when BATCH_PAGES pages or BATCH_SESSIONS sessions wait, one
 * transaction per batch however many requests it serves. Requests do not wait for it. `close()` writes what is left (the kernel's
 * destroy hooks, on SIGTERM), so nothing taken is lost at a graceful stop; a crash loses at most
 * the last `flushMs` (README, "Durability"). `commit()` waits for everything queued so far.
 */
export class SessionWriter {
  private sessions = new Map<string, PendingSession>()
  private pages = new Map<string, PageWrite>()
  private waiters: Waiter[] = []
  private running: Promise<void> | undefined
  private timer: ReturnType<typeof setTimeout> | undefined
  private failures = 0
  private closed = false
  /** flush() calls under way: the loop then writes until nothing is queued. */
  private draining = 0

  constructor(
    private readonly store: SessionStore,
    private readonly steps: WriteSteps,
    private readonly logger: Logger,
    private readonly options: { flushMs: number; limit: number },
  ) {}

  /** Pages and sessions waiting to be written on this node. */
  get pending(): { pages: number; sessions: number } {
    return { pages: this.pages.size, sessions: this.sessions.size }
  }

  /** True when `pages` more would pass the buffer limit: the caller is refused instead. */
  full(pages: number): boolean {
    return this.pages.size + pages > this.options.limit || this.sessions.size >= this.options.limit
  }

  /** Queues a session change and its pages (merged with what is queued for them already). */
  add(session: PendingSession, pages: readonly PageWrite[] = []): void {
    const queued = this.sessions.get(session.id)
    if (queued) mergeSession(queued, session)
    else this.sessions.set(session.id, session)
    this.addPages(pages)
    if (this.sessions.size >= BATCH_SESSIONS) this.start()
  }

  /** Queues pages of a session queued (or stored) already. */
  addPages(pages: readonly PageWrite[]): void {
    for (const page of pages) {
      const key = `${page.sessionId}\u0000${page.key}`
      const known = this.pages.get(key)
      if (known) mergePage(known, page)
      else this.pages.set(key, page)
    }
    if (this.pages.size >= BATCH_PAGES) this.start()
    else this.schedule()
  }

  /** Resolves once everything queued so far is stored; rejects when its batch could not be. */
  commit(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiters.push({ resolve, reject })
      this.start()
    })
  }

  /** Writes everything queued now (and what arrives meanwhile). */
  async flush(): Promise<void> {
    this.draining++
    try {
      this.start()
      while (this.running) await this.running
    } finally {
      this.draining--
    }
  }

  /** Drops what is queued (the sessions were cleared); waiting callers are answered as stored. */
  discard(): void {
    this.sessions.clear()
    this.pages.clear()
  }

  /**
   * Writes what is left, trying again a few times if the database fails; what still cannot be
   * written is logged with its size (README, "Shutdown").
   */
  async close(): Promise<void> {
    this.closed = true
    clearTimeout(this.timer)
    this.timer = undefined
    for (let attempt = 1; attempt <= 3; attempt++) {
      await this.flush()
      if (this.sessions.size === 0 && this.pages.size === 0) return
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt))
    }
    this.logger.error(this.pending, 'sessions: unwritten tracking data lost at shutdown')
  }

  private schedule(): void {
    if (this.timer || this.running || this.closed) return
    this.timer = setTimeout(() => {
      this.timer = undefined
      this.start()
    }, this.options.flushMs)
    this.timer.unref?.()
  }

  private start(): void {
    if (this.running) return
    clearTimeout(this.timer)
    this.timer = undefined
    this.running = this.loop().finally(() => {
      this.running = undefined
      // Changes queued while the last batch failed wait for the timer, not a tight loop.
      if (this.sessions.size || this.pages.size) this.schedule()
    })
  }

  private async loop(): Promise<void> {
    // Let the callers of this turn of the event loop join the first batch.
    await new Promise((resolve) => setImmediate(resolve))
    // One batch, then more only while someone waits for them or a full batch is queued: under
    // load the queue fills while a batch is written, and the timer takes the rest together.
    let more = true
    while (more) {
      const waiters = this.waiters
      this.waiters = []
      // Someone waits for everything queued (commit, flush, close): one batch takes it all, so
      // they are answered when it is stored. Otherwise batches are capped, and the loop lets
      // requests run between them.
      const whole = waiters.length > 0 || this.draining > 0 || this.closed
      const sessions = whole ? this.sessions : takeFirst(this.sessions, BATCH_SESSIONS)
      const pages = whole ? this.pages : takeFirst(this.pages, BATCH_PAGES)
      if (whole) {
        this.sessions = new Map()
        this.pages = new Map()
      }
      try {
        const prepared = await this.steps.prepare([...sessions.values()])
        await this.store.write(prepared, pagesKept(pages, sessions, prepared))
        this.failures = 0
        for (const waiter of waiters) waiter.resolve()
        this.steps.written(prepared)
        const queued = this.sessions.size > 0 || this.pages.size > 0
        more =
          this.waiters.length > 0 ||
          this.pages.size >= BATCH_PAGES ||
          this.sessions.size >= BATCH_SESSIONS ||
          (queued && (this.draining > 0 || this.closed))
        if (more) await new Promise((resolve) => setImmediate(resolve))
      } catch (error) {
        // Nothing of the batch is stored (or only some of its rows, all of which may be written
        // again): its rows go back into the queue, merged with newer ones, for the next try, and
        // whoever waited for it hears of the failure.
        for (const waiter of waiters) waiter.reject(error)
        for (const session of sessions.values()) {
          const newer = this.sessions.get(session.id)
          if (newer) mergeSession(session, newer)
          this.sessions.set(session.id, session)
        }
        for (const [key, page] of pages) {
          const newer = this.pages.get(key)
          if (newer) mergePage(page, newer)
          this.pages.set(key, page)
        }
        this.failures++
        if (this.failures === 1 || this.failures % 100 === 0)
          this.logger.error(
            { err: error, failures: this.failures, ...this.pending },
            'sessions: writing tracking data failed; it is kept and tried again',
          )
        return
      }
    }
  }
}
