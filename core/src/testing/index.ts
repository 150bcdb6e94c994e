/**
 * Helpers for tests of the kernel and of plugins: configurations on throw-away databases, the
 * databases under test (SQLite always, MariaDB when `npm test` found it), and in-process requests.
 */
export * from './test-config.js'
export * from './test-databases.js'
export * from './inject.js'
export * from './spec-security.js'
