import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Knex } from 'knex'
import { createDatabase } from './create-database.js'
import { MAX_BATCH, sqliteTransaction } from './sqlite-transaction.js'

describe('sqliteTransaction', () => {
  let dir = ''
  let db: Knex
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-sqlite-trx-'))
    db = createDatabase(`sqlite:${path.join(dir, 'db.sqlite')}`)
    await db.schema.createTable('counts', (table) => {
      table.string('name').primary()
      table.integer('n').notNullable()
    })
  })
  afterAll(async () => {
    await db.destroy()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('runs its statements as one transaction, and answers what the work answers', async () => {
    const answer = await sqliteTransaction(db, (sql) => {
      sql.run('insert into counts (name, n) values (?, ?)', 'a', 1)
      sql.run('update counts set n = n + ? where name = ?', 2, 'a')
      return sql.get<{ n: number }>('select n from counts where name = ?', 'a')
    })
    expect(answer).toEqual({ n: 3 })
    expect(await db('counts').select('name', 'n')).toEqual([{ name: 'a', n: 3 }])
  })

  it('undoes every statement when the work throws, and the connection goes on serving', async () => {
    await expect(
      sqliteTransaction(db, (sql) => {
        sql.run('update counts set n = 100 where name = ?', 'a')
        sql.run('insert into counts (name, n) values (?, ?)', 'b', 1)
        throw new Error('refused')
      }),
    ).rejects.toThrow('refused')
    expect(await db('counts').orderBy('name').select('name', 'n')).toEqual([{ name: 'a', n: 3 }])
  })

  it('keeps transactions that come together apart: none sees another half done', async () => {
    await Promise.all(
      Array.from({ length: 20 }, () =>
        sqliteTransaction(db, (sql) => {
          const { n } = sql.get<{ n: number }>('select n from counts where name = ?', 'a')!
          sql.run('update counts set n = ? where name = ?', n + 1, 'a')
        }),
      ),
    )
    expect(await db('counts').where({ name: 'a' }).first('n')).toEqual({ n: 23 })
  })

  it('commits works asked for together at once, undoing only the one that throws', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, n) =>
        sqliteTransaction(db, (sql) => {
          sql.run('insert into counts (name, n) values (?, ?)', `w${n}`, n)
          if (n === 7) throw new Error('seven refused')
          return n
        }),
      ),
    )
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([
      { status: 'rejected', reason: new Error('seven refused') },
    ])
    const names = (await db('counts').where('name', 'like', 'w%').select('name')).map(
      (row: { name: string }) => row.name,
    )
    expect(names.sort()).toEqual(
      Array.from({ length: 20 }, (_, n) => `w${n}`)
        .filter((name) => name !== 'w7')
        .sort(),
    )
  })

  it('spreads more works than a batch holds over several commits, losing none', async () => {
    const answers = await Promise.all(
      Array.from({ length: MAX_BATCH * 2 + 3 }, (_, n) =>
        sqliteTransaction(
          db,
          (sql) => sql.run('insert into counts (name, n) values (?, ?)', `m${n}`, n).changes,
        ),
      ),
    )
    expect(answers.every((changes) => changes === 1)).toBe(true)
    expect(await db('counts').where('name', 'like', 'm%').count({ count: '*' })).toEqual([
      { count: MAX_BATCH * 2 + 3 },
    ])
  })

  it('answers null on MySQL/MariaDB, without connecting', async () => {
    const mysql = createDatabase('mysql://nobody@127.0.0.1:1/none')
    try {
      expect(sqliteTransaction(mysql, () => 1)).toBeNull()
    } finally {
      await mysql.destroy()
    }
  })
})
