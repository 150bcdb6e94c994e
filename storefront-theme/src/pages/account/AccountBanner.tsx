import { useState } from 'react'
import { initialsOf } from '@shopwright/plugin-account/shared'
import { useSession, useT } from '@shopwright/storefront/react'
import { useIconPicker } from './icon-picker.js'
import { useProfile } from './profile.js'

/**
 * The account's banner: its icon, which opens the icon picker, its name and e-mail. The edit
 * variant (Manage) adds a greeting by first name. Until the icon loads, or when it cannot, the
 * account's initials stand in for it: made from the name, never from the e-mail.
 */
export function AccountBanner({ greeting = false }: { greeting?: boolean }) {
  const { account } = useSession()
  const { state } = useProfile()
  const t = useT()
  const [version, setVersion] = useState(0)
  const [broken, setBroken] = useState(false)
  const { openPicker, picker } = useIconPicker((next) => {
    setVersion(next)
    setBroken(false)
  })
  if (!account || state.status !== 'loaded') return null
  const { profile } = state
  const name = [profile.firstname, profile.lastname].filter(Boolean).join(' ') || account.name
  const initials = initialsOf({ name })
  const Heading = greeting ? 'h2' : 'h1'
  return (
    <div className="sw-banner" data-testid="account-banner">
      <button
        type="button"
        className="sw-icon-button sw-account-icon"
        onClick={() => void openPicker()}
        data-testid="account-icon"
        aria-label={t('Change your icon')}
      >
        <span className="sw-account-initials" aria-hidden="true" data-testid="account-initials">
          {initials}
        </span>
        {broken ? null : (
          <img
            src={`/query/account/image/get/${account.type}/${account.id}?t=${version}`}
            alt=""
            width={96}
            height={96}
            onError={() => setBroken(true)}
          />
        )}
      </button>
      <div>
        {greeting ? (
          <p className="sw-account-greeting" data-testid="account-greeting">
            {t('Welcome')}, {profile.firstname || name}
          </p>
        ) : null}
        <Heading>{name}</Heading>
        <p className="sw-muted">{profile.email}</p>
      </div>
      {picker}
    </div>
  )
}
