// knex exports no dialect classes, and its config accepts a client class: how core keeps SQLite's
// prepared statements (statement-cache-client.ts) and gives MySQL queries a time limit
// (time-limited-client.ts). Imported, not required at run time, so they come from the copy of knex
// in core's bundle (core/tsup.config.ts). Their modules carry no types: these are knex's own.
declare module 'knex/lib/dialects/better-sqlite3/index.js' {
  import type { Knex } from 'knex'
  const Client: typeof Knex.Client
  export default Client
}
declare module 'knex/lib/dialects/mysql2/index.js' {
  import type { Knex } from 'knex'
  const Client: typeof Knex.Client
  export default Client
}
