import type { Knex } from 'knex'
import { ENTRIES_TABLE } from './migrations.js'

/** One blob a backup carries: its key, its size, and the hex SHA-256 the drive recorded for it. */
export interface BackupBlob {
  key: string
  size: number
  /** Null for a row written before the drive kept hashes. */
  sha256: string | null
}

/** Keys read per query: the listing stays a page in memory however many files the drive has. */
const PAGE = 1000

/**
 * The blobs the drive's rows name, as the transaction `db` sees them: every file, live or in the
 * bin, once per key, in key order. `shopwright backup` reads it inside the snapshot its tables are
 * read in, so the archive holds exactly the bytes its rows name (docs/operations.md, "Backups").
 * Resized images are left out: the drive makes them again from the originals on first request.
 */
export async function* snapshotBlobs(db: Knex | Knex.Transaction): AsyncGenerator<BackupBlob> {
  let after = ''
  for (;;) {
    const rows = (await db(ENTRIES_TABLE)
      .select('blob')
      .max({ size: 'size', hash: 'hash' })
      .whereNotNull('blob')
      .where('blob', '>', after)
      .groupBy('blob')
      .orderBy('blob')
      .limit(PAGE)) as Array<{ blob: string; size: number | string; hash: string | null }>
    for (const row of rows)
      yield { key: row.blob, size: Number(row.size), sha256: row.hash ?? null }
    if (rows.length < PAGE) return
    after = rows[rows.length - 1]!.blob
  }
}
