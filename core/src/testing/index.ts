/**
 * Helpers for tests of the kernel and of plugins: configurations on throw-away databases, the
 * databases under test (SQLite always, MariaDB when `npm test` found it), in-process requests,
 * boots for tests of settings, and `describePlugin`, which runs a plugin's suite on each engine, on
 * one node or two. The fault tests' private MariaDB and Redis processes and the spec's security
 * table are `@shopwright/testkit`'s.
 */
export * from './test-config.js'
export * from './test-databases.js'
export * from './inject.js'
export * from './describe-plugin.js'
export * from './boot-with.js'
