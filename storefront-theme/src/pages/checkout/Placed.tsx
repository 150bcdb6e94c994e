import { useT } from '@shopwright/storefront/react'
import { mdiCheckCircle } from '@mdi/js'
import { Icon } from '../../components/Icon.js'
import type { PlacedOrder } from '../../lib/commerce.js'
import { useMoney } from '../../lib/money.js'
import { AccountLinks } from './AccountLinks.js'
import { GuestLinks } from './GuestLinks.js'

/**
 * The order placed: its number and total, then the ways to it. An account's are its order and
 * invoice pages; a guest's is the order's link (no account holds it), with the offer of one.
 */
export function Placed({ placed, guest }: { placed: PlacedOrder; guest: boolean }) {
  const t = useT()
  const { minor } = useMoney()
  return (
    <section className="sw-confirmation" data-testid="order-placed">
      <Icon path={mdiCheckCircle} size={56} className="sw-success" />
      <h1>{t('Thank you for your order')}</h1>
      <p>
        {t('Your order number is')}{' '}
        <strong data-testid="placed-order">{placed.order.tranid}</strong>
        {' · '}
        {t('Total')} {minor(placed.total, placed.currency)}
      </p>
      {guest ? <GuestLinks placed={placed} /> : <AccountLinks placed={placed} />}
    </section>
  )
}
