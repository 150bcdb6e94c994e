import { useT } from '@shopwright/admin-ui/kit'
import type { Fulfilment, PaymentStanding } from '../../shared/orders.js'
import { fulfilmentLabel, paymentLabel } from './order-format.js'

/**
 * An order's status as two badges, goods then money (Shopify's way): words, with colour only as a
 * help, so a reader who cannot tell the colours apart loses nothing.
 */
export function OrderBadges({
  fulfilment,
  payment,
  refunded,
  total,
}: {
  fulfilment: Fulfilment
  payment: PaymentStanding
  /** Minor units given back, and of the order's total: all of it, or part. */
  refunded: number
  total: number
}) {
  const t = useT()
  const given = refunded <= 0 ? 'none' : refunded >= total ? 'all' : 'part'
  const money = given === 'none' ? payment : 'refunded'
  return (
    <span className="sw-order-badges" data-testid="order-status">
      <span className={`sw-order-badge sw-order-badge-${fulfilment}`} data-status={fulfilment}>
        {fulfilmentLabel(t, fulfilment)}
      </span>
      <span className={`sw-order-badge sw-order-badge-${money}`} data-status={money}>
        {paymentLabel(t, payment, given)}
      </span>
    </span>
  )
}
