import { afterEach, describe, expect, it } from 'vitest'
import pino from 'pino'
import type { Knex } from 'knex'
import { createDatabase } from '../db/create-database.js'
import { runMigrations } from '../db/migrations.js'
import { CACHE_INVALIDATIONS_TABLE } from '../db/kernel-migrations.js'
import { tempDataDir } from '../testing/test-config.js'
import { InvalidationLog, type Invalidation } from './invalidation-log.js'

const logger = pino({ level: 'silent' })
const open: Array<{ close(): Promise<void> } | Knex> = []
afterEach(async () => {
  for (const item of open.splice(0).reverse())
    await ('destroy' in item ? item.destroy() : item.close())
})

async function database(): Promise<Knex> {
  const db = createDatabase(`sqlite:${tempDataDir()}/log.sqlite`)
  open.push(db)
  expect(await runMigrations(db, [], { redis: true })).toEqual([
    'kernel/001-cache-invalidations',
    'kernel/002-meters',
  ])
  return db
}

async function start(db: Knex) {
  const seen: Invalidation[] = []
  let gaps = 0
  const log = await InvalidationLog.start(db, logger, {
    apply: async (invalidations) => void seen.push(...invalidations),
    gap: () => void gaps++,
  })
  open.push(log)
  return { log, seen, gaps: () => gaps }
}

describe('the cache invalidation log', () => {
  it('hands every node what any node recorded since it started, once, oldest first', async () => {
    const db = await database()
    await db(CACHE_INVALIDATIONS_TABLE).insert({ type: 'old', key: 'x', at: Date.now() })
    const a = await start(db)
    const b = await start(db)
    await a.log.record({ type: 'records', key: 'page 1' })
    await b.log.record({ type: 'access', key: null })
    await a.log.poll()
    await b.log.poll()
    await a.log.poll()
    const expected = [
      { type: 'records', key: 'page 1' },
      { type: 'access', key: null },
    ]
    expect(a.seen).toEqual(expected)
    expect(b.seen).toEqual(expected)
  })

  it('still applies a row that became visible after a later one', async () => {
    const db = await database()
    const node = await start(db)
    // Sequence numbers 1 and 2 taken, 2 committed first (two inserts at once on MySQL).
    await db(CACHE_INVALIDATIONS_TABLE).insert({ seq: 2, type: 'second', key: 'k', at: Date.now() })
    await node.log.poll()
    await db(CACHE_INVALIDATIONS_TABLE).insert({ seq: 1, type: 'first', key: 'k', at: Date.now() })
    await node.log.poll()
    expect(node.seen.map((each) => each.type)).toEqual(['second', 'first'])
  })

  it('never throws: a database that cannot take a row is logged', async () => {
    const db = await database()
    const node = await start(db)
    await db.schema.dropTable(CACHE_INVALIDATIONS_TABLE)
    await expect(node.log.record({ type: 'x', key: 'y' })).resolves.toBeUndefined()
    await expect(node.log.poll()).resolves.toBeUndefined()
  })
})
