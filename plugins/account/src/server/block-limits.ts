import { HOUR, type LimitTable } from './limits.js'

/**
 * Device blocks per client address: 10 an hour. A block needs the code of a reset e-mail, so this
 * only slows down anyone trying codes; the owner clicks one link.
 */
export const BLOCK_PER_ADDRESS = 'account.block.address'

/** The block limit, declared from register(). */
export const BLOCK_LIMITS: LimitTable = {
  [BLOCK_PER_ADDRESS]: { points: 10, duration: HOUR },
}
