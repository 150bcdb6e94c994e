import { useRef, useState, type FormEvent } from 'react'
import { cardErrors } from '@shopwright/plugin-account/shared'
import { useSession, useT } from '@shopwright/storefront/react'
import { mdiLockOutline } from '@mdi/js'
import { AddressLines } from '../../components/AddressLines.js'
import { errorMessage, useAlert } from '../../components/Alert.js'
import {
  CardFields,
  cvcProblem,
  type CardForm,
  type FieldProblem,
} from '../../components/CardFields.js'
import { fullExpiry } from '../../components/card-input.js'
import { announceCart } from '../../components/CartLink.js'
import { Form } from '../../components/Form.js'
import { Icon } from '../../components/Icon.js'
import { LineImage } from '../../components/LineImage.js'
import { SubmitButton } from '../../components/SubmitButton.js'
import { useBusyTask } from '../../lib/busy-task.js'
import type { CheckoutAnswer, PlacedOrder } from '../../lib/commerce.js'
import { useMoney } from '../../lib/money.js'
import { CartSummary } from '../cart/CartSummary.js'
import { EMPTY_CARD, firstChoice, paymentOf, type PaymentChoice } from './payment-choice.js'
import { PlaceAttempt, outcomeUnknown } from './place-attempt.js'
import { Choice } from './Choice.js'
import { Step } from './Step.js'

/** The checkout of a loaded review. */
export function CheckoutForm({
  review,
  onReview,
  onPlaced,
  reload,
  onChangeGuest,
}: {
  review: CheckoutAnswer
  onReview(review: CheckoutAnswer): void
  onPlaced(placed: PlacedOrder): void
  reload(): Promise<void>
  /** A guest's way back to their e-mail and address. */
  onChangeGuest(): void
}) {
  const t = useT()
  const alert = useAlert()
  const { client } = useSession()
  const { minor, decimal } = useMoney()
  const { cart } = review
  const currency = cart.currency.id
  const [choice, setChoice] = useState<PaymentChoice>(() => firstChoice(review.cards))
  const [card, setCard] = useState<CardForm>(EMPTY_CARD)
  const [problem, setProblem] = useState<FieldProblem>(null)
  const { busy, run } = useBusyTask()
  const attempt = useRef(new PlaceAttempt())
  // The server pays on account only for an account with terms and a credit limit.
  const { terms, creditlimit } = review
  const onAccount = terms !== null && creditlimit !== null

  const pay = (next: PaymentChoice) => {
    setChoice(next)
    setProblem(null)
    attempt.current.reset()
  }
  const typeCard = (next: CardForm) => {
    setCard(next)
    attempt.current.reset()
  }

  const shipBy = (id: string) =>
    run(t('Unable to Update'), async () => {
      onReview(await client.post<CheckoutAnswer>('/checkout/shipmethod', { id }))
      attempt.current.reset()
    })

  const place = async (event: FormEvent) => {
    event.preventDefault()
    if (!cart.shipaddress) {
      await alert(t('Unable to Continue'), t('Choose a shipping address.'))
      return
    }
    if (choice.kind === 'card') {
      const broken =
        cardErrors({ ...card, ccexpiredate: fullExpiry(card.ccexpiredate) }, new Date()) ??
        cvcProblem(card)
      setProblem(broken)
      if (broken) {
        await alert(t('Unable to Continue'), broken)
        return
      }
    }
    // The failure is told here, with what it means for the order; the alert of `run` is unused.
    await run(t('Unable to Place Order'), async () => {
      try {
        const placed = await client.post<PlacedOrder>('/checkout/place', {
          idempotencykey: attempt.current.key(),
          // What the shopper saw is what they pay: another total is refused, with the new review.
          total: cart.total,
          payment: paymentOf(choice, card),
        })
        attempt.current.settle()
        announceCart(0)
        onPlaced(placed)
      } catch (failure) {
        attempt.current.settle(failure)
        await alert(
          t('Unable to Place Order'),
          outcomeUnknown(failure)
            ? `${errorMessage(failure, t)} ${t('Your order may not have been placed: try again, it will not be placed twice.')}`
            : failure,
        )
        // The cart may have changed meanwhile (stock, prices): show it as it is now.
        if (!outcomeUnknown(failure)) await reload()
      }
    })
  }

  return (
    <Form
      className="sw-checkout-layout"
      onSubmit={(event) => void place(event)}
      data-testid="checkout-form"
    >
      <div className="sw-checkout-steps">
        <Step number={1} title={t('Shipping address')} id="sw-step-address">
          {review.guest ? (
            <div className="sw-chosen" data-testid="checkout-address">
              <div>
                <p data-testid="checkout-guest-email">{review.guest.email}</p>
                <AddressLines address={review.guest.address} />
              </div>
              <button
                type="button"
                className="sw-link-button"
                onClick={onChangeGuest}
                data-testid="change-address"
              >
                {t('Change')}
              </button>
            </div>
          ) : cart.shipaddress ? (
            <div className="sw-chosen" data-testid="checkout-address">
              <AddressLines address={cart.shipaddress} />
              <a href="/checkout/shipping" data-testid="change-address">
                {t('Change')}
              </a>
            </div>
          ) : (
            <p>
              {/* An empty address book: straight to its first address, which the cart then takes. */}
              <a
                className="sw-button"
                href={review.addresses.length ? '/checkout/shipping' : '/checkout/shipping/new'}
                data-testid="change-address"
              >
                {review.addresses.length
                  ? t('Choose a shipping address')
                  : t('Add a shipping address')}
              </a>
            </p>
          )}
        </Step>
        <Step number={2} title={t('Shipping method')} id="sw-step-method">
          <fieldset className="sw-choices" disabled={busy}>
            <legend className="sw-visually-hidden">{t('Shipping method')}</legend>
            {cart.shipmethods.map((method) => (
              <Choice
                key={method.id}
                name="shipmethod"
                checked={cart.shipmethod?.id === method.id}
                onChoose={() => void shipBy(method.id)}
                testId={`shipmethod-${method.id}`}
                label={method.name}
                extra={method.rate === 0 ? t('Free') : minor(method.rate, currency)}
              />
            ))}
          </fieldset>
        </Step>
        <Step number={3} title={t('Payment')} id="sw-step-payment">
          <fieldset className="sw-choices">
            <legend className="sw-visually-hidden">{t('Payment')}</legend>
            {review.cards.map((saved) => (
              <Choice
                key={saved.internalid}
                name="payment"
                checked={choice.kind === 'saved' && choice.id === saved.internalid}
                onChoose={() => pay({ kind: 'saved', id: saved.internalid })}
                testId={`pay-saved-${saved.internalid}`}
                label={`${saved.paymentmethod} •••• ${saved.last4}`}
                extra={t('Expires {0}', saved.ccexpiredate)}
              />
            ))}
            <Choice
              name="payment"
              checked={choice.kind === 'card'}
              onChoose={() => pay({ kind: 'card' })}
              testId="pay-card"
              label={t('New card')}
            />
            {onAccount ? (
              <Choice
                name="payment"
                checked={choice.kind === 'account'}
                onChoose={() => pay({ kind: 'account' })}
                testId="pay-account"
                label={t('Pay on account ({0})', terms.name)}
                extra={t('Credit limit {0}', decimal(creditlimit, currency))}
              />
            ) : null}
          </fieldset>
          {choice.kind === 'card' ? (
            <div className="sw-card-form" data-testid="card-form">
              <CardFields
                card={card}
                onChange={typeCard}
                problem={problem}
                testId="checkout"
                withCvc
              />
            </div>
          ) : null}
        </Step>
      </div>
      <aside className="sw-panel sw-review" aria-labelledby="sw-review-title">
        <h2 id="sw-review-title">{t('Review your order')}</h2>
        <ul className="sw-review-lines">
          {cart.lines.map((line) => (
            <li key={line.id} data-testid="review-line">
              <LineImage line={line} sizes="56px" widths={[64, 128]} />
              <span>
                <strong>{line.displayname}</strong>
                <span className="sw-muted">
                  {t('{0} × {1}', line.quantity, minor(line.rate, currency))}
                </span>
              </span>
              <span>{minor(line.amount, currency)}</span>
            </li>
          ))}
        </ul>
        <CartSummary cart={cart} />
        <SubmitButton
          className="sw-button-block sw-button-large"
          disabled={busy || !cart.purchasable}
          testId="place-order"
        >
          <Icon path={mdiLockOutline} size={18} />
          {busy ? t('Placing your order...') : t('Place order · {0}', minor(cart.total, currency))}
        </SubmitButton>
        {cart.purchasable ? null : (
          <p className="sw-line-warning" role="status">
            <a href="/cart">
              {t('Some lines cannot be bought as they are: change or remove them to check out.')}
            </a>
          </p>
        )}
      </aside>
    </Form>
  )
}
