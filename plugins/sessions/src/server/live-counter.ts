import type { Logger, RedisConnections } from '@shopwright/core'
import { LIVE_MS } from '../shared/types.js'
import type { SessionStore, SessionWrite } from './session-store.js'

/**
 * Live visitors: sessions active in the last 30 minutes. With Redis, a sorted set of session ids
 * scored by their last activity, which every node adds to after each batch it writes, so the count
 * is the site's, not one node's, and a session posted to two nodes counts once. Without Redis (one
 * node), or while Redis is away, the database answers, from the `sessions_ended` index.
 */
export class LiveCounter {
  constructor(
    private readonly redis: RedisConnections | null,
    private readonly store: SessionStore,
    private readonly logger: Logger,
  ) {}

  private get key(): string {
    return this.redis!.key('sessions', 'live')
  }

  /** After a batch is stored: its sessions' last activity. Best effort (the database has it too). */
  record(sessions: readonly SessionWrite[]): void {
    if (!this.redis || sessions.length === 0 || !this.redis.health.available) return
    const redis = this.redis
    const members: Array<string | number> = []
    for (const session of sessions) members.push(session.endedAt, session.id)
    // GT: an older write reaching Redis late never moves a session back in time.
    redis.command
      .zadd(this.key, 'GT', ...members)
      .then(() => redis.command.zremrangebyscore(this.key, '-inf', Date.now() - LIVE_MS))
      .catch((error: unknown) => redis.health.fail(error, 'sessions live count'))
  }

  /** How many sessions are live now. */
  async count(now = Date.now()): Promise<number> {
    const since = now - LIVE_MS
    if (this.redis?.health.available) {
      try {
        return await this.redis.command.zcount(this.key, since, '+inf')
      } catch (error) {
        this.redis.health.fail(error, 'sessions live count')
        this.logger.debug('sessions: live count from the database while redis is away')
      }
    }
    return this.store.activeSince(since)
  }

  async clear(): Promise<void> {
    if (!this.redis?.health.available) return
    await this.redis.command.del(this.key).catch((error: unknown) => {
      this.redis!.health.fail(error, 'sessions live count')
    })
  }
}
