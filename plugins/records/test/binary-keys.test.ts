import { expect, it } from 'vitest'
import { describePlugin } from '@shopwright/core/testing'
import { caller, recordsSuite, STAFF } from './helpers.js'

/**
 * Finding 11 of the security issue: ids that differ by case alone are two records on every
 * database. The MariaDB suites create their databases as docs/operations.md tells users to
 * (`CHARACTER SET utf8mb4`, the server's case-insensitive default collation), so these tests see
 * what a site sees; the migrations give every table the binary collation.
 */
describePlugin(
  'ids compare as bytes',
  recordsSuite(
    { administrator: STAFF.administrator },
    {
      // The plugins' own seeds only (the sample company's records are not needed).
      seeds: undefined,
      // 300 creates at once queue for the pool's connections: on a loaded machine that wait may pass
      // the default DATABASE_TIMEOUT (5 s), which this suite is not about, so it has none.
      config: { databaseTimeout: 0 },
    },
  ),
  (site) => {
    const admin = caller(site, 'administrator')

    // Only MariaDB has collations to check (SQLite compares bytes): registered there alone.
    if (site.database.name === 'mariadb')
      it('gives every text column a binary collation', async () => {
        const [rows] = (await site.kernel.services.db.raw(
          `SELECT TABLE_NAME AS t, COLUMN_NAME AS c, COLLATION_NAME AS collation
           FROM information_schema.COLUMNS
          WHERE TABLE_SCHEMA = DATABASE() AND COLLATION_NAME IS NOT NULL
            AND TABLE_NAME NOT LIKE 'sw\\_migrations%'`,
        )) as [Array<{ t: string; c: string; collation: string }>]
        expect(rows.length).toBeGreaterThan(10)
        const notBinary = rows.filter((row) => !row.collation.endsWith('_bin'))
        expect(notBinary).toEqual([])
      })

    it('keeps CaseX and casex as two records, each with its own fields', async () => {
      for (const id of ['CaseX', 'casex']) {
        const created = await admin({
          method: 'POST',
          url: '/query/data/create',
          payload: { type: 'webpage', id, headline: `page ${id}` },
        })
        expect(created.status, JSON.stringify(created.body)).toBe(200)
      }
      expect((await admin({ url: '/query/data/get/webpage/casex' })).body.headline).toBe(
        'page casex',
      )
      expect((await admin({ url: '/query/data/get/webpage/CaseX' })).body.headline).toBe(
        'page CaseX',
      )
      expect((await admin({ url: '/query/data/get/webpage/CASEX' })).status).toBe(404)
    })

    it('gives 300 concurrent creates without an id 300 distinct ids', async () => {
      const replies = await Promise.all(
        Array.from({ length: 300 }, (_, index) =>
          admin({
            method: 'POST',
            url: '/query/data/create',
            payload: { type: 'webpage', headline: `auto ${index}` },
          }),
        ),
      )
      expect(replies.filter((reply) => reply.status !== 200)).toEqual([])
      const ids = new Set(replies.map((reply) => reply.body.id))
      expect(ids.size).toBe(300)
    })
  },
)
