/** Browser-safe parts of the sessions plugin: answers and error codes. */
export * from './errors.js'
export * from './types.js'
export * from './phrases.js'
