import type { LimitRule, RateLimiterService } from '@shopwright/core'

const FIFTEEN_MINUTES = 15 * 60

/**
 * Password attempts per e-mail: 10 in 15 minutes. This is what stops guessing one account's
 * password; a successful sign-in forgets the count, so the owner is not locked out by their own typos.
 */
export const LOGIN_PER_EMAIL = 'account.login.email'
const PER_EMAIL: LimitRule = { points: 10, duration: FIFTEEN_MINUTES }

/**
 * Login calls (both steps) per client address: 50 in 15 minutes. This stops one address from
 * trying many accounts, or listing which e-mails exist through step 1. It is not reset on success:
 * an attacker's own account must not wipe the address's count.
 */
export const LOGIN_PER_ADDRESS = 'account.login.address'
const PER_ADDRESS: LimitRule = { points: 50, duration: FIFTEEN_MINUTES }

/** Declares the sign-in limits; called from register(). */
export function defineLoginLimits(limiter: RateLimiterService): void {
  limiter.define(LOGIN_PER_EMAIL, PER_EMAIL)
  limiter.define(LOGIN_PER_ADDRESS, PER_ADDRESS)
}
