export * from './catalogue.js'
export * from './status.js'
export * from './define-errors.js'
