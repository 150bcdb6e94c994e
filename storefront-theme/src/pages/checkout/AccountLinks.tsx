import { useT } from '@shopwright/storefront/react'
import type { PlacedOrder } from '../../lib/commerce.js'

/** An account's ways to its order and invoice. */
export function AccountLinks({ placed }: { placed: PlacedOrder }) {
  const t = useT()
  return (
    <div className="sw-confirmation-links">
      <a
        className="sw-button sw-button-primary"
        href={`/account/order/${encodeURIComponent(placed.order.id)}`}
        data-testid="placed-order-link"
      >
        {t('View order {0}', placed.order.tranid)}
      </a>
      <a
        className="sw-button"
        href={`/account/invoice/${encodeURIComponent(placed.invoice.id)}`}
        data-testid="placed-invoice-link"
      >
        {t('View invoice {0}', placed.invoice.tranid)}
      </a>
      <a className="sw-button" href="/">
        {t('Continue shopping')}
      </a>
    </div>
  )
}
