import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Knex } from 'knex'
import { createDatabase, MIGRATIONS_TABLE } from '@shopwright/core'
import { createBlobStore, type BlobStore, type DriveSettings } from '@shopwright/plugin-drive'
import type { Progress } from '../progress.js'
import { partName } from './format.js'
import { checkArchive } from './read-backup.js'
import { confirmedPlaces } from './restore-files.js'
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

/** Rows of the tables `many` and `huge`: three parts each. */
const MANY = 12_345
/** Their widest rows' bodies, in characters. */
const WIDE = { many: 100_000, huge: 300_000 }

/** A SQLite database in `dir` with the migrations' table a backup reads, and no other. */
async function siteDatabase(dir: string): Promise<Knex> {
  const db = createDatabase(`sqlite:${path.join(dir, 'site.sqlite')}`)
  await db.schema.createTable(MIGRATIONS_TABLE, (table) => {
    table.increments('id')
    table.string('name')
  })
  return db
}

describe("a SQLite site's backup lines", () => {
  let dir: string
  let db: Knex
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-lines-'))
    db = await siteDatabase(dir)
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
    // Many rows, a few of them wide. `many`: pages SQLite joins, of a few rows each (its widest
    // row 100 KB). `huge`: a row of 300 KB, read a line at a time, pages ended by their bytes.
    for (const [table, wide] of Object.entries(WIDE)) {
      await db.raw(`CREATE TABLE ${table} (id INTEGER PRIMARY KEY, body TEXT)`)
      await db.raw(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${MANY})
         INSERT INTO ${table} SELECT i, CASE WHEN i % 4000 = 0 THEN printf('%.*c', ${wide}, 'w') ELSE 'row ' || i END FROM n`,
      )
    }
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
    for (const [table, wide] of Object.entries(WIDE)) {
      expect(rows[table]).toBe(MANY)
      const names = [...parts.keys()].filter((name) => name.startsWith(`tables/${table}/`))
      expect(names).toEqual([1, 2, 3].map((part) => partName(table, part)))
      const ids = names.flatMap((name) => {
        const lines = parts.get(name)!
        expect(lines.pop()).toBe('')
        expect(lines.length).toBeLessThanOrEqual(5000)
        return lines.map((line) => {
          const [id, body] = decodeRow(line, 2) as [number, string]
          expect(body).toBe(id % 4000 === 0 ? 'w'.repeat(wide) : `row ${id}`)
          return id
        })
      })
      expect(ids).toEqual(Array.from({ length: MANY }, (_, index) => index + 1))
    }
  })
})

describe("a backup's files, and where restore finds them", () => {
  let dir: string
  let db: Knex
  let store: BlobStore
  const bodies = [Buffer.from('a small file'), Buffer.alloc(0), Buffer.alloc(700_001, 3)]
  const keys = bodies.map((_, index) => `${String(index).repeat(2)}${'ab'.repeat(15)}`)
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-places-'))
    db = await siteDatabase(dir)
    // The drive's rows as snapshotBlobs reads them: a blob key, its size and SHA-256.
    await db.raw('CREATE TABLE drive_entries (blob TEXT, size INTEGER, hash TEXT)')
    await db.raw('CREATE TABLE pages (id INTEGER PRIMARY KEY, body TEXT)')
    await db.raw(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 7000)
       INSERT INTO pages SELECT i, 'page ' || i FROM n`,
    )
    store = createBlobStore({ driveStorage: 'local' } as DriveSettings, dir)
    await store.check()
    for (const [index, body] of bodies.entries()) {
      await store.put(keys[index]!, Readable.from([body]))
      await db.raw('INSERT INTO drive_entries VALUES (?, ?, ?)', [
        keys[index]!,
        body.length,
        createHash('sha256').update(body).digest('hex'),
      ])
    }
  })
  afterAll(async () => {
    await store.close()
    await db.destroy()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('puts the files before the rows, at the places the check counts and restore confirms', async () => {
    const file = path.join(dir, 'site.backup')
    const tar = tarFileWriter(file)
    await writeBackup({ db, dialect: 'sqlite', blobs: store }, tar, SILENT, 'test')
    await tar.finish()
    const checked = await checkArchive(fs.createReadStream(file))
    expect(checked.manifest.members.map((member) => member.name)).toEqual([
      'shopwright-backup.json',
      ...keys.map((key) => `blobs/drive/${key}`),
      partName('drive_entries', 1),
      partName('pages', 1),
      partName('pages', 2),
    ])
    const places = confirmedPlaces(file, checked)!
    expect(places).not.toBeNull()
    const archive = fs.readFileSync(file)
    for (const [index, key] of keys.entries()) {
      const at = places.offsets.get(`blobs/drive/${key}`)!
      expect(archive.subarray(at, at + bodies[index]!.length).equals(bodies[index]!)).toBe(true)
    }
    // From where the rows begin, the archive holds the parts and the manifest, nothing else.
    const names: string[] = []
    for await (const member of tarMembers(fs.createReadStream(file, { start: places.rowsFrom })))
      names.push(member.name)
    expect(names).toEqual([
      partName('drive_entries', 1),
      partName('pages', 1),
      partName('pages', 2),
      'shopwright-backup-end.json',
    ])
    // A place that is not where its member is refuses them all: the archive is read in order.
    expect(confirmedPlaces(file, { ...checked, rowsFrom: checked.rowsFrom + 512 })).toBeNull()
    const offsets = new Map(checked.offsets)
    offsets.set(`blobs/drive/${keys[2]!}`, offsets.get(`blobs/drive/${keys[2]!}`)! + 512)
    expect(confirmedPlaces(file, { ...checked, offsets })).toBeNull()
  })
})
