import type { PageProps } from '@shopwright/storefront/shared'
import { useSession } from '@shopwright/storefront/react'
import { useProfile } from './profile.js'

/** `/account/manage`: who the account is, and changing its password through the reset screen. */
export function Manage(_props: PageProps) {
  const { account } = useSession()
  const { state } = useProfile()
  if (!account || state.status !== 'loaded') return null
  const { profile } = state
  return (
    <section>
      <h1>Manage Account</h1>
      <dl className="sw-details">
        <dt>Name</dt>
        <dd>{[profile.firstname, profile.lastname].filter(Boolean).join(' ') || account.name}</dd>
        <dt>Email</dt>
        <dd>{profile.email}</dd>
      </dl>
      <p>
        <a href={`/reset/${account.type}/${account.id}`}>Change Password</a>
      </p>
    </section>
  )
}
