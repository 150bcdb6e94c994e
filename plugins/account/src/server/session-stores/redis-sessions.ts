import type { CacheService, RedisConnections } from '@shopwright/core'
import { SESSION_CACHE, type AccountKey, type Session } from '../sessions.js'
import { StoredSessions, type StoredSession } from './stored-sessions.js'

/** A session's Redis hash, all values as Redis keeps them: strings. */
interface SessionHash {
  type?: string
  id?: string
  device?: string
  createdAt?: string
  lastSeenAt?: string
  expiresAt?: string
  absoluteExpiresAt?: string
}

/**
 * Moves a session's idle expiry, atomically and only while the session still exists: a sign-out
 * on another node between the read and this write must not bring a half session back.
 */
const TOUCH = `
if redis.call('HEXISTS', KEYS[1], 'type') == 1 then
  redis.call('HSET', KEYS[1], 'lastSeenAt', ARGV[1], 'expiresAt', ARGV[2])
  redis.call('PEXPIREAT', KEYS[1], ARGV[2])
  return 1
end
return 0`

/**
 * Sessions in Redis, used when REDIS_URL is set: `<prefix>:session:<token hash>` is a hash of the
 * session that Redis itself deletes at its expiry (PEXPIREAT, moved with the idle expiry), and
 * `<prefix>:account-sessions:<type>:<id>` is the set of the account's token hashes, to end them all
 * at a reset or a block. Nothing is swept by a timer: Redis expires the keys, and dead members of
 * an account's set are dropped at its next sign-in.
 */
export class RedisSessions extends StoredSessions {
  constructor(
    private readonly redis: RedisConnections,
    cache: CacheService,
  ) {
    super(cache)
  }

  private sessionKey(tokenHash: string): string {
    return this.redis.key('session', tokenHash)
  }

  private accountKey(account: AccountKey): string {
    return this.redis.key('account-sessions', account.type, account.id)
  }

  protected async save(tokenHash: string, session: Session, now: number): Promise<void> {
    await this.dropDeadMembers(session)
    const accountKey = this.accountKey(session)
    await this.redis.command
      .multi()
      .hset(this.sessionKey(tokenHash), {
        type: session.type,
        id: session.id,
        device: session.device,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: session.expiresAt,
        absoluteExpiresAt: session.absoluteExpiresAt,
      })
      .pexpireat(this.sessionKey(tokenHash), session.expiresAt)
      .sadd(accountKey, tokenHash)
      // The newest session ends last, so the set lives exactly as long as its longest member.
      .pexpireat(accountKey, session.absoluteExpiresAt)
      .exec()
  }

  protected async load(tokenHash: string): Promise<StoredSession | null> {
    // Redis deletes the key at its expiry by its own clock; this node's clock decides too (find).
    const hash = (await this.redis.command.hgetall(this.sessionKey(tokenHash))) as SessionHash
    const session = toSession(hash)
    return session ? { session, lastSeen: Number(hash.lastSeenAt) } : null
  }

  protected async touch(tokenHash: string, now: number, expiresAt: number): Promise<boolean> {
    const key = this.sessionKey(tokenHash)
    return (await this.redis.command.eval(TOUCH, 1, key, now, expiresAt)) !== 0
  }

  protected async remove(tokenHash: string): Promise<boolean> {
    const session = await this.load(tokenHash)
    if (!session) return false
    await this.drop(tokenHash, session.session)
    return true
  }

  async endAll(account: AccountKey): Promise<number> {
    const hashes = await this.redis.command.smembers(this.accountKey(account))
    let ended = 0
    if (hashes.length > 0) {
      const deleted = await this.redis.command.del(...hashes.map((hash) => this.sessionKey(hash)))
      ended = Number(deleted)
    }
    await this.redis.command.del(this.accountKey(account))
    // Every cached session goes too: the entries are keyed by token, not by account.
    await this.cache.clear(SESSION_CACHE)
    return ended
  }

  async endDevice(account: AccountKey, device: string): Promise<number> {
    const hashes = await this.redis.command.smembers(this.accountKey(account))
    let ended = 0
    for (const tokenHash of hashes) {
      const stored = await this.load(tokenHash)
      if (stored?.session.device !== device) continue
      await this.forget(tokenHash, stored.session)
      ended++
    }
    return ended
  }

  /** Deletes a session, its place in the account's set and its cached copy on every node. */
  protected async forget(tokenHash: string, account: AccountKey): Promise<void> {
    await this.drop(tokenHash, account)
    await this.cache.delete(SESSION_CACHE, tokenHash)
  }

  /** Deletes a session and its place in the account's set. */
  private async drop(tokenHash: string, account: AccountKey): Promise<void> {
    await this.redis.command
      .multi()
      .del(this.sessionKey(tokenHash))
      .srem(this.accountKey(account), tokenHash)
      .exec()
  }

  /** Removes the account's set members whose session Redis has already expired. */
  private async dropDeadMembers(account: AccountKey): Promise<void> {
    const accountKey = this.accountKey(account)
    const hashes = await this.redis.command.smembers(accountKey)
    if (hashes.length === 0) return
    const pipeline = this.redis.command.pipeline()
    for (const tokenHash of hashes) pipeline.exists(this.sessionKey(tokenHash))
    const results = (await pipeline.exec()) ?? []
    const dead = hashes.filter((_hash, index) => results[index]?.[1] === 0)
    if (dead.length > 0) await this.redis.command.srem(accountKey, ...dead)
  }
}

function toSession(hash: SessionHash): Session | null {
  if (!hash.type || !hash.id) return null
  return {
    type: hash.type,
    id: hash.id,
    device: hash.device ?? '',
    createdAt: Number(hash.createdAt),
    expiresAt: Number(hash.expiresAt),
    absoluteExpiresAt: Number(hash.absoluteExpiresAt),
  }
}
