import type { PageProps } from '@shopwright/storefront/shared'
import { useSession, useT } from '@shopwright/storefront/react'
import { AccountBanner } from './AccountBanner.js'
import { useProfile } from './profile.js'

/**
 * `/account/manage`, the account's edit variant: the overview's banner with a greeting, who the
 * account is, and changing its password through the reset screen.
 */
export function Manage(_props: PageProps) {
  const { account } = useSession()
  const { state } = useProfile()
  const t = useT()
  if (!account || state.status !== 'loaded') return null
  const { profile } = state
  return (
    <section>
      <h1>{t('Manage Account')}</h1>
      <AccountBanner greeting />
      <dl className="sw-details">
        <dt>{t('Name')}</dt>
        <dd>{[profile.firstname, profile.lastname].filter(Boolean).join(' ') || account.name}</dd>
        <dt>{t('Email')}</dt>
        <dd>{profile.email}</dd>
      </dl>
      <p>
        <a href={`/reset/${account.type}/${account.id}`}>{t('Change Password')}</a>
      </p>
    </section>
  )
}
