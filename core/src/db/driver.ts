import { createRequire } from 'node:module'
import { KernelError } from '../kernel/kernel-error.js'
import type { DatabaseDialect } from './create-database.js'

/** The npm package knex loads for each engine; a project installs the one(s) it uses. */
export const DATABASE_DRIVERS: Readonly<Record<DatabaseDialect, string>> = {
  sqlite: 'better-sqlite3',
  mysql: 'mysql2',
}

/**
 * Checks that the engine's driver is installed before knex is asked for it: the drivers are
 * optional peer dependencies of core (a MariaDB site need not compile SQLite, nor an embedded
 * one carry mysql2), so a missing one is named with the command that installs it, instead of
 * knex's own error on the first query.
 */
export function requireDriver(
  dialect: DatabaseDialect,
  resolve: (name: string) => string = createRequire(import.meta.url).resolve,
): void {
  const driver = DATABASE_DRIVERS[dialect]
  try {
    resolve(driver)
  } catch {
    throw new KernelError(
      'SW_DATABASE_DRIVER_MISSING',
      `DATABASE_URL names ${dialect === 'sqlite' ? 'SQLite' : 'MySQL/MariaDB'}, whose driver ${driver} is not installed: run npm install ${driver}`,
    )
  }
}
