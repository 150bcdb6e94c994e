import { useEffect } from 'react'
import type { CheckoutAnswer } from '../../lib/commerce.js'
import { useCartAnswer, type AnswerState } from '../cart/cart-answer.js'

export type CheckoutState = AnswerState<'review', CheckoutAnswer>

/** The count the header's icon shows for a review: its cart's. */
const countOf = (review: CheckoutAnswer) => review.cart.count

/**
 * The checkout's review (`GET /query/checkout/get`: the cart priced for the customer, their
 * addresses, saved cards and terms), read when `active` (signed in), and set again by the calls
 * that answer it (shipping address, shipping method). Reading it merges a cart filled before
 * signing in, so the header's count is told again.
 */
export function useCheckout(active: boolean) {
  const { state, show, load } = useCartAnswer('review', '/checkout/get', countOf)
  useEffect(() => {
    if (active) void load()
  }, [active, load])
  return { state, show, load }
}
