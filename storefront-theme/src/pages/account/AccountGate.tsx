import type { ReactNode } from 'react'
import { useT } from '@shopwright/storefront/react'
import { useProfile } from './profile.js'
import { AccountProblem } from './AccountProblem.js'

/** The account lists whose screens have a title of their own when they cannot load. */
export type AccountList = 'addressbook' | 'creditcards'

/**
 * Whether a failure is about who is asking (signed out, no right) rather than the data: the
 * client's QueryError carries the answer's status (read by shape, so a second copy of the client
 * in a bundle still counts).
 */
function refused(error: unknown): boolean {
  const status = typeof error === 'object' && error !== null ? Reflect.get(error, 'status') : 0
  return status === 401 || status === 403
}

/**
 * The screen once the account's profile has loaded. A profile that cannot be read shows access
 * denied, never an empty account screen; on a list's screen (the address book, the cards) a
 * failure that is not a refusal (the server or the network) is that list's failure, titled
 * ERROR_ADDRESSBOOK_NOT_AVAILABLE or ERROR_CREDITCARDS_NOT_AVAILABLE.
 */
export function AccountGate({ list, children }: { list?: AccountList; children: ReactNode }) {
  const { state } = useProfile()
  const t = useT()
  if (state.status === 'loading') return <p className="sw-muted">{t('Loading...')}</p>
  if (state.status === 'error') {
    if (list === undefined || refused(state.error))
      return <AccountProblem title={t('ERROR_ACCESS_DENIED')} />
    return <ListProblem list={list} />
  }
  return <>{children}</>
}

/** A list's failure title, as its screen shows it. */
export function ListProblem({ list }: { list: AccountList }) {
  const t = useT()
  return (
    <AccountProblem
      title={
        list === 'addressbook'
          ? t('ERROR_ADDRESSBOOK_NOT_AVAILABLE')
          : t('ERROR_CREDITCARDS_NOT_AVAILABLE')
      }
    />
  )
}
