import fs from 'node:fs'
import path from 'node:path'
import knex, { type Knex } from 'knex'
import { StatementCacheSqliteClient } from './statement-cache-client.js'
import type { Logger } from '../logger.js'
import { timeLimitedMysqlClient } from './time-limited-client.js'
import { FALLBACK_AUTOCHECKPOINT_PAGES } from './wal-checkpointer.js'
import { requireDriver } from './driver.js'

/** Which engine a database URL names. */
export type DatabaseDialect = 'sqlite' | 'mysql'

/** The dialect of a DATABASE_URL. */
export function dialectOf(url: string): DatabaseDialect {
  return url.startsWith('sqlite:') ? 'sqlite' : 'mysql'
}

/** The file of a SQLite DATABASE_URL (`:memory:` for an in-memory database). */
export function sqliteFileOf(url: string): string {
  return url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '')
}

/**
 * The file of a SQLite DATABASE_URL that another connection or thread can open too; null for
 * MySQL/MariaDB and for an in-memory database.
 */
export function sharedSqliteFile(url: string): string | null {
  if (dialectOf(url) !== 'sqlite') return null
  const file = sqliteFileOf(url)
  return file === ':memory:' || file === '' ? null : file
}

/** The time limits of one database connection pool. */
export interface DatabaseOptions {
  /**
   * Milliseconds one query may take on MySQL/MariaDB, and a request may wait for a connection
   * (from the pool, or a new one): DATABASE_TIMEOUT. 0 turns the limits off. Default 5000.
   */
  timeout?: number
  /** Where knex's own warnings go (its console by default). */
  logger?: Logger
  /**
   * SQLite: a background thread checkpoints the write-ahead log (startWalCheckpointer), so
   * connections copy it themselves only past FALLBACK_AUTOCHECKPOINT_PAGES.
   */
  backgroundCheckpoints?: boolean
}

/** The default of DATABASE_TIMEOUT (docs/operations.md, "Database outages"). */
export const DEFAULT_DATABASE_TIMEOUT = 5_000

/**
 * How long knex waits for a connection when the limits are off: its own default. A pool that
 * cannot hand one out within this long is broken, not busy.
 */
const UNLIMITED_ACQUIRE = 60_000

/**
 * A knex instance for the configured URL: SQLite through better-sqlite3 in WAL mode (several
 * processes may share the file), or MySQL/MariaDB through mysql2. Queries and the wait for a
 * connection are time-limited, so a database that is down or frozen answers 503 instead of
 * hanging requests (docs/operations.md, "Database outages"); migrations run without the query
 * limit (see migrations.ts).
 */
export function createDatabase(url: string, options: DatabaseOptions = {}): Knex {
  const timeout = options.timeout ?? DEFAULT_DATABASE_TIMEOUT
  const acquireConnectionTimeout = timeout > 0 ? timeout : UNLIMITED_ACQUIRE
  const log = options.logger ? knexLog(options.logger) : undefined
  requireDriver(dialectOf(url))
  if (dialectOf(url) === 'sqlite') {
    const filename = sqliteFileOf(url)
    if (filename !== ':memory:')
      fs.mkdirSync(path.dirname(path.resolve(filename)), { recursive: true })
    return knex({
      client: StatementCacheSqliteClient,
      connection: { filename },
      useNullAsDefault: true,
      acquireConnectionTimeout,
      log,
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
          if (options.backgroundCheckpoints)
            connection.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`)
          done(null, connection)
        },
      },
    })
  }
  const parsed = new URL(url)
  return knex({
    client: timeLimitedMysqlClient(timeout),
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
      // A server that accepts the TCP connection but never greets (frozen) fails the attempt.
      ...(timeout > 0 ? { connectTimeout: timeout } : {}),
    },
    acquireConnectionTimeout,
    log,
    pool: { min: 0, max: 10, afterCreate: readYourClusterWrites },
  })
}

interface MysqlConnection {
  query(sql: string, done: (error: Error | null, rows?: unknown) => void): void
}

/**
 * On a Galera node, every read waits until the node has applied what the cluster committed before
 * it (`wsrep_sync_wait = 1`): a write acknowledged by another node is then seen by the next read
 * here, and a cache refilled after a clear never takes an older value. Without it about 5% of reads
 * on one node right after a write on another still saw the old row here (docs/operations.md,
 * "Galera"). Plain MySQL and MariaDB skip it.
 */
function readYourClusterWrites(
  connection: MysqlConnection,
  done: (error: Error | null, connection: unknown) => void,
): void {
  connection.query("SHOW VARIABLES LIKE 'wsrep_on'", (error, rows) => {
    if (error) return done(error, connection)
    const on = (rows as Array<{ Value?: string }> | undefined)?.[0]?.Value === 'ON'
    if (!on) return done(null, connection)
    connection.query('SET SESSION wsrep_sync_wait = 1', (failed) => done(failed, connection))
  })
}

/**
 * knex's log as pino lines. Its pool reports every failed connection attempt with a stack, which
 * during an outage is one stack per request: those go to debug, since the request's own 503 line
 * already says what failed (docs/operations.md, "Database outages").
 */
function knexLog(logger: Logger): Knex.Logger {
  const text = (message: unknown) => (typeof message === 'string' ? message : String(message))
  return {
    warn(message) {
      const line = text(message)
      if (/^(Acquire connection error|Connection Error)/.test(line))
        logger.debug({ knex: line.split('\n')[0] }, 'database connection attempt failed')
      else logger.warn({ knex: line }, 'knex warning')
    },
    error: (message) => logger.error({ knex: text(message) }, 'knex error'),
    deprecate: (method, alternative) =>
      logger.warn({ knex: `${method} is deprecated, use ${alternative}` }, 'knex warning'),
    debug: () => undefined,
  }
}

/** Checks the database answers; used by /readyz and at start-up. */
export async function pingDatabase(db: Knex): Promise<void> {
  await db.raw('select 1')
}
