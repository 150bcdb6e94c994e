import type { ReactNode } from 'react'
import { useT } from '@shopwright/storefront/react'
import { useProfile } from './profile.js'
import { AccountProblem } from './AccountProblem.js'

/** The screen once the account's profile has loaded. */
export function AccountGate({ children }: { children: ReactNode }) {
  const { state } = useProfile()
  const t = useT()
  if (state.status === 'loading') return <p className="sw-muted">{t('Loading...')}</p>
  // A profile that cannot be read shows access denied, never an empty account screen.
  if (state.status === 'error') return <AccountProblem title={t('ERROR_ACCESS_DENIED')} />
  return <>{children}</>
}
