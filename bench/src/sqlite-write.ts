import Database from 'better-sqlite3'

/**
 * Opens a kernel's SQLite file in WAL mode (the kernel's own, so it may keep running), runs
 * `write` on it and closes it again, however `write` ends; answers what `write` answered.
 */
export function writeSqlite<T>(file: string, write: (db: Database.Database) => T): T {
  const db = new Database(file)
  try {
    db.pragma('journal_mode = WAL')
    return write(db)
  } finally {
    db.close()
  }
}
