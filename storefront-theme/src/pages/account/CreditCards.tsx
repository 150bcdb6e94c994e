import type { PageProps } from '@shopwright/storefront/shared'
import { useT } from '@shopwright/storefront/react'
import { ListProblem } from './AccountGate.js'
import { useProfile } from './profile.js'
import { ProfileCards } from './profile-lines.js'

/**
 * `/account/creditcards`: the saved cards (brand, the number in groups of four showing only its
 * last four digits, expiry), paged, and New.
 */
export function CreditCards({ props }: PageProps) {
  const { state } = useProfile()
  const t = useT()
  if (state.status !== 'loaded') return null
  if (!Array.isArray(state.profile.creditcards)) return <ListProblem list="creditcards" />
  return (
    <ProfileCards
      title={t('Credit Cards')}
      newHref="/account/creditcard/new"
      newLabel={t('New')}
      empty={t('You have no saved cards.')}
      page={props.page}
      items={state.profile.creditcards}
      keyOf={(card) => card.internalid}
      hrefOf={(card) => `/account/creditcard/${encodeURIComponent(card.internalid)}`}
      testId="card"
    >
      {(card) => (
        <>
          <strong>{card.brand || card.paymentmethod}</strong>
          <span className="sw-card-number" data-testid="card-number">
            {card.number_fmt}
          </span>
          <span>{card.ccname}</span>
          <span>{t('Expires {0}', card.ccexpiredate)}</span>
          {card.ccdefault ? <em>{t('Default')}</em> : null}
        </>
      )}
    </ProfileCards>
  )
}
