/**
 * Reading a Galera node's `shopwright` database behind the site's back, causally: a connection that
 * waits until its node has applied every commit the cluster made (`wsrep_sync_wait`) before it
 * reads.
 */
import mysql from 'mysql2/promise'
import type { Cluster } from './harness/index.js'

/** A connection to one Galera node's `shopwright` database that reads what the cluster committed. */
export async function causalConnection(cluster: Cluster, index: number): Promise<mysql.Connection> {
  const connection = await mysql.createConnection(cluster.galera[index]!.url)
  try {
    await connection.query('SET SESSION wsrep_sync_wait = 1')
  } catch (error) {
    await connection.end().catch(() => undefined)
    throw error
  }
  return connection
}

/**
 * Waits until every Galera node has applied what the cluster committed so far (a causal read): a
 * row written behind the site's back on one node is then what the app node of every other Galera
 * node reads too.
 */
export async function settleGalera(cluster: Cluster): Promise<void> {
  for (const index of cluster.galera.map((node) => node.index)) {
    const connection = await causalConnection(cluster, index)
    try {
      await connection.query('SELECT 1')
    } finally {
      await connection.end()
    }
  }
}

/** Rows of a query on a connection. */
export async function rows<T>(
  db: mysql.Connection,
  sql: string,
  values: unknown[] = [],
): Promise<T[]> {
  const [result] = await db.query(sql, values)
  return result as T[]
}

/** Rows of a query on one Galera node, read causally (after every commit the cluster made). */
export async function rowsOn<T>(
  cluster: Cluster,
  index: number,
  sql: string,
  values: unknown[] = [],
): Promise<T[]> {
  const connection = await causalConnection(cluster, index)
  try {
    return await rows<T>(connection, sql, values)
  } finally {
    await connection.end().catch(() => undefined)
  }
}

/** A JSON column as mysql2 gives it (a string on MariaDB, where JSON is LONGTEXT). */
export function jsonOf<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T
}
