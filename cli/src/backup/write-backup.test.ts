import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Knex } from 'knex'
import { createDatabase, MIGRATIONS_TABLE } from '@shopwright/core'
import type { Progress } from '../progress.js'
import { partName } from './format.js'
import { decodeRow } from './row-codec.js'
import { tarFileWriter, tarMembers } from './tar.js'
import { writeBackup } from './write-backup.js'

const SILENT: Progress = { bar: () => ({ tick: () => undefined, end: () => undefined }) }

/** Values JSON holds badly, as SQLite keeps them: SQLite writes these lines itself. */
const ROWS: unknown[][] = [
  [1, 'plain', 12.5, Buffer.from([0, 1, 254, 255]), null],
  [2, 'quote " backslash \\ newline \n tab \t nul \u0000 é 😀', 0.1 + 0.2, Buffer.alloc(0), 1.0],
  [3, '{"looks":"like json"}', -0.5, null, 2 ** 53 - 1],
  [4, '', 5e-324, Buffer.from('text as bytes'), -1.7976931348623157e308],
]

/** Rows of the table `many`: three parts. */
const MANY = 12_345

describe("a SQLite site's backup lines", () => {
  let dir: string
  let db: Knex
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-lines-'))
    db = createDatabase(`sqlite:${path.join(dir, 'site.sqlite')}`)
    await db.schema.createTable(MIGRATIONS_TABLE, (table) => {
      table.increments('id')
      table.string('name')
    })
    // No declared types on `anything`: SQLite keeps each value's own type there.
    await db.raw(
      'CREATE TABLE odd (id INTEGER PRIMARY KEY, label TEXT, amount REAL, data BLOB, anything)',
    )
    for (const row of ROWS) await db.raw('INSERT INTO odd VALUES (?, ?, ?, ?, ?)', row as never[])
    // The same rows where no rowid can be read: a WITHOUT ROWID table, and one whose columns
    // take every name of its rowid.
    await db.raw(
      'CREATE TABLE keyed (id INTEGER PRIMARY KEY, label TEXT, amount REAL, data BLOB, anything) WITHOUT ROWID',
    )
    await db.raw('CREATE TABLE named (rowid, _rowid_, oid, label TEXT, data BLOB)')
    for (const row of ROWS) {
      await db.raw('INSERT INTO keyed VALUES (?, ?, ?, ?, ?)', row as never[])
      await db.raw('INSERT INTO named VALUES (?, ?, ?, ?, ?)', row as never[])
    }
    // Many rows, a few of them wide: pages of a few rows each, parts of 5,000 rows at most.
    await db.raw('CREATE TABLE many (id INTEGER PRIMARY KEY, body TEXT)')
    await db.raw(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${MANY})
       INSERT INTO many SELECT i, CASE WHEN i % 4000 = 0 THEN printf('%.*c', 300000, 'w') ELSE 'row ' || i END FROM n`,
    )
  })
  afterAll(async () => {
    await db.destroy()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  /** Each part's lines by member name, and the manifest's row counts. */
  async function backedUp(): Promise<{
    parts: Map<string, string[]>
    rows: Record<string, number>
  }> {
    const file = path.join(dir, 'site.backup')
    const tar = tarFileWriter(file)
    const { manifest } = await writeBackup(
      { db, dialect: 'sqlite', blobs: null },
      tar,
      SILENT,
      'test',
    )
    await tar.finish()
    const parts = new Map<string, string[]>()
    for await (const member of tarMembers(fs.createReadStream(file))) {
      const chunks: Buffer[] = []
      for await (const chunk of member.body) chunks.push(chunk)
      if (member.name.startsWith('tables/'))
        parts.set(member.name, gunzipSync(Buffer.concat(chunks)).toString('utf8').split('\n'))
    }
    return { parts, rows: manifest.rows }
  }

  it('reads back every value as it was: bytes, exact numbers, escaped text', async () => {
    const { parts } = await backedUp()
    for (const table of ['odd', 'keyed', 'named']) {
      const lines = parts.get(partName(table, 1))!
      // Every line ends with a line break, the last one too.
      expect(lines.pop()).toBe('')
      expect(lines.map((line) => decodeRow(line, 5))).toEqual(ROWS)
      expect(lines[0]).toContain('{"$hex":"0001FEFF"}')
    }
  })

  it('cuts a table into parts of at most 5,000 rows, every row once and in order', async () => {
    const { parts, rows } = await backedUp()
    expect(rows.many).toBe(MANY)
    const names = [...parts.keys()].filter((name) => name.startsWith('tables/many/'))
    expect(names).toEqual([1, 2, 3].map((part) => partName('many', part)))
    const ids = names.flatMap((name) => {
      const lines = parts.get(name)!
      expect(lines.pop()).toBe('')
      expect(lines.length).toBeLessThanOrEqual(5000)
      return lines.map((line) => {
        const [id, body] = decodeRow(line, 2) as [number, string]
        expect(body).toBe(id % 4000 === 0 ? 'w'.repeat(300000) : `row ${id}`)
        return id
      })
    })
    expect(ids).toEqual(Array.from({ length: MANY }, (_, index) => index + 1))
  })
})
