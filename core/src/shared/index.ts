/**
 * Browser-safe code shared by the server, the admin UI and the storefront: the error catalogue, ids,
 * the record shapes the kernel reads and access rules. The `/query` client, the record model, input
 * rules, translation and formatting are `@shopwright/client`'s.
 */
export * from './errors/index.js'
export * from './ids.js'
export * from './cache-durations.js'
export * from './records.js'
export * from './access.js'
export * from './calendar.js'
