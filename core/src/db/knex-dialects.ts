import type { Knex } from 'knex'
import BetterSqlite3Dialect from 'knex/lib/dialects/better-sqlite3/index.js'
import Mysql2Dialect from 'knex/lib/dialects/mysql2/index.js'

// knex exports no dialect classes, and its config accepts a client class: how core keeps SQLite's
// prepared statements (statement-cache-client.ts) and gives MySQL queries a time limit
// (time-limited-client.ts). Imported, not required at run time, so they come from the same copy of
// knex as the rest, which the build puts in core's bundle (core/tsup.config.ts).

/** knex's better-sqlite3 client class. */
export const BetterSqlite3Client = BetterSqlite3Dialect as unknown as typeof Knex.Client
/** knex's mysql2 client class. */
export const Mysql2Client = Mysql2Dialect as unknown as typeof Knex.Client
