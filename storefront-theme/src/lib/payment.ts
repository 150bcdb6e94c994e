/** The payment methods a card can be (a list until a payment plugin brings its own). */
export const PAYMENT_METHODS = ['Visa', 'Mastercard', 'American Express', 'Discover'] as const
