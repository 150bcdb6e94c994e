export * from './errors.js'
export * from './types.js'
