/**
 * Helpers for tests of the kernel and of plugins: configurations on throw-away databases, the
 * databases under test (SQLite always, MariaDB when `npm test` found it), in-process requests, and
 * private MariaDB and Redis processes with a TCP proxy for fault tests, and `describePlugin`, which
 * runs a plugin's suite on each engine, on one node or two.
 */
export * from './test-config.js'
export * from './test-databases.js'
export * from './inject.js'
export * from './describe-plugin.js'
export * from './spec-security.js'
export * from './private-services.js'
export * from './tcp-proxy.js'
