import type { Redis } from 'ioredis'
import type { Logger } from '../logger.js'
import { describeError } from '../db/errors.js'
import { ThrottledWarning } from './throttled-warning.js'

/** How often a node checks both Redis connections (docs/operations.md, "Redis outages"). */
export const HEARTBEAT_MS = 1_000

/**
 * The circuit breaker in front of Redis. While Redis is known to be away (a command failed or
 * timed out, a connection closed, a heartbeat went unanswered) `available` is false and the cache,
 * events and limits skip Redis at once instead of waiting on each call; a heartbeat PINGs both
 * connections every second and, once both answer, runs the recovery listeners (the cache
 * resynchronises) before Redis is used again. A failure reported during that check keeps it shut.
 */
export class RedisHealth {
  private up = true
  private closed = false
  /** Counts failures, so a check can tell whether one happened while it ran. */
  private failures = 0
  private checking: Promise<boolean> | undefined
  private timer: NodeJS.Timeout | undefined
  private readonly downListeners = new Set<() => void>()
  private readonly recoverListeners = new Set<() => Promise<void>>()
  private readonly warnings: ThrottledWarning

  constructor(
    private readonly clients: readonly Redis[],
    private readonly logger: Logger,
  ) {
    this.warnings = new ThrottledWarning(logger)
    for (const client of clients) {
      client.on('close', () => this.fail(new Error('the connection closed'), 'connection'))
      // A reconnected client is worth checking now rather than at the next beat.
      client.on('ready', () => void this.check())
    }
  }

  /** Starts the heartbeat. */
  start(): void {
    this.timer ??= setInterval(() => void this.check(), HEARTBEAT_MS)
    this.timer.unref()
  }

  /** True while Redis is believed reachable. */
  get available(): boolean {
    return this.up && !this.closed
  }

  /** Records a failed Redis call (logged, throttled): the breaker opens until a heartbeat succeeds. */
  fail(error: unknown, operation: string): void {
    if (this.closed) return
    this.failures++
    if (!this.up) {
      this.warnings.warn(operation, error, 'redis still unavailable')
      return
    }
    this.up = false
    this.logger.warn(
      { operation, reason: describeError(error) },
      'redis unavailable: the cache, events and rate limits run without it until it answers again',
    )
    for (const listener of this.downListeners) {
      try {
        listener()
      } catch (listenerError) {
        this.logger.error({ err: listenerError }, 'redis down listener failed')
      }
    }
  }

  /** Runs when the breaker opens (synchronously, from the failing call). */
  onDown(listener: () => void): void {
    this.downListeners.add(listener)
  }

  /** Runs, and must succeed, before Redis is used again after an outage. */
  onRecover(listener: () => Promise<void>): void {
    this.recoverListeners.add(listener)
  }

  /** PINGs both connections (within REDIS_TIMEOUT); true when Redis answers and is in use again. */
  check(): Promise<boolean> {
    this.checking ??= this.runCheck().finally(() => (this.checking = undefined))
    return this.checking
  }

  /** Stops the heartbeat; nothing is reported after this. */
  close(): void {
    this.closed = true
    clearInterval(this.timer)
  }

  private async runCheck(): Promise<boolean> {
    if (this.closed) return false
    const before = this.failures
    try {
      await Promise.all(this.clients.map((client) => client.ping()))
    } catch (error) {
      this.fail(error, 'heartbeat')
      return false
    }
    if (this.up) return true
    try {
      for (const listener of this.recoverListeners) await listener()
    } catch (error) {
      this.fail(error, 'resynchronise')
      return false
    }
    if (this.failures !== before || this.closed) return false
    this.up = true
    this.logger.info('redis available again')
    return true
  }
}
