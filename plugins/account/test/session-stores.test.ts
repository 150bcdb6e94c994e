import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Kernel } from '@shopwright/core'
import { databasesUnderTest, redisSkipReason, redisUrlForTests } from '@shopwright/core/testing'
import { DatabaseSessions } from '../src/server/session-stores/database-sessions.js'
import {
  hashToken,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  SESSION_TOUCH_MS,
  type SessionStore,
} from '../src/server/sessions.js'
import { RedisSessions } from '../src/server/session-stores/redis-sessions.js'
import { bootAccounts } from './helpers.js'

interface Variant {
  name: string
  skip: string | false
  database: ReturnType<typeof databasesUnderTest>[number]
  redis: boolean
}

const databases = databasesUnderTest()
const variants: Variant[] = [
  ...databases.map((database) => ({
    name: `the ${database.name} database`,
    skip: database.skip,
    database,
    redis: false,
  })),
  {
    name: 'Redis',
    skip: redisSkipReason(),
    database: databases[0]!,
    redis: true,
  },
]

const ada = { type: 'customer', id: 'ada' }
const bob = { type: 'customer', id: 'bob' }
const MINUTE = 60_000

// One contract, two stores: whichever holds the sessions, they behave the same.
for (const variant of variants) {
  describe.skipIf(variant.skip)(`sessions in ${variant.name}`, () => {
    let kernel: Kernel
    let close: () => Promise<void>
    let store: SessionStore

    beforeAll(async () => {
      const overrides = variant.redis
        ? { redisUrl: redisUrlForTests(), redisPrefix: `swsess${Date.now()}` }
        : {}
      ;({ kernel, close } = await bootAccounts(variant.database, [], overrides))
      store = kernel.containerOf('account').cradle.sessionStore
    })
    afterAll(() => close())

    it('is the store the configuration asks for', () => {
      expect(store).toBeInstanceOf(variant.redis ? RedisSessions : DatabaseSessions)
    })

    it('finds a new session by its token and nothing by another', async () => {
      const now = Date.now()
      const { token, session } = await store.create(ada, 'device-1', now)
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(session).toEqual({
        type: 'customer',
        id: 'ada',
        device: 'device-1',
        createdAt: now,
        expiresAt: now + SESSION_IDLE_MS,
        absoluteExpiresAt: now + SESSION_ABSOLUTE_MS,
      })
      expect(await store.find(token, now)).toEqual(session)
      expect(
        await store.find(
          token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
          now,
        ),
      ).toBeNull()
      for (const odd of ['', 'short', `${token}x`, '../../etc/passwd', '*'])
        expect(await store.find(odd, now)).toBeNull()
    })

    it('keeps only the hash of a token', async () => {
      const { token } = await store.create(ada, 'device-1')
      if (variant.redis) {
        const redis = kernel.services.redis!
        const keys = await redis.command.keys(`${redis.prefix}:*`)
        expect(keys.some((key) => key.includes(hashToken(token)))).toBe(true)
        for (const key of keys) {
          expect(key).not.toContain(token)
          if ((await redis.command.type(key)) === 'hash')
            expect(JSON.stringify(await redis.command.hgetall(key))).not.toContain(token)
        }
      } else {
        const rows = await kernel.services.db('account_sessions').select()
        expect(JSON.stringify(rows)).not.toContain(token)
        expect(rows.map((row: { token_hash: string }) => row.token_hash)).toContain(
          hashToken(token),
        )
      }
    })

    it('ends one session at sign-out, and says whether there was one', async () => {
      const { token } = await store.create(ada, 'device-1')
      const other = await store.create(ada, 'device-1')
      expect(await store.end(token)).toBe(true)
      expect(await store.end(token)).toBe(false)
      expect(await store.find(token)).toBeNull()
      expect(await store.find(other.token)).not.toBeNull()
    })

    it('ends every session of one account, and only those, at a reset', async () => {
      const mine = [await store.create(bob, 'a'), await store.create(bob, 'b')]
      const theirs = await store.create(ada, 'a')
      expect(await store.endAll(bob)).toBe(2)
      for (const { token } of mine) expect(await store.find(token)).toBeNull()
      expect(await store.find(theirs.token)).not.toBeNull()
      expect(await store.endAll(bob)).toBe(0)
    })

    it("ends an account's sessions of one device at a block", async () => {
      const carol = { type: 'employee', id: 'carol' }
      const phone = await store.create(carol, 'phone')
      const laptop = await store.create(carol, 'laptop')
      const elsewhere = await store.create(ada, 'phone')
      expect(await store.endDevice(carol, 'phone')).toBe(1)
      expect(await store.find(phone.token)).toBeNull()
      expect(await store.find(laptop.token)).not.toBeNull()
      expect(await store.find(elsewhere.token)).not.toBeNull()
    })

    it('ends a session idle for 30 days, and moves the idle expiry while it is used', async () => {
      const start = Date.now()
      const { token } = await store.create(ada, 'device-1', start)
      // Within a minute the expiry is not written again.
      expect((await store.find(token, start + 1_000))?.expiresAt).toBe(start + SESSION_IDLE_MS)
      const later = start + SESSION_TOUCH_MS + 1_000
      expect((await store.find(token, later))?.expiresAt).toBe(later + SESSION_IDLE_MS)
      // The moved expiry was stored: a request 30 days after the first would still find it.
      expect(await store.find(token, start + SESSION_IDLE_MS + 1_000)).not.toBeNull()

      const idle = await store.create(ada, 'device-1', start)
      expect(await store.find(idle.token, start + SESSION_IDLE_MS)).toBeNull()
      expect(await store.find(idle.token, start)).toBeNull()
    })

    it('ends a session 180 days after sign-in however busy it is', async () => {
      const start = Date.now()
      const { token } = await store.create(ada, 'device-1', start)
      let now = start
      // Used every 20 days: never idle, but the absolute expiry still comes.
      while (now + 20 * 24 * 60 * MINUTE < start + SESSION_ABSOLUTE_MS) {
        now += 20 * 24 * 60 * MINUTE
        const session = await store.find(token, now)
        expect(session, `day ${(now - start) / 86_400_000}`).not.toBeNull()
        expect(session!.expiresAt).toBeLessThanOrEqual(start + SESSION_ABSOLUTE_MS)
      }
      expect(await store.find(token, start + SESSION_ABSOLUTE_MS)).toBeNull()
    })
  })
}
