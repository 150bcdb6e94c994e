import fs from 'node:fs'
import path from 'node:path'
import knex, { type Knex } from 'knex'

/** Which engine a database URL names. */
export type DatabaseDialect = 'sqlite' | 'mysql'

/** The dialect of a DATABASE_URL. */
export function dialectOf(url: string): DatabaseDialect {
  return url.startsWith('sqlite:') ? 'sqlite' : 'mysql'
}

/**
 * A knex instance for the configured URL: SQLite through better-sqlite3 in WAL mode (several
 * processes may share the file), or MySQL/MariaDB through mysql2.
 */
export function createDatabase(url: string): Knex {
  if (dialectOf(url) === 'sqlite') {
    const filename = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '')
    if (filename !== ':memory:')
      fs.mkdirSync(path.dirname(path.resolve(filename)), { recursive: true })
    return knex({
      client: 'better-sqlite3',
      connection: { filename },
      useNullAsDefault: true,
      pool: {
        afterCreate(
          connection: { pragma(sql: string): unknown },
          done: (error: Error | null, connection: unknown) => void,
        ) {
          connection.pragma('journal_mode = WAL')
          // A second process writing at the same moment waits instead of failing with SQLITE_BUSY.
          connection.pragma('busy_timeout = 5000')
          connection.pragma('synchronous = NORMAL')
          connection.pragma('foreign_keys = ON')
          done(null, connection)
        },
      },
    })
  }
  const parsed = new URL(url)
  return knex({
    client: 'mysql2',
    connection: {
      host: parsed.hostname,
      port: parsed.port ? Number(parsed.port) : 3306,
      user: decodeURIComponent(parsed.username),
      password: decodeURIComponent(parsed.password),
      database: decodeURIComponent(parsed.pathname.replace(/^\//, '')),
      charset: 'utf8mb4',
      timezone: 'Z',
      supportBigNumbers: true,
      bigNumberStrings: false,
    },
    pool: { min: 0, max: 10 },
  })
}

/** Checks the database answers; used by /readyz and at start-up. */
export async function pingDatabase(db: Knex): Promise<void> {
  await db.raw('select 1')
}
