import type { LimitRule, RateLimiterService } from '@shopwright/core'

const HOUR = 60 * 60

/**
 * Sign-ups per e-mail address: 3 an hour, counted whether or not an account has it (so the limit
 * says nothing of which exist), and nobody can fill a stranger's mailbox with confirmations.
 */
export const SIGNUP_PER_EMAIL = 'account.signup.email'
const PER_EMAIL: LimitRule = { points: 3, duration: HOUR }

/** Sign-ups per client address (IPv6 by /64): 10 an hour, enough for a shared office line. */
export const SIGNUP_PER_ADDRESS = 'account.signup.address'
const PER_ADDRESS: LimitRule = { points: 10, duration: HOUR }

/** Confirmation links asked for again by a signed-in account: 3 an hour. */
export const VERIFY_RESEND = 'account.verify.resend'
const RESEND: LimitRule = { points: 3, duration: HOUR }

/** Declares the sign-up limits; called from register(). The limiter is shared by every node. */
export function defineSignupLimits(limiter: RateLimiterService): void {
  limiter.define(SIGNUP_PER_EMAIL, PER_EMAIL)
  limiter.define(SIGNUP_PER_ADDRESS, PER_ADDRESS)
  limiter.define(VERIFY_RESEND, RESEND)
}
