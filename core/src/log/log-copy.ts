import pino from 'pino'

/** The lowest level copied: warnings, errors and fatal lines (pino's numbers: 40, 50, 60). */
export const COPY_LEVEL = 40

/**
 * Put in a line's object or a child logger's bindings (`logger.child(NOT_COPIED)`), it keeps the
 * line out of the copy: what a log store logs about its own failures, so that a store that cannot
 * write never feeds itself lines it cannot write.
 */
export const NOT_COPIED = Object.freeze({ logCopy: false as const })
const NOT_COPIED_BINDING = '"logCopy":false'

/** One warn-or-worse line as the code logged it, before any serialisation. */
export interface CopiedRecord {
  /** Epoch milliseconds when it was logged. */
  time: number
  /** pino's level number: 40 warn, 50 error, 60 fatal. */
  level: number
  /** The message given, if any. */
  msg: string | undefined
  /**
   * The object given to the call (`logger.error({ err, id }, 'failed')`), as given: read it when
   * the line is taken, not kept beyond.
   */
  object: Readonly<Record<string, unknown>>
  /** The bindings of the logger that wrote it (`{ plugin: 'drive' }`). */
  bindings: Readonly<Record<string, unknown>>
}

/** How many lines wait at most; beyond, the oldest give way, counted (takeDropped). */
const DEFAULT_CAPACITY = 1000

/**
 * The copy of the process log's warnings and errors for a plugin to keep (a log plugin writes
 * them to its table). pino hands each such line here as it is logged, in the caller's stack, so
 * taking it costs a push onto a bounded queue and nothing else: no I/O, no serialisation, never
 * an exception. Whoever keeps the lines takes them in batches; when nobody does, the queue stays
 * at its bound and the oldest lines give way, counted.
 */
export class LogCopy {
  private queue: CopiedRecord[] = []
  private dropped = 0
  private listener: (() => void) | undefined
  private woken = false

  constructor(readonly capacity = DEFAULT_CAPACITY) {}

  /** Lines waiting. */
  get pending(): number {
    return this.queue.length
  }

  /** Called by the logger's stream: never throws, never blocks. */
  push(record: CopiedRecord): void {
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

const copies = new WeakMap<object, LogCopy>()

/** The copy of a logger made by `createLogger`, or undefined for any other logger. */
export function logCopyOf(logger: object): LogCopy | undefined {
  return copies.get(logger)
}

/** Ties a copy to its logger (createLogger does). */
export function attachLogCopy(logger: object, copy: LogCopy): void {
  copies.set(logger, copy)
}

/** What pino calls a destination: something with write(), and flush() when it buffers. */
export interface Destination {
  write(chunk: string): unknown
  flush?(callback: (error?: Error) => void): void
  flushSync?(): void
  end?(): void
}

const chindingsSym = pino.symbols.chindingsSym

/**
 * The logger's stream: every line goes to the process log (`main`) when its level is at least
 * `mainLevel`, and lines at COPY_LEVEL and above are also handed to the copy, unserialised. pino
 * tells a stream marked as needing metadata the level, object and logger of each line just before
 * writing it; raw text written past pino (the batched access log) carries none of it and goes to
 * the process log only.
 */
export class CopyingStream implements Destination {
  readonly [pino.symbols.needsMetadataGsym] = true
  lastLevel = 0
  lastObj: unknown = undefined
  lastMsg: unknown = undefined
  lastLogger: unknown = undefined
  lastTime: unknown = undefined

  constructor(
    private readonly main: Destination | null,
    private readonly mainLevel: number,
    private readonly copy: LogCopy,
  ) {}

  write(chunk: string): void {
    const object = this.lastObj
    if (object !== undefined) {
      this.lastObj = undefined
      const level = this.lastLevel
      if (level >= COPY_LEVEL) this.keep(level, object)
      if (level < this.mainLevel) return
    }
    this.main?.write(chunk)
  }

  flush(callback: (error?: Error) => void): void {
    if (this.main?.flush) this.main.flush(callback)
    else callback()
  }

  flushSync(): void {
    this.main?.flushSync?.()
  }

  end(): void {
    this.main?.end?.()
  }

  private keep(level: number, object: unknown): void {
    try {
      const logger = this.lastLogger as Record<symbol, unknown> & { bindings?(): object }
      const record = (typeof object === 'object' && object !== null ? object : {}) as Record<
        string,
        unknown
      >
      if (record.logCopy === false) return
      const chindings = logger?.[chindingsSym]
      if (typeof chindings === 'string' && chindings.includes(NOT_COPIED_BINDING)) return
      this.copy.push({
        time: Date.now(),
        level,
        msg: typeof this.lastMsg === 'string' ? this.lastMsg : undefined,
        object: record,
        bindings:
          typeof chindings === 'string' && chindings.length > 0 ? bindingsOf(chindings) : {},
      })
    } catch {
      // A line that cannot be copied is still in the process log.
    }
  }
}

/** A child logger's bindings from pino's serialised form (`,"plugin":"drive"`), without pid and host. */
function bindingsOf(chindings: string): Record<string, unknown> {
  const parsed = JSON.parse(`{${chindings.slice(1)}}`) as Record<string, unknown>
  delete parsed.pid
  delete parsed.hostname
  return parsed
}
