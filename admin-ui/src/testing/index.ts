// Helpers for the tests of the admin's screens and field editors, the kit's and the plugins' alike
// (export ./testing). The app never imports them, so @testing-library/react (a dev dependency here,
// as in every package whose tests use this entry) stays out of its bundles.
export { useHeldValue } from './held-value.js'
export { Address, renderAt } from './render-at.js'
