import type { Knex } from 'knex'

/**
 * The bytes the site's database takes: on SQLite the file's pages (the write-ahead log aside), on
 * MySQL/MariaDB the data and indexes of the current database's tables, as the server estimates them.
 */
export async function databaseSize(db: Knex): Promise<number> {
  if ((db.client as { dialect?: string }).dialect === 'mysql') {
    const [rows] = (await db.raw(
      'SELECT COALESCE(SUM(data_length + index_length), 0) AS size FROM information_schema.tables WHERE table_schema = DATABASE()',
    )) as [Array<{ size: unknown }>]
    return Number(rows[0]?.size ?? 0)
  }
  const [pages] = (await db.raw('PRAGMA page_count')) as Array<{ page_count: number }>
  const [size] = (await db.raw('PRAGMA page_size')) as Array<{ page_size: number }>
  return Number(pages?.page_count ?? 0) * Number(size?.page_size ?? 0)
}
