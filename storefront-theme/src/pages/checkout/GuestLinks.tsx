import { useT } from '@shopwright/storefront/react'
import type { PlacedOrder } from '../../lib/commerce.js'

/** A guest's way to the order: its link, and the offer of an account. */
export function GuestLinks({ placed }: { placed: PlacedOrder }) {
  const t = useT()
  return (
    <>
      <p>{t('Keep the link to your order: it shows your order to whoever holds it.')}</p>
      <div className="sw-confirmation-links">
        {placed.link ? (
          <a
            className="sw-button sw-button-primary"
            href={placed.link}
            rel="noreferrer"
            data-testid="placed-order-link"
          >
            {t('View order {0}', placed.order.tranid)}
          </a>
        ) : null}
        <a className="sw-button" href="/register" data-testid="placed-register">
          {t('Create an account to follow your orders')}
        </a>
        <a className="sw-button" href="/">
          {t('Continue shopping')}
        </a>
      </div>
    </>
  )
}
