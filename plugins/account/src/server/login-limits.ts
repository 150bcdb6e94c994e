import type { LimitTable } from './limits.js'

const FIFTEEN_MINUTES = 15 * 60

/**
 * Password attempts per e-mail from one client address: 10 in 15 minutes. This is what stops
 * guessing one account's password from one place, without letting an attacker elsewhere lock the
 * owner out: the owner's own address has its own count. A successful sign-in forgets it.
 */
export const LOGIN_PER_PAIR = 'account.login.pair'

/**
 * Failed passwords per e-mail from everywhere: 100 an hour, a ceiling on guessing spread over many
 * addresses. Passing it does not shut the account: each address may then try only
 * LOGIN_PER_PAIR_AT_CEILING times, so the owner, who rarely fails, still signs in, while a spread
 * attack gets three tries per address instead of ten. A successful sign-in or a password reset
 * forgets every count (docs/security.md, "Rate limits").
 */
export const LOGIN_PER_EMAIL = 'account.login.email'

/** Password attempts per e-mail and address once LOGIN_PER_EMAIL is reached: 3 in 15 minutes. */
export const LOGIN_PER_PAIR_AT_CEILING = 'account.login.pair.ceiling'

/**
 * Login calls (both steps) per client address: 50 in 15 minutes. This stops one address from
 * trying many accounts, or listing which e-mails exist through step 1. It is not reset on success:
 * an attacker's own account must not wipe the address's count.
 */
export const LOGIN_PER_ADDRESS = 'account.login.address'

/** The key of LOGIN_PER_PAIR: the e-mail and the client address. */
export function pairKey(email: string, address: string): string {
  return `${email}|${address}`
}

/** The sign-in limits, declared from register(). */
export const LOGIN_LIMITS: LimitTable = {
  [LOGIN_PER_PAIR]: { points: 10, duration: FIFTEEN_MINUTES },
  [LOGIN_PER_EMAIL]: { points: 100, duration: 4 * FIFTEEN_MINUTES },
  [LOGIN_PER_PAIR_AT_CEILING]: { points: 3, duration: FIFTEEN_MINUTES },
  [LOGIN_PER_ADDRESS]: { points: 50, duration: FIFTEEN_MINUTES },
}
