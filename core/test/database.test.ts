import { describe, expect, it } from 'vitest'
import { createKernel, definePlugin } from '../src/index.js'
import { databasesUnderTest, testConfig } from '../src/testing/index.js'

const notes = definePlugin({
  name: 'notes',
  migrations: [
    {
      name: '001-notes',
      up: (db) => db.schema.createTable('notes', (table) => table.string('id', 64).primary()),
    },
    { name: '002-text', up: (db) => db.schema.alterTable('notes', (table) => table.text('text')) },
  ],
})

for (const database of databasesUnderTest()) {
  describe.skipIf(database.skip)(`database on ${database.name}`, () => {
    it('four processes starting at once on a new database migrate it exactly once', async () => {
      const { url, drop } = await database.create()
      try {
        const kernels = await Promise.all(
          [1, 2, 3, 4].map(() =>
            createKernel({ config: testConfig({ databaseUrl: url }), plugins: [notes] }),
          ),
        )
        try {
          expect(kernels.every((kernel) => kernel.ready)).toBe(true)
          const db = kernels[0]!.services.db
          expect(await db('sw_migrations').orderBy('id').pluck('name')).toEqual([
            'kernel/002-meters',
            'notes/001-notes',
            'notes/002-text',
          ])
          await db('notes').insert({ id: 'a', text: 'é✓' })
          expect(await kernels[3]!.services.db('notes').where({ id: 'a' }).first()).toEqual({
            id: 'a',
            text: 'é✓',
          })
        } finally {
          await Promise.all(kernels.map((kernel) => kernel.close()))
        }
      } finally {
        await drop()
      }
    })
  })
}
