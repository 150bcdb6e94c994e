import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createDatabase,
  createKernel,
  MIGRATIONS_TABLE,
  pendingMigrations,
  type Kernel,
  type Services,
} from '@shopwright/core'
import { databasesUnderTest, testConfig } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import example, { DISMISSALS_TABLE, migrations } from '../src/index.js'

for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`the example plugin's migration on ${database.name}`, () => {
    let url: string
    let drop: () => Promise<void>
    let kernel: Kernel
    let db: Services['db']

    beforeAll(async () => {
      ;({ url, drop } = await database.create())
      kernel = await createKernel({
        config: testConfig({ databaseUrl: url }),
        plugins: [records, example],
      })
      db = kernel.services.db
    })
    afterAll(async () => {
      await kernel.close()
      await drop()
    })

    it('runs at boot, recorded under the plugin’s name, and leaves nothing pending', async () => {
      const names = (await db(MIGRATIONS_TABLE).select('name')).map(
        (row: { name: string }) => row.name,
      )
      expect(names).toContain('example/001-dismissals')
      expect(await pendingMigrations(db, [records, example])).toEqual([])
    })

    it('makes the dismissals table, one row per announcement and account', async () => {
      expect(Object.keys(await db(DISMISSALS_TABLE).columnInfo()).sort()).toEqual([
        'announcement',
        'created_at',
        'entity_id',
        'entity_type',
      ])
      const row = { announcement: 'a', entity_type: 'customer', entity_id: 'x', created_at: 1 }
      await db(DISMISSALS_TABLE).insert(row)
      await expect(db(DISMISSALS_TABLE).insert(row)).rejects.toThrow()
      // Ids differ by case only: two announcements, also on MariaDB's case-insensitive default.
      await db(DISMISSALS_TABLE).insert({ ...row, announcement: 'A' })
      expect(await db(DISMISSALS_TABLE).where({ announcement: 'a' })).toHaveLength(1)
      // Epoch milliseconds fit.
      await db(DISMISSALS_TABLE).insert({ ...row, entity_id: 'y', created_at: Date.now() })
    })

    it.runIf(database.name === 'mariadb')('gives the table the binary collation', async () => {
      const [rows] = (await db.raw(
        'SELECT TABLE_COLLATION AS collation FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?',
        [DISMISSALS_TABLE],
      )) as [Array<{ collation: string }>]
      expect(rows[0]?.collation).toBe('utf8mb4_bin')
    })

    it('goes down and up again on a database of its own', async () => {
      const own = await database.create()
      const other = createDatabase(own.url)
      try {
        for (const migration of migrations) await migration.up(other)
        expect(await other.schema.hasTable(DISMISSALS_TABLE)).toBe(true)
        for (const migration of [...migrations].reverse()) await migration.down?.(other)
        expect(await other.schema.hasTable(DISMISSALS_TABLE)).toBe(false)
      } finally {
        await other.destroy()
        await own.drop()
      }
    })
  })
}
