/** The security record that gates the memory screen and its calls (README, "Rights"). */
export const MEMORY_SECURITY = 'memory'

/** The ten memory types (README, "Types"): what `/query/memory/clear/{type}` takes. */
export const MEMORY_TYPES = [
  'recordtype',
  'html',
  'css',
  'script',
  'configuration',
  'access',
  'session',
  'cart',
  'website',
  'misc',
] as const

/** One of MEMORY_TYPES. */
export type MemoryType = (typeof MEMORY_TYPES)[number]

/** True when the text is one of the memory types. */
export function isMemoryType(text: string): text is MemoryType {
  return (MEMORY_TYPES as readonly string[]).includes(text)
}

/** How many nodes a clear reached. */
export interface ClearNodes {
  /** The live nodes the clear was sent to, this one included. */
  asked: number
  /** The nodes that confirmed they dropped their copies, this one included. */
  confirmed: number
  /** off: no Redis, one node; down: Redis away, the others hear of it through the database. */
  redis: 'off' | 'up' | 'down'
}

/** The answer of `POST /query/memory/clear[/{type}]`. */
export interface ClearAnswer {
  /** The memory types asked for (all of them when no type was given). */
  cleared: MemoryType[]
  /** The cache types cleared for each memory type asked for. */
  caches: Partial<Record<MemoryType, string[]>>
  /** The memory types asked for that have no cache on this site: nothing was cleared for them. */
  nothing: MemoryType[]
  nodes: ClearNodes
}

/** One cache type's figures on one node. */
export interface CacheTypeRow {
  /** The cache type (`recordtext`). */
  type: string
  /** The memory type that clears it. */
  memoryType: MemoryType
  entries: number
  hits: number
  /** Reads answered by the shared level (Redis) after this node's own missed. */
  sharedHits: number
  misses: number
}

/** One node's figures on the memory screen. */
export interface NodeStats {
  id: string
  host: string
  pid: number
  /** True for the node that answered the call. */
  self: boolean
  /** When the node started (epoch ms). */
  started: number
  /** Seconds since it started. */
  uptime: number
  /** When its figures were taken (epoch ms): now for this node, its last heartbeat for others. */
  seen: number
  /** Bytes of V8 heap in use and reserved, and the resident set size. */
  heapUsed: number
  heapTotal: number
  rss: number
  caches: CacheTypeRow[]
  /** Hits (own and shared) over lookups, 0 to 1; null before the first lookup. */
  hitRate: number | null
}

/** The answer of `GET /query/memory/list`. */
export interface MemoryList {
  nodes: NodeStats[]
  /** Every memory type with the cache types it clears on this site (empty: nothing to clear). */
  types: Array<{ type: MemoryType; caches: string[] }>
  redis: 'off' | 'up' | 'down'
}
