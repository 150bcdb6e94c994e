export * from './route-match.js'
