export * from './schema.js'
export * from './config-error.js'
export * from './load-config.js'
