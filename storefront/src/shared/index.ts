export * from './route-match.js'
export * from './page.js'
export type * from './contract.js'
