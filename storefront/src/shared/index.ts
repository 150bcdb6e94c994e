export * from './route-match.js'
export * from './page.js'
export type * from './contract.js'
export * from './translation.js'
