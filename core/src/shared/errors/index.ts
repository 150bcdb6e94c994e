export * from './catalogue.js'
export * from './status.js'
