// Database outages (docs/operations.md, "Database outages"): a private MariaDB killed and frozen
// under load answers 503 ERROR_DATA_CONNECTION, never 500 and never a hang, and the node comes
// back by itself; migrations are exempt from the query limit; SQLite's busy lock answers 503 too.
import Database from 'better-sqlite3'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createKernel, definePlugin } from '../../src/index.js'
import { tempDataDir, testConfig } from '../../src/testing/index.js'
import {
  privateServicesSkipReason,
  startPrivateMariaDb,
  type PrivateMariaDb,
} from '@shopwright/testkit'
import { createDatabase } from '../../src/db/create-database.js'
import { isConnectionError } from '../../src/db/errors.js'
import {
  append,
  call,
  eventually,
  notes,
  startLoad,
  startNode,
  type Answer,
  type Load,
  type Node,
} from './fault-kit.js'

/** Short, so the suite is quick; the defaults are documented in docs/operations.md. */
const DATABASE_TIMEOUT = 1_000

function expectConnectionAnswer(answer: Answer): void {
  expect(answer.status).toBe(503)
  expect(answer.body.message).toBe('ERROR_DATA_CONNECTION')
  expect(answer.retryAfter).toBe('5')
}

/** After a fault: no call hung, every answer was 200 or 503, every 200 write is stored once. */
async function expectTruthfulAnswers(node: Node, load: Load, list: string): Promise<void> {
  expect(load.failures).toEqual([])
  for (const status of [...load.statuses.append, ...load.statuses.list])
    expect([200, 503]).toContain(status)
  expect(load.statuses.append).toContain(503)
  const stored = await node.kernel.services.db('fault_notes').where({ list }).pluck('text')
  for (const text of load.stored) expect(stored.filter((each) => each === text)).toHaveLength(1)
}

/** The 503s were logged at warn, one line each without a stack; nothing at error. */
function expectQuietLog(node: Node): void {
  expect(node.lines.filter((line) => line.level >= 50)).toEqual([])
  const warnings = node.lines.filter(
    (line) => line.msg === 'request failed: database or redis unavailable',
  )
  expect(warnings.length).toBeGreaterThan(0)
  for (const line of warnings) {
    expect(line.err).toBeUndefined()
    expect(String(line.reason)).not.toContain('\n')
  }
}

describe.skipIf(privateServicesSkipReason(['mariadb']))('database outages on MariaDB', () => {
  let mariadb: PrivateMariaDb
  let node: Node

  beforeAll(async () => {
    mariadb = await startPrivateMariaDb()
    node = await startNode({
      databaseUrl: await mariadb.createDatabase(),
      databaseTimeout: DATABASE_TIMEOUT,
    })
  })

  afterAll(async () => {
    await node?.close()
    await mariadb?.stop()
  })

  it('killed: calls answer 503 ERROR_DATA_CONNECTION, not 500, and the node recovers after a restart', async () => {
    const load = startLoad(node, 'killed')
    await eventually(() => load.stored.length >= 10)
    await mariadb.kill()
    try {
      expectConnectionAnswer(await append(node, 'killed', 'while-down'))
      expectConnectionAnswer(await call(node, '/query/faults/list/never-cached'))
      const ready = await call(node, '/readyz')
      expectConnectionAnswer(ready)
      expect(ready.body).toMatchObject({ database: 'down', redis: 'off' })
      await eventually(() => load.statuses.append.filter((status) => status === 503).length >= 5)
    } finally {
      await mariadb.restart()
    }
    // The same node, not restarted, serves again.
    await eventually(async () => (await append(node, 'killed', 'after-restart')).status === 200)
    await load.stop()
    expect(await notes(node, 'killed')).toContain('after-restart')
    expect((await call(node, '/readyz')).body).toEqual({ ok: true, database: 'up', redis: 'off' })
    await expectTruthfulAnswers(node, load, 'killed')
    expectQuietLog(node)
  }, 60_000)

  it('frozen: calls answer 503 while it is still frozen, and the node recovers after the thaw', async () => {
    const load = startLoad(node, 'frozen')
    await eventually(() => load.stored.length >= 10)
    mariadb.freeze()
    try {
      // Each of these answers while MariaDB is stopped: the thaw comes only after them.
      const answers = await Promise.all([
        append(node, 'frozen', 'while-frozen'),
        call(node, '/query/faults/list/never-cached-either'),
        call(node, '/readyz'),
      ])
      for (const answer of answers) expectConnectionAnswer(answer)
      expect(answers[2]!.body).toMatchObject({ database: 'down' })
      await eventually(() => load.statuses.append.filter((status) => status === 503).length >= 5)
    } finally {
      mariadb.thaw()
    }
    await eventually(async () => (await append(node, 'frozen', 'after-thaw')).status === 200)
    await load.stop()
    expect(await notes(node, 'frozen')).toContain('after-thaw')
    await expectTruthfulAnswers(node, load, 'frozen')
    expectQuietLog(node)
  }, 60_000)

  it('a query past DATABASE_TIMEOUT fails as a connection error; a migration is not limited', async () => {
    const url = await mariadb.createDatabase()
    const db = createDatabase(url, { timeout: 300, logger: pino({ level: 'silent' }) })
    const connectionId = async () =>
      ((await db.raw('select connection_id() as id')) as [Array<{ id: number }>])[0][0]!.id
    try {
      // One pooled connection, idle: the slow query gets it.
      const first = await connectionId()
      const error = await db.raw('select sleep(2)').catch((caught: unknown) => caught)
      expect((error as { code?: string }).code).toBe('PROTOCOL_SEQUENCE_TIMEOUT')
      expect(isConnectionError(error)).toBe(true)
      // mysql2 would still read the late reply on that connection: the pool must not hand it out.
      expect(await connectionId()).not.toBe(first)
    } finally {
      await db.destroy()
    }
    const slow = definePlugin({
      name: 'slow-migration',
      migrations: [
        { name: '001-slow', up: async (trx) => void (await trx.raw('select sleep(1)')) },
      ],
    })
    const kernel = await createKernel({
      config: testConfig({ databaseUrl: url, databaseTimeout: 300 }),
      plugins: [slow],
    })
    try {
      expect(await kernel.services.db('sw_migrations').pluck('name')).toEqual([
        'kernel/002-meters',
        'slow-migration/001-slow',
      ])
    } finally {
      await kernel.close()
    }
  }, 60_000)
})

describe('database outages on SQLite', () => {
  it('a write lock held past the busy timeout answers 503, and the write succeeds once it is free', async () => {
    const dataDir = tempDataDir()
    const databaseUrl = `sqlite:${dataDir}/shared.sqlite`
    const node = await startNode({ dataDir, databaseUrl })
    const other = new Database(`${dataDir}/shared.sqlite`)
    try {
      other.exec('BEGIN IMMEDIATE')
      expectConnectionAnswer(await append(node, 'locked', 'while-locked'))
      other.exec('ROLLBACK')
      expect((await append(node, 'locked', 'after-unlock')).status).toBe(200)
      expect(await notes(node, 'locked')).toEqual(['after-unlock'])
    } finally {
      other.close()
      await node.close()
    }
  }, 60_000)
})
