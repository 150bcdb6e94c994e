import { useState } from 'react'
import type { PageProps } from '@shopwright/storefront/shared'
import { useNavigation, useSession, useT } from '@shopwright/storefront/react'
import { mdiPlus } from '@mdi/js'
import { AddressLines } from '../../components/AddressLines.js'
import { errorMessage, useAlert } from '../../components/Alert.js'
import { ErrorView } from '../../components/ErrorView.js'
import { Icon } from '../../components/Icon.js'
import { PageLoading } from '../../components/PageLoading.js'
import type { CheckoutAnswer } from '../../lib/commerce.js'
import { useCheckout } from './checkout-state.js'
import { useSignedIn } from './signed-in.js'

/**
 * `/checkout/shipping`: the address book to ship to. Choosing one sets the cart's shipping
 * address and goes back to the checkout; each address can be edited, and a new one added.
 */
export function CheckoutShipping(_props: PageProps) {
  const t = useT()
  const alert = useAlert()
  const { client } = useSession()
  const { navigate } = useNavigation()
  const signedIn = useSignedIn()
  const { state } = useCheckout(signedIn)
  const [busy, setBusy] = useState(false)
  if (state.status === 'error')
    return (
      <ErrorView title={t('ERROR_ADDRESSBOOK_NOT_AVAILABLE')}>
        <p>{errorMessage(state.error, t)}</p>
      </ErrorView>
    )
  const choose = async (address: string) => {
    setBusy(true)
    try {
      await client.post<CheckoutAnswer>('/checkout/shipping', { address })
      navigate('/checkout')
    } catch (failure) {
      setBusy(false)
      await alert(t('Unable to Select'), failure)
    }
  }
  return (
    <section className="sw-checkout-shipping">
      <nav className="sw-breadcrumbs" aria-label={t('Breadcrumbs')}>
        <a href="/checkout">{t('Checkout')}</a>
      </nav>
      <h1>{t('Shipping Address')}</h1>
      {!signedIn || state.status === 'loading' ? (
        <PageLoading />
      ) : (
        <>
          {state.review.addresses.length === 0 ? <p>{t('You have no saved addresses.')}</p> : null}
          <ul className="sw-cards sw-address-choices">
            {state.review.addresses.map((address) => {
              const chosen = state.review.cart.shipaddress?.id === address.id
              return (
                <li
                  key={address.id}
                  className={chosen ? 'sw-card sw-card-chosen' : 'sw-card'}
                  data-testid="ship-address"
                >
                  <AddressLines address={address} />
                  <div className="sw-card-actions">
                    <button
                      type="button"
                      className={chosen ? 'sw-button' : 'sw-button sw-button-primary'}
                      onClick={() => void choose(address.id)}
                      disabled={busy}
                      aria-pressed={chosen}
                      data-testid="ship-here"
                    >
                      {chosen ? t('Shipping here') : t('Ship here')}
                    </button>
                    <a
                      href={`/checkout/shipping/${encodeURIComponent(address.id)}`}
                      data-testid="edit-address"
                    >
                      {t('Edit')}
                    </a>
                  </div>
                </li>
              )
            })}
          </ul>
          <p>
            <a className="sw-button" href="/checkout/shipping/new" data-testid="new-ship-address">
              <Icon path={mdiPlus} size={18} />
              {t('New Address')}
            </a>
          </p>
        </>
      )}
    </section>
  )
}
