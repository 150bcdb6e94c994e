export * from './errors.js'
export * from './types.js'
export * from './phrases.js'
export * from './month.js'
