import { HOUR, type LimitTable } from './limits.js'

/**
 * Reset e-mails per e-mail address asked for: 3 an hour. The key is the lower-cased address
 * whether or not an account has it, so the limit itself says nothing about which accounts exist,
 * and nobody can fill an owner's mailbox.
 */
export const RESET_PER_EMAIL = 'account.reset.email'

/** Reset e-mail requests per client address: 10 an hour, so one address cannot mail many accounts. */
export const RESET_PER_ADDRESS = 'account.reset.address'

/** The reset limits, declared from register(). */
export const RESET_LIMITS: LimitTable = {
  [RESET_PER_EMAIL]: { points: 3, duration: HOUR },
  [RESET_PER_ADDRESS]: { points: 10, duration: HOUR },
}
