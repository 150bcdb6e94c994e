import type { Knex } from 'knex'
import { ENTRIES_TABLE } from './migrations.js'

/** One blob a backup carries: its key, its size, and the hex SHA-256 the drive recorded for it. */
export interface BackupBlob {
  key: string
  size: number
  /** Null for a row written before the drive kept hashes. */
  sha256: string | null
}

/**
 * The blobs the drive's rows name, as the transaction `db` sees them: every file, live or in the
 * bin, once per key. `shopwright backup` reads it inside the snapshot its tables are read in, so
 * the archive holds exactly the bytes its rows name (docs/operations.md, "Backups"). One grouped
 * query: `blob` has no index, so pages of it would each scan the table again, and the backup
 * keeps the whole list anyway (about 150 bytes a file). Resized images are left out: the drive
 * makes them again from the originals on first request.
 */
export async function snapshotBlobs(db: Knex | Knex.Transaction): Promise<BackupBlob[]> {
  const rows = (await db(ENTRIES_TABLE)
    .select('blob')
    .max({ size: 'size', hash: 'hash' })
    .whereNotNull('blob')
    .groupBy('blob')
    .orderBy('blob')) as Array<{ blob: string; size: number | string; hash: string | null }>
  return rows.map((row) => ({ key: row.blob, size: Number(row.size), sha256: row.hash ?? null }))
}
