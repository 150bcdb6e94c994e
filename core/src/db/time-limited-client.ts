import knex, { type Knex } from 'knex'
import Mysql2Client from 'knex/lib/dialects/mysql2/index.js'

/** The parts of a mysql2 connection the time limit touches. */
interface Mysql2Connection {
  __knex__disposed?: unknown
  destroy(): void
  stream?: { destroy(): void }
}

/** What knex hands its dialect's `_query`: the compiled SQL, with the driver's options. */
type QueryObject = string | { sql?: string; options?: Record<string, unknown> }

/** The dialect method that runs one query (not in knex's types). */
interface QueryRunner {
  _query(connection: Mysql2Connection, obj: QueryObject): Promise<unknown>
}

/** Marks the subclasses this file makes, so migrations can tell a limited pool apart. */
const LIMIT = Symbol('sw.queryTimeout')

/**
 * knex's mysql2 client whose every query has mysql2's client-side `timeout` (unless the query sets
 * its own through `.options({ timeout })`): a frozen server then fails the query with
 * PROTOCOL_SEQUENCE_TIMEOUT instead of hanging the request. mysql2 leaves the timed-out command at
 * the head of the connection's queue (a later reply would still be read for it), so the connection
 * is closed and marked disposed here: knex's pool then destroys it rather than hand it out again.
 */
export function timeLimitedMysqlClient(timeout: number): typeof Knex.Client {
  const runQuery = (Mysql2Client.prototype as unknown as QueryRunner)._query
  return class TimeLimitedMysql2Client extends Mysql2Client {
    static readonly [LIMIT] = timeout

    async _query(connection: Mysql2Connection, obj: QueryObject): Promise<unknown> {
      if (timeout > 0 && typeof obj === 'object' && obj.options?.timeout === undefined)
        obj.options = { ...obj.options, timeout }
      try {
        return await runQuery.call(this, connection, obj)
      } catch (error) {
        if ((error as { code?: unknown }).code === 'PROTOCOL_SEQUENCE_TIMEOUT') {
          connection.__knex__disposed = error
          connection.destroy()
          // destroy() only half-closes the socket; a frozen server would keep it open until it wakes.
          connection.stream?.destroy()
        }
        throw error
      }
    }
  }
}

/**
 * The pool to migrate with: `db` itself, or for a time-limited MySQL pool a second, small one on
 * the same server without the query limit (a migration may rebuild a large table, and the
 * migration lock waits up to two minutes). The caller destroys it when it is not `db`.
 */
export function unlimitedDatabase(db: Knex): Knex {
  const client: unknown = db.client.config.client
  if (typeof client !== 'function' || !(client as { [LIMIT]?: number })[LIMIT]) return db
  return knex({
    ...db.client.config,
    client: timeLimitedMysqlClient(0),
    acquireConnectionTimeout: 60_000,
    pool: { min: 0, max: 4 },
  })
}
