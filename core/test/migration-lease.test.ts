import knex, { type Knex } from 'knex'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MIGRATION_LEASE_TABLE, withMigrationLease } from '../src/db/migration-lease.js'
import { databasesUnderTest } from '../src/testing/index.js'

const mariadb = databasesUnderTest().find((database) => database.name === 'mariadb')
const fast = { ttlMs: 1_000, renewMs: 200, waitMs: 20_000 }
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

// The lease replaces GET_LOCK, which a Galera cluster keeps per node (docs/operations.md, "Galera").
describe.skipIf(!mariadb || mariadb.skip)('the migration lease on MariaDB', () => {
  let drop: () => Promise<void>
  const pools: Knex[] = []
  const pool = (url: string): Knex => {
    const db = knex({ client: 'mysql2', connection: url, pool: { min: 0, max: 2 } })
    pools.push(db)
    return db
  }
  let url: string

  beforeAll(async () => {
    ;({ url, drop } = await mariadb!.create())
  })
  afterAll(async () => {
    await Promise.all(pools.map((db) => db.destroy()))
    await drop?.()
  })

  it('lets four processes work one at a time, each once', async () => {
    let inside = 0
    let most = 0
    const order: number[] = []
    await Promise.all(
      [1, 2, 3, 4].map((n) =>
        withMigrationLease(
          pool(url),
          async () => {
            inside++
            most = Math.max(most, inside)
            await sleep(150)
            order.push(n)
            inside--
          },
          fast,
        ),
      ),
    )
    expect(most).toBe(1)
    expect([...order].sort()).toEqual([1, 2, 3, 4])
    expect(await pool(url)(MIGRATION_LEASE_TABLE).count({ n: '*' })).toEqual([{ n: 0 }])
  })

  it('keeps the lease while its holder works past the lease time, renewing it', async () => {
    const events: string[] = []
    const holder = withMigrationLease(
      pool(url),
      async () => {
        events.push('first in')
        await sleep(fast.ttlMs * 3)
        events.push('first out')
      },
      fast,
    )
    await sleep(100)
    await withMigrationLease(pool(url), async () => void events.push('second in'), fast)
    await holder
    expect(events).toEqual(['first in', 'first out', 'second in'])
  })

  it('takes over the lease of a holder that died, once it ran out', async () => {
    const db = pool(url)
    await db(MIGRATION_LEASE_TABLE).insert({
      name: 'migrate',
      holder: 'killed-process',
      expires_at: db.raw('CAST(UNIX_TIMESTAMP(NOW(3)) * 1000 AS SIGNED) + 500'),
    })
    const started = Date.now()
    const holders = await withMigrationLease(
      db,
      async () => db(MIGRATION_LEASE_TABLE).pluck('holder'),
      fast,
    )
    expect(Date.now() - started).toBeGreaterThanOrEqual(300)
    expect(holders).toHaveLength(1)
    expect(holders[0]).not.toBe('killed-process')
    expect(await db(MIGRATION_LEASE_TABLE).count({ n: '*' })).toEqual([{ n: 0 }])
  })

  it('gives up with SW_MIGRATION_FAILED when the lease stays held, and frees it after a failed task', async () => {
    const db = pool(url)
    let release!: () => void
    const held = withMigrationLease(
      db,
      () => new Promise<void>((resolve) => (release = resolve)),
      fast,
    )
    await sleep(100)
    await expect(
      withMigrationLease(db, async () => 'never', { ...fast, waitMs: 500 }),
    ).rejects.toMatchObject({ code: 'SW_MIGRATION_FAILED' })
    release()
    await held
    await expect(
      withMigrationLease(db, () => Promise.reject(new Error('migration broke')), fast),
    ).rejects.toThrow('migration broke')
    expect(await withMigrationLease(db, async () => 'next', fast)).toBe('next')
  })
})
