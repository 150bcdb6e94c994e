import type { ReactNode } from 'react'
import { useT } from '@shopwright/storefront/react'
import type { CartAnswer } from '../../lib/commerce.js'
import { useMoney } from '../../lib/money.js'

/**
 * A cart's totals: subtotal, tax, shipping (with its method; 0 is 'Free') and the total. The cart
 * and the checkout's review show the same.
 */
export function CartSummary({ cart, children }: { cart: CartAnswer; children?: ReactNode }) {
  const t = useT()
  const { minor } = useMoney()
  const currency = cart.currency.id
  return (
    <dl className="sw-totals" data-testid="cart-totals">
      <div>
        <dt>{t('Subtotal')}</dt>
        <dd data-testid="cart-subtotal">{minor(cart.subtotal, currency)}</dd>
      </div>
      <div>
        <dt>{t('Tax')}</dt>
        <dd data-testid="cart-tax">{minor(cart.taxtotal, currency)}</dd>
      </div>
      <div>
        <dt>
          {t('Shipping')}
          {cart.shipmethod ? <span className="sw-muted"> · {cart.shipmethod.name}</span> : null}
        </dt>
        <dd data-testid="cart-shipping">
          {cart.shipping === 0 ? t('Free') : minor(cart.shipping, currency)}
        </dd>
      </div>
      <div className="sw-totals-total">
        <dt>{t('Total')}</dt>
        <dd data-testid="cart-total">{minor(cart.total, currency)}</dd>
      </div>
      {children}
    </dl>
  )
}
