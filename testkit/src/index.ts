/**
 * This repository's own test tools, read as TypeScript by vitest (never built, never published):
 * private MariaDB and Redis processes and a TCP proxy for the fault tests (core/test/faults and the
 * plugins' outage tests), and the specification's security table, written out by hand so that the
 * seeds, the access service and the permission matrices are checked against it rather than
 * against themselves. A plugin's own test kit is `@shopwright/core/testing`.
 */
export * from './private-services.js'
export * from './tcp-proxy.js'
export * from './spec-security.js'
