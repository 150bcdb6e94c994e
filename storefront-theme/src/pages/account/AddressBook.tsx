import type { PageProps } from '@shopwright/storefront/shared'
import { useT } from '@shopwright/storefront/react'
import { AddressLines } from '../../components/AddressLines.js'
import { ListProblem } from './AccountGate.js'
import { useProfile } from './profile.js'
import { ProfileCards } from './profile-lines.js'

/** `/account/addressbook`: the address cards, paged by the `page` parameter, and New. */
export function AddressBook({ props }: PageProps) {
  const { state } = useProfile()
  const t = useT()
  if (state.status !== 'loaded') return null
  if (!Array.isArray(state.profile.addressbook)) return <ListProblem list="addressbook" />
  return (
    <ProfileCards
      title={t('Address Book')}
      newHref="/account/address/new"
      newLabel={t('New Address')}
      empty={t('You have no saved addresses.')}
      page={props.page}
      items={state.profile.addressbook}
      keyOf={(line) => line.id}
      hrefOf={(line) => `/account/address/${encodeURIComponent(line.id)}`}
      testId="address"
    >
      {(line) => (
        <>
          <AddressLines address={line} />
          {line.defaultshipping ? <em>{t('Default shipping')}</em> : null}
          {line.defaultbilling ? <em>{t('Default billing')}</em> : null}
        </>
      )}
    </ProfileCards>
  )
}
