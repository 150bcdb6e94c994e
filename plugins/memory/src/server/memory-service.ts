import crypto from 'node:crypto'
import type { CacheService, CacheStats, Logger, RedisConnections } from '@shopwright/core'
import {
  MEMORY_TYPES,
  type CacheTypeRow,
  type ClearAnswer,
  type MemoryList,
  type MemoryType,
  type NodeStats,
} from '../shared/types.js'
import { CacheTypes } from './memory-types.js'
import type { ClusterNode, NodeRegistry } from './node-registry.js'

/** How long a clear waits for the other nodes' confirmations (plugins/memory/README.md). */
export const CONFIRM_TIMEOUT_MS = 2_000
/** The pub/sub channel of clear requests and confirmations (`<prefix>:memory`). */
const CHANNEL = 'memory'
/** The name this plugin's figures travel under in each node's heartbeat. */
const REPORT = 'memory'

/** What each node publishes with its heartbeat. */
interface MemoryReport {
  heapUsed: number
  heapTotal: number
  rss: number
  caches: CacheStats
}

type Message =
  | { op: 'clear'; id: string; from: string; all: boolean; caches: string[] }
  | { op: 'confirm'; id: string; from: string; to: string }

interface Waiting {
  readonly confirmed: Set<string>
  /** The nodes asked: the wait ends early once each of them confirmed. */
  readonly expected: readonly string[]
  done: () => void
}

/**
 * Clears by memory type on every node and reads every node's figures. A clear clears the cache
 * types in the shared cache (one generation bump each, which the cache service sends to every
 * node), then asks every node over `<prefix>:memory` to drop its own copies and waits up to
 * CONFIRM_TIMEOUT_MS for each live node's confirmation. Figures travel with the node registry's
 * heartbeats.
 */
export class MemoryService {
  private readonly waiting = new Map<string, Waiting>()
  private unsubscribe: (() => Promise<void>) | undefined

  /** The site's cache types: plugins add theirs in bootstrap (`memory.cacheTypes.add(...)`). */
  readonly cacheTypes = new CacheTypes()

  constructor(
    private readonly cache: CacheService,
    private readonly cluster: NodeRegistry,
    private readonly redis: RedisConnections | null,
    private readonly logger: Logger,
  ) {}

  /** Publishes this node's figures with its heartbeat and answers other nodes' clears. */
  async start(): Promise<void> {
    // Subscribed before the report shows: a node whose report is seen is asked, and must hear it.
    if (this.redis)
      this.unsubscribe = await this.redis.subscribe(CHANNEL, (text) => this.receive(text))
    this.cluster.report(REPORT, (): MemoryReport => {
      const usage = process.memoryUsage()
      return {
        heapUsed: usage.heapUsed,
        heapTotal: usage.heapTotal,
        rss: usage.rss,
        caches: this.cache.stats(),
      }
    })
    // The first heartbeat carries the report: other nodes never see this one without it.
    await this.cluster.start()
  }

  async close(): Promise<void> {
    // Out of the registry first: a node asked to clear after it stopped listening would be waited for.
    await this.cluster.close()
    for (const waiting of this.waiting.values()) waiting.done()
    await this.unsubscribe?.()
  }

  /** Every live node's figures, and the cache types each memory type clears. */
  async list(): Promise<MemoryList> {
    const view = await this.cluster.nodes()
    const mapped = this.cacheTypes.byMemoryType(this.known(view.nodes))
    return {
      nodes: view.nodes.map((node) => this.statsOf(node)),
      types: MEMORY_TYPES.map((type) => ({ type, caches: mapped[type] })),
      redis: view.redis,
    }
  }

  /** Clears one memory type, or every cache when none is given, on every node. */
  async clear(type?: MemoryType): Promise<ClearAnswer> {
    const view = await this.cluster.nodes()
    const mapped = this.cacheTypes.byMemoryType(this.known(view.nodes))
    const cleared = type ? [type] : [...MEMORY_TYPES]
    const caches = [...new Set(cleared.flatMap((each) => mapped[each]))]
    // Everything: one bump of the whole cache, which also reaches types nobody has seen yet.
    if (!type) await this.cache.clear()
    else for (const cacheType of caches) await this.cache.clear(cacheType)
    // The nodes that answer clears: those running this service (a node still starting, or one
    // without the plugin, would never confirm, and each clear would wait for it in vain).
    const others = view.nodes
      .filter((node) => node.id !== this.cluster.node && REPORT in node.reports)
      .map((node) => node.id)
    const answer: ClearAnswer = {
      cleared,
      caches: Object.fromEntries(cleared.map((each) => [each, mapped[each]])),
      nothing: cleared.filter((each) => mapped[each].length === 0),
      nodes: { asked: 1 + others.length, confirmed: 1, redis: view.redis },
    }
    // Redis failed during the clear: the cache sent it through the invalidation table instead, so
    // the shared level is not cleared yet and the other nodes are not asked.
    if (view.redis === 'up' && !this.redis?.health.available) {
      answer.nodes = { asked: 1, confirmed: 1, redis: 'down' }
      return answer
    }
    if (view.redis !== 'up' || (type && caches.length === 0)) return answer
    const confirmed = await this.askOthers(!type, caches, others)
    if (confirmed === null) answer.nodes.redis = 'down'
    else {
      answer.nodes.confirmed += confirmed.size
      // A node that started after the list was read confirms too: it was asked.
      answer.nodes.asked += [...confirmed].filter((id) => !others.includes(id)).length
    }
    return answer
  }

  /**
   * Sends the clear to the other nodes; resolves with those that confirmed within
   * CONFIRM_TIMEOUT_MS (earlier once every expected one did), or null when Redis would not take it.
   */
  private async askOthers(
    all: boolean,
    caches: string[],
    others: readonly string[],
  ): Promise<Set<string> | null> {
    const redis = this.redis!
    const id = crypto.randomUUID()
    const confirmed = new Set<string>()
    let timer: NodeJS.Timeout | undefined
    const finished = new Promise<void>((resolve) => {
      const waiting: Waiting = {
        confirmed,
        expected: others,
        done: () => {
          clearTimeout(timer)
          this.waiting.delete(id)
          resolve()
        },
      }
      this.waiting.set(id, waiting)
      timer = setTimeout(waiting.done, CONFIRM_TIMEOUT_MS)
    })
    const message: Message = { op: 'clear', id, from: this.cluster.node, all, caches }
    try {
      await redis.publish(CHANNEL, JSON.stringify(message))
    } catch (error) {
      redis.health.fail(error, 'memory clear')
      this.waiting.get(id)?.done()
      return null
    }
    if (others.length === 0) this.waiting.get(id)?.done()
    await finished
    return confirmed
  }

  private receive(text: string): void {
    let message: Message
    try {
      message = JSON.parse(text) as Message
    } catch {
      this.logger.warn({ text }, 'ignored a malformed memory message')
      return
    }
    if (message.from === this.cluster.node) return
    if (message.op === 'confirm') {
      if (message.to !== this.cluster.node) return
      const waiting = this.waiting.get(message.id)
      if (!waiting) return
      waiting.confirmed.add(message.from)
      if (waiting.expected.every((id) => waiting.confirmed.has(id))) waiting.done()
      return
    }
    if (message.op !== 'clear' || !Array.isArray(message.caches)) return
    // The shared cache was cleared by the asking node; this node drops its own copies.
    if (message.all) this.cache.dropLocal()
    else for (const cacheType of message.caches) this.cache.dropLocal(cacheType)
    const reply: Message = {
      op: 'confirm',
      id: message.id,
      from: this.cluster.node,
      to: message.from,
    }
    this.redis!.publish(CHANNEL, JSON.stringify(reply)).catch((error: unknown) => {
      this.redis!.health.fail(error, 'memory confirm')
    })
  }

  /** The cache types of the site: declared, and seen on any live node. */
  private known(nodes: readonly ClusterNode[]): string[] {
    const known = new Set(this.cacheTypes.list())
    for (const node of nodes) for (const type of Object.keys(reportOf(node).caches)) known.add(type)
    return [...known]
  }

  private statsOf(node: ClusterNode): NodeStats {
    const report = reportOf(node)
    const caches: CacheTypeRow[] = Object.entries(report.caches)
      .map(([type, figures]) => ({
        type,
        memoryType: this.cacheTypes.memoryTypeOf(type),
        ...figures,
      }))
      .sort((a, b) => a.type.localeCompare(b.type))
    let hits = 0
    let lookups = 0
    for (const row of caches) {
      hits += row.hits + row.sharedHits
      lookups += row.hits + row.sharedHits + row.misses
    }
    return {
      id: node.id,
      host: node.host,
      pid: node.pid,
      self: node.id === this.cluster.node,
      started: node.started,
      uptime: Math.max(0, Math.round((node.seen - node.started) / 1000)),
      seen: node.seen,
      heapUsed: report.heapUsed,
      heapTotal: report.heapTotal,
      rss: report.rss,
      caches,
      hitRate: lookups === 0 ? null : hits / lookups,
    }
  }
}

const count = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0

/** A node's memory report, with whatever another node's (older) version left out made zero. */
function reportOf(node: ClusterNode): MemoryReport {
  const raw = (node.reports[REPORT] ?? {}) as Partial<Record<keyof MemoryReport, unknown>>
  const caches: CacheStats = {}
  if (raw.caches && typeof raw.caches === 'object')
    for (const [type, figures] of Object.entries(raw.caches as Record<string, unknown>)) {
      const each = (figures ?? {}) as Record<string, unknown>
      caches[type] = {
        entries: count(each.entries),
        hits: count(each.hits),
        sharedHits: count(each.sharedHits),
        misses: count(each.misses),
      }
    }
  return {
    heapUsed: count(raw.heapUsed),
    heapTotal: count(raw.heapTotal),
    rss: count(raw.rss),
    caches,
  }
}
