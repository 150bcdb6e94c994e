import crypto from 'node:crypto'
import type { RedisConnections } from '../redis/redis-connections.js'
import type { Logger } from '../logger.js'
import { ThrottledWarning } from '../redis/throttled-warning.js'

/** An event handler; it receives the payload and the node the event came from. */
export type EventHandler<T = unknown> = (
  payload: T,
  origin: { node: string; local: boolean },
) => void | Promise<void>

/** Events between plugins, in process and, with Redis, across every node of the site. */
export interface EventBus {
  /** The id of this node (one kernel). */
  readonly node: string
  on<T = unknown>(name: string, handler: EventHandler<T>): () => void
  /** Runs this node's handlers and, unless `local`, sends the event to every other node. */
  emit(name: string, payload?: unknown, options?: { local?: boolean }): Promise<void>
}

const CHANNEL = 'events'

/**
 * The event bus; handlers' failures are logged, never thrown into the emitter. Neither is a
 * publish Redis cannot take: this node's handlers still run, and the other nodes miss the event
 * (docs/operations.md, "Redis outages").
 */
export class KernelEventBus implements EventBus {
  readonly node = crypto.randomUUID()
  private readonly handlers = new Map<string, Set<EventHandler>>()
  private readonly warnings: ThrottledWarning

  private constructor(
    private readonly redis: RedisConnections | null,
    private readonly logger: Logger,
  ) {
    this.warnings = new ThrottledWarning(logger)
  }

  static memory(logger: Logger): KernelEventBus {
    return new KernelEventBus(null, logger)
  }

  static async shared(redis: RedisConnections, logger: Logger): Promise<KernelEventBus> {
    const bus = new KernelEventBus(redis, logger)
    await redis.subscribe(CHANNEL, (text) => {
      let message: { node: string; name: string; payload: unknown }
      try {
        message = JSON.parse(text) as typeof message
      } catch {
        logger.warn({ text }, 'ignored a malformed event message')
        return
      }
      if (message.node === bus.node) return
      void bus.dispatch(message.name, message.payload, { node: message.node, local: false })
    })
    return bus
  }

  on<T = unknown>(name: string, handler: EventHandler<T>): () => void {
    let set = this.handlers.get(name)
    if (!set) {
      set = new Set()
      this.handlers.set(name, set)
    }
    set.add(handler as EventHandler)
    return () => set.delete(handler as EventHandler)
  }

  async emit(name: string, payload?: unknown, options: { local?: boolean } = {}): Promise<void> {
    const remote = this.redis && !options.local ? this.publish(name, payload) : undefined
    await this.dispatch(name, payload, { node: this.node, local: true })
    await remote
  }

  /** Sends the event to the other nodes; resolves either way (a failure is logged). */
  private async publish(name: string, payload: unknown): Promise<void> {
    const redis = this.redis!
    if (!redis.health.available) {
      this.warnings.warn('skipped', name, 'redis unavailable: events are not sent to other nodes')
      return
    }
    const message = JSON.stringify({ node: this.node, name, payload: payload ?? null })
    try {
      await redis.publish(CHANNEL, message)
    } catch (error) {
      redis.health.fail(error, 'event publish')
    }
  }

  private async dispatch(
    name: string,
    payload: unknown,
    origin: { node: string; local: boolean },
  ): Promise<void> {
    const handlers = this.handlers.get(name)
    if (!handlers) return
    await Promise.all(
      [...handlers].map(async (handler) => {
        try {
          await handler(payload, origin)
        } catch (error) {
          this.logger.error({ err: error, event: name }, 'event handler failed')
        }
      }),
    )
  }
}
