import { isAppError, type Logger, type RateLimiterService } from '@shopwright/core'

/** The rate limit of wrong `/metrics` tokens per client address (README, "Wrong tokens"). */
export const WRONG_TOKENS = 'metrics.wrong-tokens'

/** The window wrong tokens are counted in, in seconds: 15 minutes, as sign-in's. */
export const WRONG_TOKEN_WINDOW = 15 * 60

/**
 * Wrong `/metrics` tokens, counted per client address in the kernel's limiter (in Redis when it is
 * configured, so every node counts the same tries). An address that sent METRICS_FAILURE_LIMIT
 * wrong tokens in a window is refused whatever it sends until the window ends, the right token
 * too: answering a right guess while refusing the wrong ones would still tell a guesser which one
 * hit. A scrape with the right token is never counted, so a scraper alone is never refused.
 */
export class TokenGuard {
  constructor(
    private readonly limiter: RateLimiterService,
    private readonly logger: Pick<Logger, 'warn'>,
    /** METRICS_FAILURE_LIMIT: the wrong tokens an address may send in a window. */
    private readonly limit: number,
  ) {
    // The limiter refuses a count past its points; the address must be refused once its count
    // reaches the limit, so the rule allows one fewer (a zero-point consume only reads the count).
    limiter.define(WRONG_TOKENS, {
      points: limit - 1,
      duration: WRONG_TOKEN_WINDOW,
      code: 'ERROR_TOO_MANY_REQUESTS',
    })
  }

  /**
   * Throws 429 ERROR_TOO_MANY_REQUESTS with Retry-After (the rest of the window) when the address
   * used up its wrong tokens; asked before the token is looked at. Counts nothing.
   */
  async admit(address: string): Promise<void> {
    await this.limiter.consume(WRONG_TOKENS, address, 0)
  }

  /** Counts a wrong token from the address (answered 401, the last allowed one too). */
  async wrongToken(address: string): Promise<void> {
    try {
      await this.limiter.consume(WRONG_TOKENS, address)
    } catch (error) {
      if (!(isAppError(error) && error.status === 429)) throw error
      this.logger.warn(
        { address, limit: this.limit, minutes: WRONG_TOKEN_WINDOW / 60 },
        'metrics: an address sent too many wrong tokens; its scrapes are refused (429) for the rest of the window',
      )
    }
  }
}
