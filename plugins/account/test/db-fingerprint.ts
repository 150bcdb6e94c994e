import crypto from 'node:crypto'
import type { Knex } from 'knex'

/**
 * Tables a refused call may still touch: a signed-in request moves its session's idle expiry
 * forward (at most once a minute), every request is counted in the site's meters (flushed every
 * 10 s, so a flush may land between two fingerprints), and knex keeps its own bookkeeping.
 */
const MOVING = new Set(['account_sessions', 'sw_meters', 'sw_migrations', 'sw_migrations_lock'])

/** Every table of the database the kernel uses, but those in MOVING. */
async function tables(db: Knex): Promise<string[]> {
  if (db.client.dialect === 'mysql') {
    const [rows] = (await db.raw(
      'SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()',
    )) as [Array<{ name: string }>]
    return rows.map((row) => row.name).filter((name) => !MOVING.has(name))
  }
  const rows = (await db.raw(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
  )) as Array<{ name: string }>
  return rows.map((row) => row.name).filter((name) => !MOVING.has(name))
}

/**
 * A SHA-256 of every row of every table, in a stable order: two equal fingerprints mean a refused
 * call changed nothing, byte for byte (the security issue's rule for every refusal).
 */
export async function fingerprint(db: Knex): Promise<string> {
  const hash = crypto.createHash('sha256')
  for (const table of (await tables(db)).sort()) {
    const rows = ((await db(table).select('*')) as unknown[]).map((row) => JSON.stringify(row))
    hash.update(`${table}\n${rows.sort().join('\n')}\n`)
  }
  return hash.digest('hex')
}
