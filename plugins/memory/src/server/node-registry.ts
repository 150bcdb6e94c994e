import os from 'node:os'
import type { Logger, RedisConnections } from '@shopwright/core'

/**
 * How often a node tells Redis it is alive, with its reports (plugins/memory/README.md; docs/operations.md,
 * "Several nodes").
 */
export const NODE_HEARTBEAT_MS = 2_000
/** A node not heard from for this long is gone: its entry expires in Redis. */
export const NODE_TTL_MS = 3 * NODE_HEARTBEAT_MS

/** One node of the site as the registry knows it. */
export interface ClusterNode {
  /** The node's id: its event bus' (`events.node`), unique per kernel. */
  id: string
  /** When the kernel started (epoch milliseconds). */
  started: number
  host: string
  pid: number
  /** When the node last reported (epoch milliseconds, by its own clock). */
  seen: number
  /** What the node's reporters gave at its last heartbeat, by reporter name. */
  reports: Record<string, unknown>
}

/** The live nodes, and whether Redis was asked. */
export interface ClusterView {
  /** This node first, then the others by start time. */
  nodes: ClusterNode[]
  /** off: no REDIS_URL (this node alone); down: Redis away, this node alone is known. */
  redis: 'off' | 'up' | 'down'
}

/**
 * The site's nodes: with Redis each node writes `<prefix>:node:<id>` (its id, start time and the
 * reports of its reporters) every NODE_HEARTBEAT_MS with an expiry of NODE_TTL_MS, and lists its id
 * in the set `<prefix>:nodes`; a node that stops (or dies) drops out within NODE_TTL_MS. Without
 * Redis, or while it is away, the node knows only itself. Redis failing is reported to the breaker,
 * never thrown.
 */
export class NodeRegistry {
  private readonly reporters = new Map<string, () => unknown>()
  private timer: NodeJS.Timeout | undefined
  private readonly started = Date.now()

  constructor(
    /** This node's id. */
    readonly node: string,
    private readonly redis: RedisConnections | null,
    private readonly logger: Logger,
  ) {}

  /** Registers this node and starts its heartbeat (with Redis; a no-op without). */
  async start(): Promise<void> {
    if (!this.redis || this.timer) return
    await this.beat()
    this.timer = setInterval(() => void this.beat(), NODE_HEARTBEAT_MS)
    this.timer.unref()
  }

  /**
   * Adds what this node publishes at each heartbeat under a name (a plugin's own figures); the
   * function must be cheap and return JSON-serialisable data.
   */
  report(name: string, reporter: () => unknown): void {
    this.reporters.set(name, reporter)
    // The other nodes see the new report now, not a heartbeat later.
    if (this.timer) void this.beat()
  }

  /** This node as it reports itself now. */
  self(): ClusterNode {
    const reports: Record<string, unknown> = {}
    for (const [name, reporter] of this.reporters) {
      try {
        reports[name] = reporter()
      } catch (error) {
        this.logger.error({ err: error, reporter: name }, 'node reporter failed')
      }
    }
    return {
      id: this.node,
      started: this.started,
      host: os.hostname(),
      pid: process.pid,
      seen: Date.now(),
      reports,
    }
  }

  /** Every live node: this one (its reports as of now) and the others as of their last beat. */
  async nodes(): Promise<ClusterView> {
    const self = this.self()
    const redis = this.redis
    if (!redis) return { nodes: [self], redis: 'off' }
    if (!redis.health.available) return { nodes: [self], redis: 'down' }
    try {
      const ids = (await redis.command.smembers(redis.key('nodes'))).filter(
        (id) => id !== this.node,
      )
      const texts = ids.length
        ? await redis.command.mget(ids.map((id) => redis.key('node', id)))
        : []
      const others: ClusterNode[] = []
      const gone: string[] = []
      texts.forEach((text, index) => {
        const parsed = text === null ? undefined : parseNode(text)
        if (parsed) others.push(parsed)
        else gone.push(ids[index]!)
      })
      if (gone.length) await redis.command.srem(redis.key('nodes'), ...gone)
      others.sort((a, b) => a.started - b.started || a.id.localeCompare(b.id))
      return { nodes: [self, ...others], redis: 'up' }
    } catch (error) {
      redis.health.fail(error, 'node list')
      return { nodes: [self], redis: 'down' }
    }
  }

  /** Stops the heartbeat and removes this node from the registry at once. */
  async close(): Promise<void> {
    clearInterval(this.timer)
    const redis = this.redis
    if (!redis?.health.available) return
    try {
      await redis.command.del(redis.key('node', this.node))
      await redis.command.srem(redis.key('nodes'), this.node)
    } catch (error) {
      redis.health.fail(error, 'node leave')
    }
  }

  private async beat(): Promise<void> {
    const redis = this.redis!
    if (!redis.health.available) return
    try {
      await redis.command.set(
        redis.key('node', this.node),
        JSON.stringify(this.self()),
        'PX',
        NODE_TTL_MS,
      )
      await redis.command.sadd(redis.key('nodes'), this.node)
    } catch (error) {
      redis.health.fail(error, 'node heartbeat')
    }
  }
}

function parseNode(text: string): ClusterNode | undefined {
  try {
    const node = JSON.parse(text) as Partial<ClusterNode>
    if (typeof node.id !== 'string' || typeof node.started !== 'number') return undefined
    return {
      id: node.id,
      started: node.started,
      host: typeof node.host === 'string' ? node.host : '',
      pid: typeof node.pid === 'number' ? node.pid : 0,
      seen: typeof node.seen === 'number' ? node.seen : node.started,
      reports: node.reports && typeof node.reports === 'object' ? node.reports : {},
    }
  } catch {
    return undefined
  }
}
