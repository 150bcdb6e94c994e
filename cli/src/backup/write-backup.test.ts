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
  })
  afterAll(async () => {
    await db.destroy()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('reads back every value as it was: bytes, exact numbers, escaped text', async () => {
    const file = path.join(dir, 'site.backup')
    const tar = tarFileWriter(file)
    await writeBackup({ db, dialect: 'sqlite', blobs: null }, tar, SILENT, 'test')
    await tar.finish()
    let lines: string[] = []
    for await (const member of tarMembers(fs.createReadStream(file))) {
      const chunks: Buffer[] = []
      for await (const chunk of member.body) chunks.push(chunk)
      if (member.name === partName('odd', 1))
        lines = gunzipSync(Buffer.concat(chunks)).toString('utf8').trimEnd().split('\n')
    }
    expect(lines.map((line) => decodeRow(line, 5))).toEqual(ROWS)
    expect(lines[0]).toContain('{"$hex":"0001FEFF"}')
  })
})
