import type { LimitRule, RateLimiterService } from '@shopwright/core'

/** An hour, in the seconds a limit's duration is counted in. */
export const HOUR = 60 * 60

/** One feature's rate limits, by the name its routes consume them under. */
export type LimitTable = Readonly<Record<string, LimitRule>>

/**
 * Declares every limit of the tables with the kernel's limiter, which every node shares; called
 * from register() (README, "Rate limits").
 */
export function defineLimits(limiter: RateLimiterService, ...tables: LimitTable[]): void {
  for (const table of tables)
    for (const [name, rule] of Object.entries(table)) limiter.define(name, rule)
}
