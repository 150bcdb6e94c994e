/**
 * True when a write failed on a primary key or unique index, on MySQL/MariaDB or SQLite. Other
 * constraint failures (NOT NULL, CHECK, foreign keys) are not duplicates and stay errors.
 */
export function isDuplicateKey(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code
  return (
    code === 'ER_DUP_ENTRY' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE'
  )
}
