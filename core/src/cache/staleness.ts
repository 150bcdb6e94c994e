import { HEARTBEAT_MS } from '../redis/redis-health.js'
import { POLL_MS } from './invalidation-log.js'

/**
 * How long after a write's answer another node may still serve the old cached value while Redis
 * is away for one of them (docs/operations.md, "One node cut off from Redis"): 3 s with the
 * default REDIS_TIMEOUT of 1 s.
 *
 * - The cut-off node's delete waits at most REDIS_TIMEOUT before it goes to the invalidation log,
 *   which every other node reads within POLL_MS.
 * - The cut-off node learns it is cut off within HEARTBEAT_MS + REDIS_TIMEOUT (at once when its
 *   connections are reset) and drops its first level; its entries then live DEGRADED_TTL_MS.
 *
 * Each path takes at most about REDIS_TIMEOUT + 1 s; the second second is the margin for a busy
 * machine's timers and the log's own query.
 */
export function stalenessBound(redisTimeout: number): number {
  return redisTimeout + HEARTBEAT_MS + POLL_MS
}
