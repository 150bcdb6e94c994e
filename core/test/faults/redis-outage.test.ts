// Redis outages (docs/operations.md, "Redis outages"): a private Redis killed and frozen under load.
// Writes answer 200 and are stored exactly once (the answer is the truth, so nobody retries), reads
// keep working and see the writes, /readyz reports Redis, sign-in limits still refuse, and once
// Redis is back the node uses it again, with nothing stale left in it. On SQLite and MariaDB.
import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDataDir } from '../../src/testing/index.js'
import {
  privateServicesSkipReason,
  startPrivateMariaDb,
  startPrivateRedis,
  type PrivateMariaDb,
  type PrivateService,
} from '@shopwright/testkit'
import {
  append,
  call,
  counts,
  eventually,
  LOGIN_POINTS,
  notes,
  startLoad,
  startNode,
  type Node,
} from './fault-kit.js'

const REDIS_TIMEOUT = 500

type Fault = 'killed' | 'frozen'

for (const engine of ['sqlite', 'mariadb'] as const) {
  const skip = privateServicesSkipReason(engine === 'sqlite' ? ['redis'] : ['redis', 'mariadb'])
  describe.skipIf(skip)(`Redis outages on ${engine}`, () => {
    let redis: PrivateService
    let mariadb: PrivateMariaDb | undefined
    const nodes: Node[] = []

    beforeAll(async () => {
      redis = await startPrivateRedis()
      if (engine === 'mariadb') mariadb = await startPrivateMariaDb()
    })

    afterAll(async () => {
      await Promise.all(nodes.map((node) => node.close()))
      await redis?.stop()
      await mariadb?.stop()
    })

    async function boot(): Promise<Node> {
      const node = await startNode({
        databaseUrl: mariadb
          ? await mariadb.createDatabase()
          : `sqlite:${tempDataDir()}/shop.sqlite`,
        redisUrl: redis.url,
        redisPrefix: `f${crypto.randomBytes(4).toString('hex')}`,
        redisTimeout: REDIS_TIMEOUT,
      })
      nodes.push(node)
      return node
    }

    /** Applies the fault; the returned function undoes it. */
    async function injure(fault: Fault): Promise<() => Promise<void>> {
      if (fault === 'killed') {
        await redis.kill()
        return () => redis.restart()
      }
      redis.freeze()
      return async () => redis.thaw()
    }

    for (const fault of ['killed', 'frozen'] as const) {
      it(`${fault} under load: writes answer 200 and are stored once, reads see them, /readyz reports it`, async () => {
        const node = await boot()
        const list = `${fault}-notes`
        // A value in the shared store from before the outage, which a write during it must not
        // leave behind (a frozen Redis still has it when it wakes).
        // A second list is only read before the outage and written during it, once the node
        // knows Redis is away: no delete of it reaches Redis until the node replays it.
        const quiet = `${fault}-quiet`
        await append(node, list, 'before')
        await append(node, quiet, 'before')
        expect(await notes(node, list)).toEqual(['before'])
        expect(await notes(node, quiet)).toEqual(['before'])
        const load = startLoad(node, list)
        await eventually(() => load.stored.length >= 10)
        const heal = await injure(fault)
        try {
          // All of this happens while Redis is still away.
          expect((await append(node, list, 'during')).status).toBe(200)
          expect(await notes(node, list)).toContain('during')
          const ready = await call(node, '/readyz')
          expect(ready.status).toBe(200)
          expect(ready.body).toEqual({ ok: true, database: 'up', redis: 'down' })
          expect((await append(node, quiet, 'during')).status).toBe(200)
          expect(await notes(node, quiet)).toEqual(['before', 'during'])
          const strict = await call(node, '/readyz?redis=required')
          expect(strict.status).toBe(503)
          expect(strict.body).toMatchObject({ database: 'up', redis: 'down' })
          const written = load.stored.length
          await eventually(() => load.stored.length >= written + 20)
          await load.stop()
        } finally {
          await heal()
        }
        await eventually(async () => (await call(node, '/readyz')).body.redis === 'up')
        const stored = async () =>
          (await node.kernel.services
            .db('fault_notes')
            .where({ list })
            .orderBy('id')
            .pluck('text')) as string[]
        // Back on Redis, before any new write: the list read through it is the stored one, so
        // no entry from before the outage survived it.
        expect(await notes(node, list)).toEqual(await stored())
        expect(await notes(node, quiet)).toEqual(['before', 'during'])
        expect((await append(node, list, 'after')).status).toBe(200)

        expect(load.failures).toEqual([])
        expect(new Set([...load.statuses.append, ...load.statuses.list])).toEqual(new Set([200]))
        const rows = await stored()
        // Every write answered 200 exactly once, and nothing else was stored.
        expect([...counts(rows).values()].every((count) => count === 1)).toBe(true)
        expect(new Set(rows)).toEqual(new Set(['before', 'during', 'after', ...load.stored]))
        expect(await notes(node, list)).toEqual(rows)
        expect(node.lines.filter((line) => line.level >= 50)).toEqual([])
        expect(node.lines.some((line) => String(line.msg).startsWith('redis unavailable'))).toBe(
          true,
        )
      }, 60_000)

      it(`${fault}: sign-in limits keep refusing, counted on this node`, async () => {
        const node = await boot()
        const heal = await injure(fault)
        try {
          const email = `${fault}@example.com`
          for (let attempt = 0; attempt < LOGIN_POINTS; attempt++)
            expect((await call(node, '/query/faults/login', { email })).status).toBe(200)
          const refused = await call(node, '/query/faults/login', { email })
          expect(refused.status).toBe(429)
          expect(refused.body.message).toBe('ERROR_TOO_MANY_REQUESTS')
          expect(Number(refused.retryAfter)).toBeGreaterThan(0)
          // Another address is not affected.
          const other = await call(node, '/query/faults/login', { email: `other-${email}` })
          expect(other.status).toBe(200)
        } finally {
          await heal()
        }
        await eventually(async () => (await call(node, '/readyz')).body.redis === 'up')
      }, 60_000)
    }
  })
}
