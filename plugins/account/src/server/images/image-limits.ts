import { HOUR, type LimitTable } from '../limits.js'

/**
 * Image changes per account: 30 an hour. Each upload is decoded and re-encoded, so the limit keeps
 * one account from spending a node's CPU, and it holds across nodes like every kernel limit.
 */
export const IMAGE_WRITES = 'account.image.writes'

/** The image limit, declared from register(). */
export const IMAGE_LIMITS: LimitTable = {
  [IMAGE_WRITES]: { points: 30, duration: HOUR },
}
