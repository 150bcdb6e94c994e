import { HOUR, type LimitTable } from '../limits.js'

/**
 * Sign-ups per e-mail address: 3 an hour, counted whether or not an account has it (so the limit
 * says nothing of which exist), and nobody can fill a stranger's mailbox with confirmations.
 */
export const SIGNUP_PER_EMAIL = 'account.signup.email'

/** Sign-ups per client address (IPv6 by /64): 10 an hour, enough for a shared office line. */
export const SIGNUP_PER_ADDRESS = 'account.signup.address'

/** Confirmation links asked for again by a signed-in account: 3 an hour. */
export const VERIFY_RESEND = 'account.verify.resend'

/** The sign-up limits, declared from register(). */
export const SIGNUP_LIMITS: LimitTable = {
  [SIGNUP_PER_EMAIL]: { points: 3, duration: HOUR },
  [SIGNUP_PER_ADDRESS]: { points: 10, duration: HOUR },
  [VERIFY_RESEND]: { points: 3, duration: HOUR },
}
