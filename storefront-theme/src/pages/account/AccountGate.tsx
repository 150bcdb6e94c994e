import type { ReactNode } from 'react'
import { useT } from '@shopwright/storefront/react'
import { useProfile } from './profile.js'

/** The screen once the account's profile has loaded. */
export function AccountGate({ children }: { children: ReactNode }) {
  const { state } = useProfile()
  const t = useT()
  if (state.status === 'loading') return <p className="sw-muted">{t('Loading...')}</p>
  // A profile that cannot be read shows access denied, never an empty account screen.
  if (state.status === 'error')
    return (
      <section role="alert">
        <h1>{t('ERROR_ACCESS_DENIED')}</h1>
      </section>
    )
  return <>{children}</>
}
