import { Redis, type RedisOptions } from 'ioredis'
import type { Logger } from '../logger.js'
import { RedisHealth } from './redis-health.js'
import { ThrottledWarning } from './throttled-warning.js'
import { KernelError } from '../kernel/kernel-error.js'

type Handler = (message: string) => void

/** The time limits of the Redis connections. */
export interface RedisConnectionOptions {
  /** Milliseconds one command may take (REDIS_TIMEOUT). Default 1000. */
  timeout?: number
}

/** The default of REDIS_TIMEOUT (docs/operations.md, "Redis outages"). */
export const DEFAULT_REDIS_TIMEOUT = 1_000

/** ioredis settings that make a missing or frozen Redis fail calls fast instead of holding them. */
function clientOptions(timeout: number): RedisOptions {
  return {
    lazyConnect: true,
    enableAutoPipelining: true,
    // A command sent while disconnected fails at once (the circuit breaker then skips Redis)
    // instead of waiting in memory for a reconnect that may take the whole outage.
    enableOfflineQueue: false,
    // Commands that were on the wire when the connection dropped have already failed for their
    // caller: never send them again later (a late SET could bring back a value deleted meanwhile).
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    commandTimeout: timeout,
    // No reply for this long while commands wait: the server is frozen or the network silent.
    // The socket is dropped and reconnected, so unanswered commands do not pile up.
    socketTimeout: timeout * 3,
    connectTimeout: Math.max(timeout, 2_000),
  }
}

/**
 * The two Redis connections a node needs: one for commands and one in subscriber mode (a subscribed
 * connection cannot run commands). Channels are namespaced by the configured prefix. `health` is
 * the circuit breaker every user of Redis consults and reports failures to.
 */
export class RedisConnections {
  private readonly handlers = new Map<string, Set<Handler>>()
  private readonly reconnectListeners = new Set<() => void>()
  /** Whether Redis is believed reachable; see RedisHealth. */
  readonly health: RedisHealth

  private constructor(
    readonly command: Redis,
    private readonly subscriber: Redis,
    readonly prefix: string,
    private readonly logger: Logger,
  ) {
    this.health = new RedisHealth([command, subscriber], logger)
    this.health.onRecover(() => this.resubscribe())
    this.health.start()
    subscriber.on('message', (channel: string, message: string) => {
      for (const handler of this.handlers.get(channel) ?? []) {
        try {
          handler(message)
        } catch (error) {
          this.logger.error({ err: error, channel }, 'redis message handler failed')
        }
      }
    })
    // Connected already (connect() resolves on 'ready'): the next 'ready' is a reconnect.
    let connectedOnce = subscriber.status === 'ready'
    subscriber.on('ready', () => {
      // After a reconnect, messages sent while we were away are lost: let listeners resynchronise.
      if (connectedOnce) {
        this.resubscribe().catch((error: unknown) => this.health.fail(error, 'subscribe'))
        for (const listener of this.reconnectListeners) listener()
      }
      connectedOnce = true
    })
  }

  /** Connects both clients and fails fast, naming REDIS_URL, when Redis cannot be reached. */
  static async connect(
    url: string,
    prefix: string,
    logger: Logger,
    connectionOptions: RedisConnectionOptions = {},
  ): Promise<RedisConnections> {
    const options = clientOptions(connectionOptions.timeout ?? DEFAULT_REDIS_TIMEOUT)
    const command = new Redis(url, options)
    const subscriber = new Redis(url, { ...options, enableAutoPipelining: false })
    // ioredis reports every failed reconnect attempt: a few lines per outage are enough.
    const warnings = new ThrottledWarning(logger)
    for (const client of [command, subscriber]) {
      client.on('error', (error: Error) =>
        warnings.warn('connection', error, 'redis connection error'),
      )
    }
    try {
      await Promise.all([command.connect(), subscriber.connect()])
    } catch (error) {
      command.disconnect()
      subscriber.disconnect()
      throw new KernelError(
        'SW_REDIS_UNREACHABLE',
        `Cannot connect to Redis at REDIS_URL: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      )
    }
    return new RedisConnections(command, subscriber, prefix, logger)
  }

  /** A key or channel name inside this site's namespace. */
  key(...parts: string[]): string {
    return [this.prefix, ...parts].join(':')
  }

  /** Calls the handler for every message on the channel; returns the unsubscribe function. */
  async subscribe(channel: string, handler: Handler): Promise<() => Promise<void>> {
    const name = this.key(channel)
    let set = this.handlers.get(name)
    const first = !set
    if (!set) {
      set = new Set()
      this.handlers.set(name, set)
    }
    set.add(handler)
    // While Redis is away this fails; the channel is subscribed again when it comes back.
    if (first)
      await this.subscriber.subscribe(name).catch((error: unknown) => {
        this.health.fail(error, 'subscribe')
      })
    return async () => {
      set.delete(handler)
      if (set.size === 0 && this.handlers.get(name) === set) {
        this.handlers.delete(name)
        await this.subscriber.unsubscribe(name).catch((error: unknown) => {
          this.health.fail(error, 'unsubscribe')
        })
      }
    }
  }

  /** Sends a message to every node's subscribers; rejects when Redis cannot take it. */
  async publish(channel: string, message: string): Promise<void> {
    await this.command.publish(this.key(channel), message)
  }

  /**
   * Subscribes again to every channel with handlers. ioredis does so itself after a reconnect,
   * but only for subscriptions it saw confirmed: one attempted while Redis was away is caught up here.
   */
  private async resubscribe(): Promise<void> {
    const names = [...this.handlers.keys()]
    if (names.length > 0) await this.subscriber.subscribe(...names)
  }

  /** Runs the listener after the subscriber connection comes back from a disconnect. */
  onReconnect(listener: () => void): void {
    this.reconnectListeners.add(listener)
  }

  async close(): Promise<void> {
    this.health.close()
    // quit() waits for a reply a frozen Redis never sends; disconnect() when it does not come.
    await Promise.allSettled(
      [this.subscriber, this.command].map((client) =>
        Promise.race([
          client.quit(),
          new Promise((resolve) => setTimeout(resolve, 1_000).unref()),
        ]).finally(() => client.disconnect()),
      ),
    )
  }
}
