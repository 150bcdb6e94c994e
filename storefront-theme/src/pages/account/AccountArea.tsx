import type { ComponentType } from 'react'
import type { PageProps } from '@shopwright/storefront/shared'
import { useNavigation, useSession } from '@shopwright/storefront/react'
import { Login } from '../Login.js'
import { AccountFrame } from './AccountFrame.js'
import { AccountGate, type AccountList } from './AccountGate.js'
import { ProfileProvider } from './profile.js'

/**
 * Wraps an account screen: signed-in visitors get the account menu and the screen once their
 * profile loads; anyone else gets the login, which comes back here. A list's screen names its
 * list, whose title a failure to load it shows (AccountGate).
 */
export function accountScreen(
  Screen: ComponentType<PageProps>,
  list?: AccountList,
): ComponentType<PageProps> {
  function AccountScreen(props: PageProps) {
    const { account } = useSession()
    const { href } = useNavigation()
    // Not signed in: the login, which brings the visitor back to this address.
    if (!account) return <Login {...props} props={{ ...props.props, next: href }} />
    return (
      <ProfileProvider>
        <AccountFrame>
          <AccountGate list={list}>
            <Screen {...props} />
          </AccountGate>
        </AccountFrame>
      </ProfileProvider>
    )
  }
  return AccountScreen
}
