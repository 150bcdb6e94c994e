import pino from 'pino'

/** The lowest level tapped: warnings, errors and fatal lines (pino's numbers: 40, 50, 60). */
const TAP_LEVEL = 40
/** Lines logged while nobody listens that wait for the first listener; beyond, the oldest go, counted. */
export const EARLY_LINES = 100

/**
 * Put in a line's object or a child logger's bindings (`logger.child(NOT_COPIED)`), it keeps the
 * line from every listener: what a log store logs about its own failures, so that a store that
 * cannot write never feeds itself lines it cannot write, and what the site's staff must not read.
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
   * the line is handled, not kept beyond.
   */
  object: Readonly<Record<string, unknown>>
  /** The bindings of the logger that wrote it (`{ plugin: 'drive' }`). */
  bindings: Readonly<Record<string, unknown>>
}

/**
 * Hears each warn-or-worse line, in the logging call's stack: it must be quick and must not block.
 * What it throws is swallowed, and what it logs itself is not handed to any listener. `lost` is
 * how many lines just before this one no listener heard (the early lines overflowed): 0 except,
 * at most, for the first line handed over on tap.
 */
export type LogListener = (record: CopiedRecord, lost: number) => void

function hear(listener: LogListener, record: CopiedRecord, lost: number): void {
  try {
    listener(record, lost)
  } catch {
    // The listener's own affair: a logging call never fails because of it.
  }
}

/** A logger's listeners, and the lines logged while it has none. */
class LogTap {
  /** True while lines are handed over: what a listener logs then is not handed again. */
  busy = false
  private listeners: readonly LogListener[] = []
  private early: CopiedRecord[] = []
  private lost = 0

  hand(record: CopiedRecord): void {
    const listeners = this.listeners
    if (listeners.length === 0) {
      if (this.early.length >= EARLY_LINES) {
        this.early.shift()
        this.lost++
      }
      this.early.push(record)
      return
    }
    this.busy = true
    for (const listener of listeners) hear(listener, record, 0)
    this.busy = false
  }

  add(listener: LogListener): () => void {
    this.listeners = [...this.listeners, listener]
    const { early, lost, busy } = this
    this.early = []
    this.lost = 0
    this.busy = true
    early.forEach((record, index) => hear(listener, record, index === 0 ? lost : 0))
    this.busy = busy
    let tapped = true
    return () => {
      if (!tapped) return
      tapped = false
      const index = this.listeners.indexOf(listener)
      this.listeners = this.listeners.filter((_, each) => each !== index)
    }
  }
}

const taps = new WeakMap<object, LogTap>()

/**
 * Hands `listener` every warn-or-worse line of a logger made by `createLogger` (given it or any
 * of its children: the listener hears the whole logger), whatever LOG_LEVEL says, starting with
 * the lines logged while nobody listened (the last EARLY_LINES of them, such as the boot's).
 * Answers the function that stops it. Any other logger hands nothing.
 */
export function tapLog(logger: object, listener: LogListener): () => void {
  for (
    let each: object | null = logger;
    each;
    each = Object.getPrototypeOf(each) as object | null
  ) {
    const tap = taps.get(each)
    if (tap) return tap.add(listener)
  }
  return () => undefined
}

/** What pino calls a destination: something with write(), and flush() when it buffers. */
export interface Destination {
  write(chunk: string): unknown
  flush?(callback: (error?: Error) => void): void
  flushSync?(): void
  end?(): void
}

/**
 * A pino logger at `level` whose lines go to `main` (the process log, null for none), and whose
 * warn-or-worse lines are also handed to its tap (tapLog), whatever `level` says: the logger lets
 * through the lower of `level` and warn, and the stream prints only what `level` asks for.
 */
export function tappedLogger(main: Destination | null, level: pino.LevelWithSilent): pino.Logger {
  const mainLevel = level === 'silent' ? Infinity : pino.levels.values[level]!
  const tap = new LogTap()
  const logger = pino(
    { level: mainLevel <= TAP_LEVEL ? level : pino.levels.labels[TAP_LEVEL]! },
    new TapStream(main, mainLevel, tap),
  )
  taps.set(logger, tap)
  return logger
}

const chindingsSym = pino.symbols.chindingsSym

/**
 * The logger's stream: every line goes to the process log (`main`) when its level is at least
 * `mainLevel`, and lines at TAP_LEVEL and above are also handed to the tap, unserialised. pino
 * tells a stream marked as needing metadata the level, object and logger of each line just before
 * writing it; raw text written past pino (the batched access log) carries none of it and goes to
 * the process log only.
 */
class TapStream implements Destination {
  readonly [pino.symbols.needsMetadataGsym] = true
  lastLevel = 0
  lastObj: unknown = undefined
  lastMsg: unknown = undefined
  lastLogger: unknown = undefined
  lastTime: unknown = undefined
  /** Each child logger's bindings, parsed once (keyed by the logger, checked by its text). */
  private readonly bindings = new WeakMap<
    object,
    { text: string; parsed: Readonly<Record<string, unknown>> }
  >()

  constructor(
    private readonly main: Destination | null,
    private readonly mainLevel: number,
    private readonly tap: LogTap,
  ) {}

  write(chunk: string): void {
    const object = this.lastObj
    if (object !== undefined) {
      this.lastObj = undefined
      const level = this.lastLevel
      if (level >= TAP_LEVEL && !this.tap.busy) this.keep(level, object)
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
      const logger = this.lastLogger as Record<symbol, unknown> | undefined
      const record = (typeof object === 'object' && object !== null ? object : {}) as Record<
        string,
        unknown
      >
      if (record.logCopy === false) return
      const chindings = logger?.[chindingsSym]
      if (typeof chindings === 'string' && chindings.includes(NOT_COPIED_BINDING)) return
      this.tap.hand({
        time: Date.now(),
        level,
        msg: typeof this.lastMsg === 'string' ? this.lastMsg : undefined,
        object: record,
        bindings: typeof chindings === 'string' ? this.bindingsOf(logger!, chindings) : {},
      })
    } catch {
      // A line that cannot be handed over is still in the process log.
    }
  }

  /** A child logger's bindings from pino's serialised form (`,"plugin":"drive"`), without pid and host. */
  private bindingsOf(logger: object, chindings: string): Readonly<Record<string, unknown>> {
    if (chindings.length === 0) return {}
    const known = this.bindings.get(logger)
    if (known?.text === chindings) return known.parsed
    const parsed = JSON.parse(`{${chindings.slice(1)}}`) as Record<string, unknown>
    delete parsed.pid
    delete parsed.hostname
    this.bindings.set(logger, { text: chindings, parsed: Object.freeze(parsed) })
    return parsed
  }
}
