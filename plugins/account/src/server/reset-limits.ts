import type { LimitRule, RateLimiterService } from '@shopwright/core'

const HOUR = 60 * 60

/**
 * Reset e-mails per e-mail address asked for: 3 an hour. The key is the lower-cased address
 * whether or not an account has it, so the limit itself says nothing about which accounts exist,
 * and nobody can fill an owner's mailbox.
 */
export const RESET_PER_EMAIL = 'account.reset.email'
const PER_EMAIL: LimitRule = { points: 3, duration: HOUR }

/** Reset e-mail requests per client address: 10 an hour, so one address cannot mail many accounts. */
export const RESET_PER_ADDRESS = 'account.reset.address'
const PER_ADDRESS: LimitRule = { points: 10, duration: HOUR }

/** Declares the reset limits; called from register(). */
export function defineResetLimits(limiter: RateLimiterService): void {
  limiter.define(RESET_PER_EMAIL, PER_EMAIL)
  limiter.define(RESET_PER_ADDRESS, PER_ADDRESS)
}
