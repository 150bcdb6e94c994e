import type { LimitRule, RateLimiterService } from '@shopwright/core'

/**
 * Image changes per account: 30 an hour. Each upload is decoded and re-encoded, so the limit keeps
 * one account from spending a node's CPU, and it holds across nodes like every kernel limit.
 */
export const IMAGE_WRITES = 'account.image.writes'
const PER_ACCOUNT: LimitRule = { points: 30, duration: 60 * 60 }

/** Declares the image limit; called from register(). */
export function defineImageLimits(limiter: RateLimiterService): void {
  limiter.define(IMAGE_WRITES, PER_ACCOUNT)
}
