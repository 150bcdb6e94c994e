import { expect, it } from 'vitest'
import { createLogger, dialectOf } from '@shopwright/core'
import { describePlugin } from '@shopwright/core/testing'
import { SESSIONS_TABLE } from '../src/server/migrations.js'
import { SessionStore } from '../src/server/session-store.js'
import { BATCH_SESSIONS, SessionWriter, type PendingSession } from '../src/server/session-writer.js'
import { newToken, sessionIdOf } from '../src/server/visitor.js'
import { sessionOf } from '../src/testing/index.js'
import { PLUGINS } from './helpers.js'

/** A new visitor's session as the tracker queues it for a storefront page. */
function newVisitor(at: number): PendingSession {
  return {
    ...sessionOf({ id: sessionIdOf(newToken()), startedAt: at }),
    address: '127.0.0.1',
    proven: false,
  }
}

describePlugin("the session writer's batches", { plugins: PLUGINS }, (site) => {
  it('stores a rush of new visitors in capped batches, letting the event loop run between them', async () => {
    const db = site.kernel.services.db
    const store = new SessionStore(db, dialectOf(site.kernel.services.config.databaseUrl))
    const batches: number[] = []
    // Other work of the node (a page being served) gets turns while the batches are written.
    let turns = 0
    const recording = {
      write: async (...args: Parameters<SessionStore['write']>) => {
        batches.push(args[0].length)
        await store.write(...args)
      },
    } as unknown as SessionStore
    const writer = new SessionWriter(
      recording,
      { prepare: (sessions) => Promise.resolve(sessions), written: () => undefined },
      createLogger({ logLevel: 'silent', nodeEnv: 'test' }),
      // A timer far away: only full batches are written by themselves.
      { flushMs: 60_000, limit: 100_000 },
    )
    const before = Number(
      ((await db(SESSIONS_TABLE).count({ n: '*' }).first()) as { n: number | string }).n,
    )
    const rush = 4 * BATCH_SESSIONS + 10
    const ticker = setInterval(() => void turns++, 0)
    try {
      for (let n = 0; n < rush; n++) writer.add(newVisitor(Date.now()))
      // Four full batches are written without the timer; the last ten wait for it.
      await expect.poll(() => batches.length, { timeout: 10_000 }).toBe(4)
      expect(batches).toEqual([BATCH_SESSIONS, BATCH_SESSIONS, BATCH_SESSIONS, BATCH_SESSIONS])
      expect(writer.pending.sessions).toBe(10)
      expect(turns).toBeGreaterThan(0)
      // Someone waiting for everything gets it in one batch.
      await writer.flush()
      expect(batches.at(-1)).toBe(10)
      const after = Number(
        ((await db(SESSIONS_TABLE).count({ n: '*' }).first()) as { n: number | string }).n,
      )
      expect(after - before).toBe(rush)
    } finally {
      clearInterval(ticker)
      await writer.close()
    }
  })
})
