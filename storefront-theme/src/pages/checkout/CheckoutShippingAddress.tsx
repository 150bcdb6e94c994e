import type { PageProps } from '@shopwright/storefront/shared'
import { PageLoading } from '../../components/PageLoading.js'
import { ProfileProvider } from '../account/profile.js'
import { ProfileAddress } from './ProfileAddress.js'
import { useSignedIn } from './signed-in.js'

/**
 * `/checkout/shipping/:id` (`new` for a new one): the account's address editor; saved, the cart
 * ships there.
 */
export function CheckoutShippingAddress({ params }: PageProps) {
  const signedIn = useSignedIn()
  if (!signedIn) return <PageLoading />
  return (
    <ProfileProvider>
      <ProfileAddress id={params.id ?? 'new'} />
    </ProfileProvider>
  )
}
