// Helpers for the tests of the admin's screens and field editors, the kit's and the plugins' alike
// (export ./testing; never imported by the app, so testing-library stays out of its bundles).
export { useHeldValue } from './held-value.js'
export { Address, renderAt } from './render-at.js'
