import type { Invalidation } from './invalidation-log.js'

/** Beyond this many, a replay clears everything instead (a long outage with many writes). */
const MAX_PENDING = 10_000

/** A clear of everything: what an overflowing list replays as. */
const EVERYTHING: Invalidation = { type: '*', key: null }

/**
 * The deletes and clears Redis has not seen while it was away (docs/operations.md, "Redis
 * outages"), one per type and key, replayed before the node reads through Redis again: its shared
 * entries would otherwise still hold what the outage made stale.
 */
export class PendingInvalidations {
  private readonly items = new Map<string, Invalidation>()
  private overflow = false

  add(invalidation: Invalidation): void {
    if (this.items.size >= MAX_PENDING) {
      this.overflow = true
      return
    }
    this.items.set(`${invalidation.type} ${invalidation.key ?? ''}`, invalidation)
  }

  /** Applies each (a clear of everything after an overflow); what was applied is forgotten, and the first failure stops the replay. */
  async replay(apply: (invalidation: Invalidation) => Promise<void>): Promise<void> {
    if (this.overflow) {
      await apply(EVERYTHING)
      this.overflow = false
      this.items.clear()
    }
    for (const [id, invalidation] of this.items) {
      await apply(invalidation)
      this.items.delete(id)
    }
  }
}
