interface Stored {
  value: unknown
  expires: number
}

interface InFlight {
  promise: Promise<unknown>
  controller: AbortController
  /** Callers still waiting; when the last one aborts, the request is aborted too. */
  waiters: number
}

/**
 * A query client's local cache: answers by key (the call's URL) until they expire, bounded to
 * `limit` entries with the least recently used dropped first, and one request in flight per key that
 * every caller of that key shares. Failures are never stored. Answers are shared objects: treat them
 * as read-only.
 */
export class QueryCache {
  private readonly answers = new Map<string, Stored>()
  private readonly inFlight = new Map<string, InFlight>()

  constructor(
    private readonly limit: number,
    private readonly now: () => number,
  ) {}

  /** How many answers are stored. */
  get size(): number {
    return this.answers.size
  }

  /**
   * The answer for the key: stored, shared with a request in flight, or loaded and kept for `ttl`
   * milliseconds (Infinity: for the page's life). A caller's signal only withdraws that caller; the
   * request itself is aborted when every caller has withdrawn.
   */
  read(
    key: string,
    ttl: number,
    load: (signal: AbortSignal) => Promise<unknown>,
    signal?: AbortSignal,
  ): Promise<unknown> {
    const stored = this.answers.get(key)
    if (stored !== undefined) {
      if (stored.expires > this.now()) {
        // Refresh its place so the least recently used answer is the first to go.
        this.answers.delete(key)
        this.answers.set(key, stored)
        return Promise.resolve(stored.value)
      }
      this.answers.delete(key)
    }
    let flight = this.inFlight.get(key)
    if (flight === undefined) flight = this.start(key, ttl, load)
    return this.wait(key, flight, signal)
  }

  /** Forgets stored answers and requests in flight whose key starts with the prefix (all without one). */
  clear(prefix = ''): void {
    for (const key of [...this.answers.keys()]) {
      if (key.startsWith(prefix)) this.answers.delete(key)
    }
    // A request in flight may answer with data older than the change that caused the clear: its
    // callers still get it, but it is not stored.
    for (const key of [...this.inFlight.keys()]) {
      if (key.startsWith(prefix)) this.inFlight.delete(key)
    }
  }

  private start(
    key: string,
    ttl: number,
    load: (signal: AbortSignal) => Promise<unknown>,
  ): InFlight {
    const controller = new AbortController()
    const flight: InFlight = { promise: Promise.resolve(), controller, waiters: 0 }
    flight.promise = load(controller.signal).then(
      (value) => {
        if (this.inFlight.get(key) === flight) {
          this.inFlight.delete(key)
          this.store(key, value, ttl)
        }
        return value
      },
      (error: unknown) => {
        if (this.inFlight.get(key) === flight) this.inFlight.delete(key)
        throw error
      },
    )
    this.inFlight.set(key, flight)
    return flight
  }

  private store(key: string, value: unknown, ttl: number): void {
    this.answers.set(key, { value, expires: this.now() + ttl })
    for (const oldest of this.answers.keys()) {
      if (this.answers.size <= this.limit) break
      this.answers.delete(oldest)
    }
  }

  private wait(key: string, flight: InFlight, signal: AbortSignal | undefined): Promise<unknown> {
    flight.waiters += 1
    if (signal === undefined) return flight.promise
    const leave = (): void => {
      flight.waiters -= 1
      if (flight.waiters > 0) return
      if (this.inFlight.get(key) === flight) this.inFlight.delete(key)
      flight.controller.abort(signal.reason)
    }
    if (signal.aborted) {
      leave()
      return Promise.reject(signal.reason)
    }
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        leave()
        reject(signal.reason)
      }
      signal.addEventListener('abort', onAbort, { once: true })
      flight.promise.then(
        (value) => {
          signal.removeEventListener('abort', onAbort)
          resolve(value)
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort)
          reject(error)
        },
      )
    })
  }
}
