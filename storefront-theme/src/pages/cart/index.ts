/** The cart's chunk. */
export { Cart } from './Cart.js'
