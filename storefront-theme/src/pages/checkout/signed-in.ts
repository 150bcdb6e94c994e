import { useEffect } from 'react'
import { useNavigation, useSession } from '@shopwright/storefront/react'

/**
 * Checkout is for signed-in customers: anyone else is sent to the login, which brings them back
 * here (and the cart they filled is merged into their account's on the next cart call).
 */
export function useSignedIn(): boolean {
  const { account } = useSession()
  const { href, navigate } = useNavigation()
  useEffect(() => {
    if (!account) navigate(`/login?next=${encodeURIComponent(href)}`, { replace: true })
  }, [account, href, navigate])
  return account !== null
}
