import { useCallback, useEffect, useState } from 'react'
import { useSession } from '@shopwright/storefront/react'
import { announceCart } from '../../components/CartLink.js'
import type { CheckoutAnswer } from '../../lib/commerce.js'

export type CheckoutState =
  | { status: 'loading' }
  | { status: 'loaded'; review: CheckoutAnswer }
  | { status: 'error'; error: unknown }

/**
 * The checkout's review (`GET /query/checkout/get`: the cart priced for the customer, their
 * addresses, saved cards and terms), read when `active` (signed in), and set again by the calls
 * that answer it (shipping address, shipping method). Reading it merges a cart filled before
 * signing in, so the header's count is told again.
 */
export function useCheckout(active: boolean) {
  const { client } = useSession()
  const [state, setState] = useState<CheckoutState>({ status: 'loading' })
  const show = useCallback((review: CheckoutAnswer) => {
    setState({ status: 'loaded', review })
    announceCart(review.cart.count)
  }, [])
  const load = useCallback(
    () =>
      client
        .get<CheckoutAnswer>('/checkout/get')
        .then(show, (error: unknown) => setState({ status: 'error', error })),
    [client, show],
  )
  useEffect(() => {
    if (active) void load()
  }, [active, load])
  return { state, show, load }
}
