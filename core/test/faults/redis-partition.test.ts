// One node cut off from Redis while another stays connected (docs/operations.md, "One node cut off
// from Redis"): node A reaches Redis through a TCP proxy the test cuts, node B directly; both share
// one database. A write on either node is seen by the other within the documented bound, and A
// serves nothing older than that bound. Both ways of losing Redis: connections reset, and a
// network that silently stops passing bytes. On SQLite and MariaDB.
import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDataDir } from '../../src/testing/index.js'
import {
  privateServicesSkipReason,
  startPrivateMariaDb,
  startPrivateRedis,
  startTcpProxy,
  type PrivateMariaDb,
  type PrivateService,
  type TcpProxy,
} from '@shopwright/testkit'
import { stalenessBound } from '../../src/cache/staleness.js'
import { append, call, eventually, notes, startNode, type Node } from './fault-kit.js'

const REDIS_TIMEOUT = 500
/** The documented bound for these settings. */
const BOUND_MS = stalenessBound(REDIS_TIMEOUT)

/**
 * Reads the list on `node` until it holds `text`; fails when it does not by the bound, counted
 * from the moment the write was answered. Returns how long it took.
 */
async function seenWithinBound(
  node: Node,
  list: string,
  text: string,
  answeredAt: number,
): Promise<number> {
  for (;;) {
    const texts = await notes(node, list)
    const elapsed = Date.now() - answeredAt
    if (texts.includes(text)) return elapsed
    if (elapsed > BOUND_MS)
      throw new Error(`"${text}" not seen ${elapsed} ms after the write (bound ${BOUND_MS} ms)`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Appends and returns when the answer came. */
async function write(node: Node, list: string, text: string): Promise<number> {
  const answer = await append(node, list, text)
  expect(answer.status).toBe(200)
  return Date.now()
}

for (const engine of ['sqlite', 'mariadb'] as const) {
  const skip = privateServicesSkipReason(engine === 'sqlite' ? ['redis'] : ['redis', 'mariadb'])
  describe.skipIf(skip)(`one node cut off from Redis, on ${engine}`, () => {
    let redis: PrivateService
    let mariadb: PrivateMariaDb | undefined
    const opened: Array<{ close(): Promise<void> }> = []

    beforeAll(async () => {
      redis = await startPrivateRedis()
      if (engine === 'mariadb') mariadb = await startPrivateMariaDb()
    })

    afterAll(async () => {
      for (const item of opened.reverse()) await item.close()
      await redis?.stop()
      await mariadb?.stop()
    })

    /** Node A through a proxy, node B directly, on one database and one Redis namespace. */
    async function twoNodes(): Promise<{ a: Node; b: Node; proxy: TcpProxy }> {
      const databaseUrl = mariadb
        ? await mariadb.createDatabase()
        : `sqlite:${tempDataDir()}/shop.sqlite`
      const redisPrefix = `p${crypto.randomBytes(4).toString('hex')}`
      const proxy = await startTcpProxy(redis.port)
      opened.push(proxy)
      const settings = { databaseUrl, redisPrefix, redisTimeout: REDIS_TIMEOUT }
      const a = await startNode({ ...settings, redisUrl: `redis://127.0.0.1:${proxy.port}` })
      opened.push(a)
      const b = await startNode({ ...settings, redisUrl: redis.url })
      opened.push(b)
      return { a, b, proxy }
    }

    for (const silent of [false, true]) {
      const how = silent ? 'a silent network' : 'reset connections'
      it(`${how}: writes cross within ${BOUND_MS} ms both ways, and A recovers`, async () => {
        const { a, b, proxy } = await twoNodes()
        const list = 'shared'
        await write(a, list, 'first')
        // Both nodes hold the list in their first level, and Redis holds it too.
        expect(await notes(a, list)).toEqual(['first'])
        expect(await notes(b, list)).toEqual(['first'])

        /** The reader holds the list (first level, Redis); the writer's write must reach it. */
        const cross = async (writer: Node, reader: Node, text: string) => {
          await notes(reader, list)
          const answeredAt = await write(writer, list, text)
          return seenWithinBound(reader, list, text, answeredAt)
        }

        proxy.cut({ silent })
        try {
          // A must notice it is cut off and stop serving what it held (B's delete cannot reach it).
          await cross(b, a, 'from-b')
          // A's delete cannot reach Redis: B learns of it from the invalidation log.
          await cross(a, b, 'from-a')
          // And once more each way, now that A knows it is cut off.
          await cross(b, a, 'from-b-again')
          await cross(a, b, 'from-a-again')
          const ready = await call(a, '/readyz')
          expect(ready.body).toEqual({ ok: true, database: 'up', redis: 'down' })
          expect((await call(b, '/readyz')).body).toEqual({ ok: true, database: 'up', redis: 'up' })
        } finally {
          proxy.restore()
        }
        await eventually(async () => (await call(a, '/readyz')).body.redis === 'up')
        const all = ['first', 'from-b', 'from-a', 'from-b-again', 'from-a-again']
        expect(await notes(a, list)).toEqual(all)
        expect(await notes(b, list)).toEqual(all)
        // Back on Redis, invalidations travel through it again.
        const last = await write(a, list, 'after')
        await seenWithinBound(b, list, 'after', last)
        expect(a.lines.filter((line) => line.level >= 50)).toEqual([])
        expect(b.lines.filter((line) => line.level >= 50)).toEqual([])
      }, 60_000)
    }
  })
}
