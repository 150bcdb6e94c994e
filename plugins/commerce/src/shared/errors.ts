import { defineErrors } from '@shopwright/core/shared'

/**
 * The commerce plugin's error codes, merged into the catalogue at boot. The not-available codes are
 * the storefront's view titles when a load fails and the calls' answers for what does not exist or
 * is not the caller's: a customer asking for another's order is told it is not available (404),
 * never that it exists (403). Browser-safe.
 */
export const COMMERCE_ERRORS = defineErrors({
  ERROR_CARTLINE_NOT_AVAILABLE: { message: 'This item cannot be purchased.', status: 409 },
  ERROR_CARTLINE_NOT_FOUND: { message: 'The cart line could not be found.', status: 404 },
  ERROR_CART_NOT_AVAILABLE: { message: 'Unable to View Cart.', status: 404 },
  ERROR_CATEGORY_NOT_AVAILABLE: { message: 'Unable to View Category.', status: 404 },
  ERROR_INVOICE_NOT_AVAILABLE: { message: 'Unable to View Invoice.', status: 404 },
  ERROR_INVOICES_NOT_AVAILABLE: { message: 'Unable to View Invoices.', status: 404 },
  ERROR_ITEM_NOT_AVAILABLE: { message: 'Unable to View Item.', status: 404 },
  ERROR_ITEMS_NOT_AVAILABLE: { message: 'Unable to View Items.', status: 404 },
  ERROR_ORDER_NOT_AVAILABLE: { message: 'Unable to View Order.', status: 404 },
  ERROR_ORDERS_NOT_AVAILABLE: { message: 'Unable to View Orders.', status: 404 },
  ERROR_CART_EMPTY: { message: 'The cart is empty.', status: 409 },
  ERROR_CART_FULL: { message: 'The cart cannot hold more lines.', status: 409 },
  ERROR_SHIPMETHOD_NOT_USABLE: {
    message: 'This shipping method cannot be used for this order.',
    status: 409,
  },
  ERROR_PAYMENT_DECLINED: { message: 'The payment was declined.', status: 402 },
  ERROR_CREDIT_LIMIT_EXCEEDED: {
    message: 'The order would take the account over its credit limit.',
    status: 402,
  },
  ERROR_CREDIT_CURRENCY: {
    message:
      "The account's credit limit is in another currency, and the shop has no exchange rate to count this order against it: pay by card, or order in the limit's currency.",
    status: 402,
  },
  ERROR_CHECKOUT_IN_PROGRESS: { message: 'This order is already being placed.', status: 409 },
  ERROR_CARD_CVC_INVALID: {
    message:
      'Enter the security code on the card: 4 digits on the front of an American Express card, 3 on the back of others.',
    status: 400,
  },
  ERROR_CHECKOUT_TOTAL_CHANGED: {
    message: 'The total changed since you reviewed your order: check it and place it again.',
    status: 409,
  },
  ERROR_GUEST_CHECKOUT_DETAILS: {
    message: 'Enter your e-mail and shipping address to check out as a guest.',
    status: 409,
  },
  ERROR_ITEM_IN_STOCK: {
    message: 'This item is in stock: you can buy it now.',
    status: 409,
  },
  ERROR_ORDER_CANCELLED: { message: 'This order is cancelled.', status: 409 },
  ERROR_ORDER_FULFILLED: {
    message: 'Every unit of this order has been fulfilled.',
    status: 409,
  },
  ERROR_ORDER_SHIPPED: {
    message: 'Part of this order has been shipped, so it cannot be cancelled: refund it instead.',
    status: 409,
  },
  ERROR_ORDER_NOT_CAPTURED: {
    message: 'No card payment was taken for this order, so there is nothing to refund.',
    status: 409,
  },
  ERROR_REFUND_TOO_LARGE: {
    message: 'This is more than is left to refund on this order.',
    status: 409,
  },
  ERROR_ORDER_EMAIL_NOT_KEPT: {
    message: 'This order has no e-mail address to send to.',
    status: 409,
  },
  ERROR_IDEMPOTENCY_KEY_REUSED: {
    message: 'This order key was already used for another cart.',
    status: 422,
  },
})
