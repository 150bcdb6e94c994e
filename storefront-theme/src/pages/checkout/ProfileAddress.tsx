import { useNavigation, useSession, useT } from '@shopwright/storefront/react'
import { useAlert } from '../../components/Alert.js'
import { ErrorView } from '../../components/ErrorView.js'
import { PageLoading } from '../../components/PageLoading.js'
import type { CheckoutAnswer } from '../../lib/commerce.js'
import { AddressEditor } from '../account/AddressEditor.js'
import { useProfile } from '../account/profile.js'

/**
 * The address editor once the profile has loaded; access denied when it cannot be read. The
 * address saved is the one to ship to: the cart takes it and the shopper is back at the review
 * (a failure to take it shows why, on the choice of addresses).
 */
export function ProfileAddress({ id }: { id: string }) {
  const { state } = useProfile()
  const { client } = useSession()
  const { navigate } = useNavigation()
  const alert = useAlert()
  const t = useT()
  if (state.status === 'loading') return <PageLoading />
  if (state.status === 'error') return <ErrorView title={t('ERROR_ACCESS_DENIED')} />
  const shipHere = async (address: string) => {
    try {
      await client.post<CheckoutAnswer>('/checkout/shipping', { address })
      navigate('/checkout')
    } catch (failure) {
      navigate('/checkout/shipping')
      await alert(t('Unable to Select'), failure)
    }
  }
  return <AddressEditor id={id} back="/checkout/shipping" saved={shipHere} />
}
