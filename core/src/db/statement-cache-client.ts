import BetterSqlite3Client from 'knex/lib/dialects/better-sqlite3/index.js'

/** The parts of a better-sqlite3 statement and connection knex's `_query` and sqliteTransaction use. */
export interface Statement {
  reader: boolean
  all(...bindings: unknown[]): unknown
  get(...bindings: unknown[]): unknown
  run(...bindings: unknown[]): { lastInsertRowid: number | bigint; changes: number }
}
export interface Connection {
  prepare(sql: string): Statement
  inTransaction: boolean
  transaction<T>(work: () => T): { (): T; immediate(): T }
  [STATEMENTS]?: Map<string, Statement>
}
interface QueryObject {
  sql?: string
  bindings?: unknown[]
  options?: { safeIntegers?: unknown }
  response?: unknown
  context?: unknown
}
interface BindingFormatter {
  _formatBindings(bindings: unknown[] | undefined): unknown[]
  _query(connection: Connection, obj: QueryObject): Promise<QueryObject>
}

const STATEMENTS = Symbol('sw.statements')
/** Prepared statements kept per connection: more than the distinct queries the plugins write. */
const MAX_STATEMENTS = 500

/** The connection's prepared statement for `sql`, prepared on first use and kept (LRU). */
export function cachedStatement(connection: Connection, sql: string): Statement {
  let statements = connection[STATEMENTS]
  if (!statements) connection[STATEMENTS] = statements = new Map()
  let statement = statements.get(sql)
  if (statement) {
    // Map order is the least recently used first.
    statements.delete(sql)
  } else {
    statement = connection.prepare(sql)
    if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value!)
  }
  statements.set(sql, statement)
  return statement
}

const parent = BetterSqlite3Client.prototype as unknown as BindingFormatter

/**
 * knex's better-sqlite3 client, keeping each connection's prepared statements by their SQL. knex
 * prepares every query anew, which costs as much as running a small one (a tenth of an import of
 * new records went to preparing the same insert again). A statement is run to its end at once
 * (`all` or `run`), so reusing it is safe; SQLite prepares it again by itself after a schema change.
 * A query asking for `safeIntegers` (none of ours) takes the uncached path, since that mode sticks
 * to a statement.
 */
export class StatementCacheSqliteClient extends BetterSqlite3Client {
  async _query(connection: Connection, obj: QueryObject): Promise<QueryObject> {
    if (!obj.sql || obj.options?.safeIntegers !== undefined)
      return parent._query.call(this, connection, obj)
    const statement = cachedStatement(connection, obj.sql)
    const bindings = parent._formatBindings.call(this, obj.bindings)
    if (statement.reader) {
      obj.response = statement.all(bindings)
      return obj
    }
    const response = statement.run(bindings)
    obj.response = response
    obj.context = { lastID: response.lastInsertRowid, changes: response.changes }
    return obj
  }
}
