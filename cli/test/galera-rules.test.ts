import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import knex from 'knex'
import { afterAll, describe, expect, it } from 'vitest'
import { databasesUnderTest } from '@shopwright/core/testing'
import { projectDir, run } from '../src/testing/index.js'

const mariadb = databasesUnderTest().find((database) => database.name === 'mariadb')!
const repo = path.resolve(fileURLToPath(import.meta.url), '../../..')

/**
 * What a Galera cluster asks of every table and statement (docs/operations.md, "Galera"): rows are
 * replicated by primary key, only InnoDB tables are replicated, and advisory or table locks are
 * each node's own. Checked on the schema every plugin migrates, Redis' tables included.
 */
describe.skipIf(mariadb.skip)('the schema and statements a Galera cluster needs', () => {
  let drop: (() => Promise<void>) | undefined
  afterAll(async () => drop?.())

  it('every table of every plugin has a primary key and is InnoDB', async () => {
    const database = await mariadb.create()
    drop = database.drop
    // REDIS_URL adds the kernel's Redis tables; migrate itself never connects to Redis.
    const migrated = await run(['migrate'], projectDir(), {
      DATABASE_URL: database.url,
      REDIS_URL: 'redis://127.0.0.1:6379',
    })
    expect(migrated.code, migrated.stderr).toBe(0)
    const db = knex({ client: 'mysql2', connection: database.url })
    try {
      const schema = new URL(database.url).pathname.slice(1)
      const tables = (await db('information_schema.tables')
        .where({ table_schema: schema, table_type: 'BASE TABLE' })
        .select({ name: 'table_name', engine: 'engine' })) as Array<{
        name: string
        engine: string
      }>
      expect(tables.length).toBeGreaterThan(20)
      const keyed = new Set(
        (await db('information_schema.table_constraints')
          .where({ table_schema: schema, constraint_type: 'PRIMARY KEY' })
          .pluck('table_name')) as string[],
      )
      expect(tables.filter((table) => !keyed.has(table.name)).map((table) => table.name)).toEqual(
        [],
      )
      expect(tables.filter((table) => table.engine !== 'InnoDB')).toEqual([])
    } finally {
      await db.destroy()
    }
  }, 120_000)

  it('no shipped code takes an advisory lock or locks a table', () => {
    const roots = ['core/src', 'cli/src', 'seeds/src', ...pluginSources()]
    const offenders: string[] = []
    for (const root of roots)
      for (const file of sourceFiles(path.join(repo, root))) {
        const text = fs.readFileSync(file, 'utf8')
        // The rule names them in comments; code would pass them to the database as SQL text.
        for (const [index, line] of text.split('\n').entries()) {
          const code = line.replace(/\/\/.*$|^\s*\*.*$/, '')
          if (/\b(GET_LOCK|RELEASE_LOCK|LOCK\s+TABLES?)\b/i.test(code))
            offenders.push(`${path.relative(repo, file)}:${index + 1}`)
        }
      }
    expect(offenders).toEqual([])
  })
})

function pluginSources(): string[] {
  return fs
    .readdirSync(path.join(repo, 'plugins'))
    .map((name) => `plugins/${name}/src`)
    .filter((folder) => fs.existsSync(path.join(repo, folder)))
}

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { recursive: true, encoding: 'utf8' }).flatMap((name) => {
    const file = path.join(folder, name)
    return /\.(ts|tsx|mjs|js)$/.test(name) && !/\.test\./.test(name) && fs.statSync(file).isFile()
      ? [file]
      : []
  })
}
