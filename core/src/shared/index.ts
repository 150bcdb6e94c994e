/** Browser-safe code shared by the server, the admin UI and the storefront. */
export * from './errors/index.js'
export * from './ids.js'
export * from './cache-durations.js'
export * from './records.js'
export * from './access.js'
export * from './validation.js'
export * from './record-model.js'
