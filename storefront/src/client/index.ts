export { hydrateStorefront } from './hydrate.js'
