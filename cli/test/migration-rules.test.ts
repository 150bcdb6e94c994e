import knex, { type Knex } from 'knex'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig, migrationNames, runMigrations, type PluginDefinition } from '@shopwright/core'
import { databasesUnderTest } from '@shopwright/core/testing'
import { sitePlugins } from '../src/boot.js'
import { resolvePlugins } from '../src/resolve-plugins.js'
import { projectDir } from '../src/testing/index.js'

const mariadb = databasesUnderTest().find((database) => database.name === 'mariadb')!

/**
 * The migrations that broke the rule before it was checked, each with why that was safe: none ran
 * on a site before the first release, so no running version read what they changed.
 */
const EXCEPTIONS = new Map<string, string>([
  [
    'records/004-binary-keys',
    'rebuilds its tables to binary collation; before the first release, no site had rows in them',
  ],
  [
    'account/007-binary-keys',
    'rebuilds its tables to binary collation; before the first release, no site had rows in them',
  ],
])

/** A statement's table, when it changes one: ALTER, DROP or RENAME. */
function changedTable(sql: string): { verb: 'alter' | 'drop' | 'rename'; table: string } | null {
  const alter = /^alter\s+table\s+`?(\w+)`?/i.exec(sql)
  if (alter) return { verb: 'alter', table: alter[1]! }
  const drop = /^drop\s+table\s+(?:if\s+exists\s+)?`?(\w+)`?/i.exec(sql)
  if (drop) return { verb: 'drop', table: drop[1]! }
  const rename = /^rename\s+table\s+`?(\w+)`?/i.exec(sql)
  if (rename) return { verb: 'rename', table: rename[1]! }
  return null
}

/** An ALTER that takes away or renames a column the previous version may still read. */
const CONTRACTS = /\b(?:drop\s+(?:column\s+)?`|rename\s+(?:column\s+)?`|change\s+(?:column\s+)?`)/i

async function tablesOf(db: Knex): Promise<Set<string>> {
  const [rows] = (await db.raw(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE'",
  )) as [Array<{ name: string }>]
  return new Set(rows.map((row) => row.name))
}

/**
 * "Expand, then contract" (docs/operations.md, "Upgrading"): during a rolling upgrade the previous
 * version runs beside the new one on the migrated database, so a migration may add, never take
 * away or rename what exists (that waits for a later release), and may not lock a table the site
 * is writing: on MariaDB every ALTER of a table an earlier migration made must run with
 * LOCK=NONE. Each migration runs on one database while its statements are recorded, then they
 * are replayed on a second one, ALTERs of existing tables with LOCK=NONE, which MariaDB refuses
 * when it would have to lock.
 */
describe.skipIf(mariadb.skip)('every migration can run under the previous version', () => {
  const drops: Array<() => Promise<void>> = []
  afterAll(async () => {
    for (const drop of drops) await drop()
  })

  const database = async () => {
    const made = await mariadb.create()
    drops.push(made.drop)
    return made.url
  }

  it('adds without locking, and takes nothing away', async () => {
    const url = await database()
    const config = await loadConfig({
      cwd: projectDir(),
      env: { DATABASE_URL: url, LOG_LEVEL: 'silent' },
    })
    const plugins = [...(await resolvePlugins(config.plugins, process.cwd())), ...sitePlugins()]
    expect(migrationNames(plugins, { redis: true }).length).toBeGreaterThan(30)
    const broken = await ruleBreaks(plugins, url, await database())
    expect(broken.filter(([name]) => !EXCEPTIONS.has(name))).toEqual([])
  }, 300_000)

  it('tells a migration that drops, renames or locks from one that adds', async () => {
    const probe: PluginDefinition = {
      name: 'probe',
      migrations: [
        {
          name: '001-table',
          up: (db) =>
            db.schema.createTable('probe_rows', (table) => {
              table.string('id', 24).primary()
              table.string('name', 64)
              table.string('old', 64)
            }),
        },
        {
          name: '002-adds',
          up: (db) =>
            db.schema.alterTable('probe_rows', (table) => {
              table.string('extra', 64).nullable()
              table.index(['name'], 'probe_rows_name')
            }),
        },
        {
          name: '003-drops',
          up: (db) => db.schema.alterTable('probe_rows', (t) => t.dropColumn('old')),
        },
        {
          name: '004-renames',
          up: (db) => db.schema.alterTable('probe_rows', (t) => t.renameColumn('extra', 'more')),
        },
        {
          name: '005-locks',
          up: (db) => db.raw('ALTER TABLE probe_rows MODIFY name INT NULL'),
        },
      ],
    }
    const broken = await ruleBreaks([probe], await database(), await database())
    expect(broken.map(([name, problems]) => [name, problems.map((p) => p.split(':')[0])])).toEqual([
      ['probe/003-drops', ['takes away or renames in probe_rows']],
      ['probe/004-renames', ['takes away or renames in probe_rows']],
      ['probe/005-locks', ['locks probe_rows']],
    ])
  }, 120_000)
})

/**
 * Runs each migration on `recordedUrl` while its statements are recorded, then replays them on
 * `replayedUrl`, ALTERs of existing tables with LOCK=NONE: the migrations that break the rule,
 * with what each does.
 */
async function ruleBreaks(
  plugins: readonly PluginDefinition[],
  recordedUrl: string,
  replayedUrl: string,
): Promise<Array<[string, string[]]>> {
  const names = migrationNames(plugins, { redis: true })
  const recorded = knex({ client: 'mysql2', connection: recordedUrl, pool: { min: 0, max: 1 } })
  const replayed = knex({ client: 'mysql2', connection: replayedUrl, pool: { min: 0, max: 1 } })
  const broken: Array<[string, string[]]> = []
  try {
    let statements: Array<{ sql: string; bindings: unknown[] }> = []
    recorded.on('query', (query: { sql: string; bindings?: unknown[] }) =>
      statements.push({ sql: query.sql.trim(), bindings: query.bindings ?? [] }),
    )
    for (const [index, name] of names.entries()) {
      const existing = await tablesOf(recorded)
      statements = []
      await runMigrations(recorded, plugins, {
        redis: true,
        only: new Set(names.slice(0, index + 1)),
      })
      const problems: string[] = []
      for (const { sql, bindings } of statements) {
        const changed = changedTable(sql)
        const old = changed !== null && existing.has(changed.table)
        if (old && (changed.verb !== 'alter' || CONTRACTS.test(sql)))
          problems.push(`takes away or renames in ${changed.table}: ${sql.slice(0, 120)}`)
        if (old && changed.verb === 'alter') {
          try {
            await replayed.raw(`${sql}, LOCK=NONE`, bindings as Knex.RawBinding[])
            continue
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error)
            if (!/LOCK=NONE/i.test(message)) throw error
            problems.push(`locks ${changed.table}: ${sql.slice(0, 120)}`)
          }
        }
        await replayed.raw(sql, bindings as Knex.RawBinding[])
      }
      if (problems.length > 0) broken.push([name, problems])
    }
  } finally {
    await recorded.destroy()
    await replayed.destroy()
  }
  return broken
}
