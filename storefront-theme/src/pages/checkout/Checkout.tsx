import { useEffect, useState } from 'react'
import type { PageProps } from '@shopwright/storefront/shared'
import { useSession, useT } from '@shopwright/storefront/react'
import { errorMessage } from '../../components/Alert.js'
import { ErrorView } from '../../components/ErrorView.js'
import { prefetchCountries } from '../../components/countries.js'
import { PageLoading } from '../../components/PageLoading.js'
import type { PlacedOrder } from '../../lib/commerce.js'
import { CartSummary } from '../cart/CartSummary.js'
import { useCheckout } from './checkout-state.js'
import { CheckoutForm } from './CheckoutForm.js'
import { GuestDetails } from './GuestDetails.js'
import { Placed } from './Placed.js'

/**
 * `/checkout`: one page for customers and guests. A signed-in customer chooses the shipping
 * address (on /checkout/shipping), the method and the payment (a saved card, a new card, or the
 * account's terms); a visitor gives an e-mail and an address first (or signs in), then the method
 * and a card. The place call carries the reviewed total, so a changed price is shown, never
 * charged. Then the confirmation: the order's number, and the account's pages or the order's
 * link. A retry of an attempt whose outcome is unknown sends the same idempotency key, so it
 * never orders twice.
 */
export function Checkout(_props: PageProps) {
  const t = useT()
  const { account, client } = useSession()
  const { state, show, load } = useCheckout(true)
  // A visitor's form needs the countries: asked beside the review, not after it.
  useEffect(() => {
    if (account === null) prefetchCountries(client)
  }, [account, client])
  const [placed, setPlaced] = useState<PlacedOrder | null>(null)
  // A guest edits their e-mail and address first, and again after Change.
  const [editingGuest, setEditingGuest] = useState(false)
  if (placed) return <Placed placed={placed} guest={account === null} />
  if (state.status === 'error')
    return (
      <ErrorView title={t('ERROR_CART_NOT_AVAILABLE')}>
        <p>{errorMessage(state.error, t)}</p>
      </ErrorView>
    )
  return (
    <section className="sw-checkout" data-testid="checkout">
      <h1>{t('Checkout')}</h1>
      {account === null ? (
        // Offered to every visitor alike, before anything loads: it tells nobody which e-mails
        // have accounts, and a guest order is never merged into one unasked.
        <p className="sw-guest-choices">
          {t('Have an account?')}{' '}
          <a href="/login?next=%2Fcheckout" data-testid="checkout-login">
            {t('Sign in')}
          </a>
          {' · '}
          <a href="/register" data-testid="checkout-register">
            {t('Create an account')}
          </a>
        </p>
      ) : null}
      {state.status === 'loading' ? (
        <PageLoading />
      ) : state.review.cart.lines.length === 0 ? (
        <div className="sw-empty-state" data-testid="checkout-empty">
          <p>{t('Your cart is empty.')}</p>
          <a className="sw-button sw-button-primary" href="/">
            {t('Start shopping')}
          </a>
        </div>
      ) : account === null && (state.review.guest === null || editingGuest) ? (
        <div className="sw-checkout-layout">
          <section className="sw-panel sw-step" aria-labelledby="sw-step-guest">
            <h2 id="sw-step-guest">
              <span className="sw-step-number" aria-hidden="true">
                1
              </span>
              {t('Contact and shipping address')}
            </h2>
            <GuestDetails
              review={state.review}
              onReview={(review) => {
                show(review)
                setEditingGuest(false)
              }}
            />
          </section>
          <aside className="sw-panel sw-review" aria-labelledby="sw-review-title">
            <h2 id="sw-review-title">{t('Review your order')}</h2>
            <CartSummary cart={state.review.cart} />
          </aside>
        </div>
      ) : (
        <CheckoutForm
          review={state.review}
          onReview={show}
          onPlaced={setPlaced}
          reload={load}
          onChangeGuest={() => setEditingGuest(true)}
        />
      )}
    </section>
  )
}
