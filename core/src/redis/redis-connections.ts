import { Redis } from 'ioredis'
import type { Logger } from '../logger.js'

type Handler = (message: string) => void

/**
 * The two Redis connections a node needs: one for commands and one in subscriber mode (a subscribed
 * connection cannot run commands). Channels are namespaced by the configured prefix.
 */
export class RedisConnections {
  private readonly handlers = new Map<string, Set<Handler>>()
  private readonly reconnectListeners = new Set<() => void>()

  private constructor(
    readonly command: Redis,
    private readonly subscriber: Redis,
    readonly prefix: string,
    private readonly logger: Logger,
  ) {
    subscriber.on('message', (channel: string, message: string) => {
      for (const handler of this.handlers.get(channel) ?? []) {
        try {
          handler(message)
        } catch (error) {
          this.logger.error({ err: error, channel }, 'redis message handler failed')
        }
      }
    })
    let connectedOnce = false
    subscriber.on('ready', () => {
      // After a reconnect, messages sent while we were away are lost: let listeners resynchronise.
      if (connectedOnce) for (const listener of this.reconnectListeners) listener()
      connectedOnce = true
    })
  }

  /** Connects both clients and fails fast, naming REDIS_URL, when Redis cannot be reached. */
  static async connect(url: string, prefix: string, logger: Logger): Promise<RedisConnections> {
    const options = {
      lazyConnect: true,
      maxRetriesPerRequest: 2,
      enableAutoPipelining: true,
    } as const
    const command = new Redis(url, options)
    const subscriber = new Redis(url, { ...options, enableAutoPipelining: false })
    for (const client of [command, subscriber]) {
      client.on('error', (error: Error) => logger.warn({ err: error }, 'redis connection error'))
    }
    try {
      await Promise.all([command.connect(), subscriber.connect()])
    } catch (error) {
      command.disconnect()
      subscriber.disconnect()
      throw new Error(
        `Cannot connect to Redis at REDIS_URL: ${error instanceof Error ? error.message : String(error)}`,
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
    if (!set) {
      set = new Set()
      this.handlers.set(name, set)
      await this.subscriber.subscribe(name)
    }
    set.add(handler)
    return async () => {
      set.delete(handler)
      if (set.size === 0 && this.handlers.get(name) === set) {
        this.handlers.delete(name)
        await this.subscriber.unsubscribe(name)
      }
    }
  }

  async publish(channel: string, message: string): Promise<void> {
    await this.command.publish(this.key(channel), message)
  }

  /** Runs the listener after the subscriber connection comes back from a disconnect. */
  onReconnect(listener: () => void): void {
    this.reconnectListeners.add(listener)
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.subscriber.quit(), this.command.quit()])
  }
}
