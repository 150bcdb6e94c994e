/** The checkout's chunk: the page, and the choice and editing of the shipping address. */
export { Checkout } from './Checkout.js'
export { CheckoutShipping } from './CheckoutShipping.js'
export { CheckoutShippingAddress } from './CheckoutShippingAddress.js'
