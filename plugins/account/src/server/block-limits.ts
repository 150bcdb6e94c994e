import type { LimitRule, RateLimiterService } from '@shopwright/core'

/**
 * Device blocks per client address: 10 an hour. A block needs the code of a reset e-mail, so this
 * only slows down anyone trying codes; the owner clicks one link.
 */
export const BLOCK_PER_ADDRESS = 'account.block.address'
const PER_ADDRESS: LimitRule = { points: 10, duration: 60 * 60 }

/** Declares the block limit; called from register(). */
export function defineBlockLimits(limiter: RateLimiterService): void {
  limiter.define(BLOCK_PER_ADDRESS, PER_ADDRESS)
}
