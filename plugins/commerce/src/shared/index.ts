/** Browser-safe parts of the commerce plugin: answers, prices, error codes. */
export * from './errors.js'
export * from './types.js'
export * from './prices.js'
export * from './answers.js'
export * from './listing.js'
export * from './phrases.js'
