import { useT } from '@shopwright/storefront/react'
import { mdiCheck } from '@mdi/js'
import { Icon } from '../../components/Icon.js'

/** Where an order status stands on the way from placed to done (commerce's `orderstatus`). */
const SHIPPED = new Set(['pendingBilling', 'billed', 'closed'])

/**
 * An order's way as a shopper reads it: Placed, Shipped, Completed, the steps reached ticked and
 * the current one named for screen readers; a cancelled order says so instead.
 */
export function OrderProgress({ statusid }: { statusid: string }) {
  const t = useT()
  if (statusid === 'cancelled')
    return (
      <p className="sw-order-cancelled" data-testid="order-progress">
        {t('This order was cancelled: it will not be shipped.')}
      </p>
    )
  const reached = statusid === 'closed' ? 3 : SHIPPED.has(statusid) ? 2 : 1
  const steps = [
    t('Placed'),
    statusid === 'partiallyFulfilled' ? t('Partly shipped') : t('Shipped'),
    t('Completed'),
  ]
  return (
    <ol className="sw-order-progress" data-testid="order-progress" aria-label={t('Order status')}>
      {steps.map((step, index) => {
        const done = index < reached
        return (
          <li
            key={step}
            className={done ? 'sw-step-done' : undefined}
            aria-current={index === reached - 1 ? 'step' : undefined}
          >
            <span className="sw-step-mark" aria-hidden="true">
              {done ? <Icon path={mdiCheck} size={16} /> : index + 1}
            </span>
            {step}
          </li>
        )
      })}
    </ol>
  )
}
