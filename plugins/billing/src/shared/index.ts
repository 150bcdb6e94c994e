/** Browser-safe parts of the billing plugin: answers, months, error codes, phrases. */
export * from './errors.js'
export * from './types.js'
export * from './phrases.js'
