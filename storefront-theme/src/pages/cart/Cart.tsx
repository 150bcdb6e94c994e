import { useEffect, useState } from 'react'
import type { PageProps } from '@shopwright/storefront/shared'
import { useT } from '@shopwright/storefront/react'
import { mdiCartOutline, mdiDeleteOutline, mdiLockOutline } from '@mdi/js'
import { errorMessage } from '../../components/Alert.js'
import { ErrorView } from '../../components/ErrorView.js'
import { Icon } from '../../components/Icon.js'
import { LineImage } from '../../components/LineImage.js'
import { MediaLink } from '../../components/MediaLink.js'
import { PageLoading } from '../../components/PageLoading.js'
import { StepButton } from '../../components/StepButton.js'
import { MAX_LINE_QUANTITY, type CartAnswer, type CartLineAnswer } from '../../lib/commerce.js'
import { useMoney } from '../../lib/money.js'
import { prefetchRoute } from '../../lib/route-prefetch.js'
import { parseQuantity } from '../catalogue/item-logic.js'
import { CartSummary } from './CartSummary.js'
import { lineProblem, useCart } from './cart-state.js'

/** A line's quantity: − and + change it at once, a typed one when the field is left or Enter. */
function QuantityStepper({
  line,
  disabled,
  onQuantity,
}: {
  line: CartLineAnswer
  disabled: boolean
  onQuantity(quantity: number): void
}) {
  const t = useT()
  const [text, setText] = useState(String(line.quantity))
  const [shown, setShown] = useState(line.quantity)
  // The server's answer wins over what was typed.
  if (shown !== line.quantity) {
    setShown(line.quantity)
    setText(String(line.quantity))
  }
  const commit = () => {
    const quantity = parseQuantity(text)
    if (quantity === null || quantity === line.quantity) setText(String(line.quantity))
    else onQuantity(quantity)
  }
  const id = `sw-qty-${line.id}`
  return (
    <div className="sw-stepper">
      <label htmlFor={id} className="sw-visually-hidden">
        {t('Quantity of {0}', line.displayname)}
      </label>
      <StepButton
        by={-1}
        onStep={() => onQuantity(line.quantity - 1)}
        disabled={disabled || line.quantity <= 1}
        testId="line-minus"
      />
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_LINE_QUANTITY}
        value={text}
        disabled={disabled}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit()
        }}
        data-testid="line-quantity"
      />
      <StepButton
        by={1}
        onStep={() => onQuantity(line.quantity + 1)}
        disabled={disabled || line.quantity >= MAX_LINE_QUANTITY}
        testId="line-plus"
      />
    </div>
  )
}

/** One line of the cart: picture, name, sku, problem, quantity, unit price at its break, amount. */
function CartLine({
  line,
  currency,
  busy,
  onQuantity,
  onRemove,
}: {
  line: CartLineAnswer
  currency: string
  busy: boolean
  onQuantity(quantity: number): void
  onRemove(): void
}) {
  const t = useT()
  const { minor } = useMoney()
  const problem = lineProblem(line, t)
  const href = `/item/${encodeURIComponent(line.item)}`
  return (
    <li
      className={problem ? 'sw-line sw-line-problem' : 'sw-line'}
      data-testid="cart-line"
      aria-busy={busy}
    >
      <MediaLink className="sw-line-media" href={href}>
        <LineImage line={line} sizes="96px" widths={[96, 200]} />
      </MediaLink>
      <div className="sw-line-text">
        <a className="sw-line-name" href={href} data-testid="line-name">
          {line.displayname}
        </a>
        {line.sku && line.sku !== line.displayname ? (
          <span className="sw-muted sw-line-sku">{t('SKU: {0}', line.sku)}</span>
        ) : null}
        <span className="sw-muted" data-testid="line-rate">
          {line.rate >= 0 ? t('{0} each', minor(line.rate, currency)) : t('Price not available')}
        </span>
        {problem ? (
          <span className="sw-line-warning" role="status" data-testid="line-problem">
            {problem}
          </span>
        ) : null}
        {line.was !== undefined && line.now !== undefined ? (
          <span className="sw-line-notice" role="status" data-testid="line-price-changed">
            {line.now < line.was
              ? t(
                  'Price dropped since you added it: {0}, was {1}',
                  minor(line.now, currency),
                  minor(line.was, currency),
                )
              : t(
                  'Price changed since you added it: {0}, was {1}',
                  minor(line.now, currency),
                  minor(line.was, currency),
                )}
          </span>
        ) : null}
      </div>
      <div className="sw-line-actions">
        <QuantityStepper line={line} disabled={busy} onQuantity={onQuantity} />
        <button
          type="button"
          className="sw-link-button sw-remove"
          onClick={onRemove}
          disabled={busy}
          data-testid="line-remove"
        >
          <Icon path={mdiDeleteOutline} size={18} />
          {t('Remove')}
        </button>
      </div>
      <strong className="sw-line-amount" data-testid="line-amount">
        {line.amount >= 0 ? minor(line.amount, currency) : ''}
      </strong>
    </li>
  )
}

/** The cart's lines and totals, with the way to checkout. */
function CartContents({
  cart,
  cartState,
}: {
  cart: CartAnswer
  cartState: ReturnType<typeof useCart>
}) {
  const t = useT()
  return (
    <div className="sw-cart-layout">
      <ul className="sw-lines" aria-label={t('Cart lines')}>
        {cart.lines.map((line) => (
          <CartLine
            key={line.id}
            line={line}
            currency={cart.currency.id}
            busy={cartState.busy === line.id}
            onQuantity={(quantity) => void cartState.update(line.id, quantity)}
            onRemove={() => void cartState.remove(line.id)}
          />
        ))}
      </ul>
      <aside className="sw-panel sw-cart-summary" aria-label={t('Summary')}>
        <h2>{t('Summary')}</h2>
        <CartSummary cart={cart} />
        {cart.purchasable ? (
          <a
            className="sw-button sw-button-primary sw-button-block"
            href="/checkout"
            data-testid="checkout-button"
          >
            <Icon path={mdiLockOutline} size={18} />
            {t('Checkout')}
          </a>
        ) : (
          <>
            <p className="sw-line-warning" role="status">
              {t('Some lines cannot be bought as they are: change or remove them to check out.')}
            </p>
            <button
              type="button"
              className="sw-button sw-button-primary sw-button-block"
              disabled
              data-testid="checkout-button"
            >
              {t('Checkout')}
            </button>
          </>
        )}
        <a className="sw-button sw-button-block" href="/">
          {t('Continue shopping')}
        </a>
      </aside>
    </div>
  )
}

/**
 * `/cart`: the visitor's lines (picture, name, sku, a quantity stepper, removal, the unit price at
 * its break, the amount, what stops a line being bought), the totals with shipping ('Free' for 0)
 * and the Checkout button; an empty cart says so. Each change updates the header's count.
 */
export function Cart(_props: PageProps) {
  const t = useT()
  const cartState = useCart()
  const { state } = cartState
  const purchasable = state.status === 'loaded' && state.cart.purchasable
  // A cart that can be bought leads to checkout: its code comes while the shopper reads the cart.
  useEffect(() => {
    if (purchasable) prefetchRoute('/checkout')
  }, [purchasable])
  if (state.status === 'loading')
    return (
      <section className="sw-cart">
        <h1>{t('Cart')}</h1>
        <PageLoading />
      </section>
    )
  if (state.status === 'error')
    return (
      <ErrorView title={t('ERROR_CART_NOT_AVAILABLE')}>
        <p>{errorMessage(state.error, t)}</p>
      </ErrorView>
    )
  const { cart } = state
  return (
    <section className="sw-cart" data-testid="cart">
      <h1>{t('Cart')}</h1>
      {cart.lines.length === 0 ? (
        <div className="sw-empty-state" data-testid="cart-empty">
          <Icon path={mdiCartOutline} size={48} />
          <p>{t('Your cart is empty.')}</p>
          <a className="sw-button sw-button-primary" href="/">
            {t('Start shopping')}
          </a>
        </div>
      ) : (
        <CartContents cart={cart} cartState={cartState} />
      )}
    </section>
  )
}
