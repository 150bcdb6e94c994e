import { Link } from 'react-router'
import { useLanguage, useT } from '@shopwright/admin-ui/kit'
import { CREDITMEMO_TYPE } from '../../shared/types.js'
import type { OrderCurrency } from '../../shared/orders.js'
import { money } from './order-format.js'
import { refOf, textOf } from './order-record.js'
import type { CustomerCard, OrderView } from './orders-api.js'

/** A card as staff read it: `Visa •••• 4242` (the order keeps the masked number and the brand's id). */
function cardName(method: string, masked: string): string {
  const brand = method ? method[0]!.toUpperCase() + method.slice(1) : ''
  const last = /(\d{4})$/.exec(masked)?.[1]
  return [brand, last ? `•••• ${last}` : masked].filter(Boolean).join(' ')
}

/** An address as the order keeps it: lines of text. */
function Address({ text }: { text: string }) {
  const t = useT()
  return text ? (
    <address className="sw-order-address">{text}</address>
  ) : (
    <p className="sw-muted">{t('None given.')}</p>
  )
}

/**
 * The order's side column: who bought (a link to their record when they are a customer), where it
 * goes and who pays, and the money: how it was paid, captured and given back, with each refund and
 * its credit note.
 */
export function OrderSide({
  view,
  currency,
  customer,
}: {
  view: OrderView
  currency: OrderCurrency
  customer: CustomerCard | null
}) {
  const t = useT()
  const { language } = useLanguage()
  const amount = (minor: number) => money(minor, currency, language)
  const { order, payment } = view
  const entity = refOf(order.entity)
  const shipaddress = textOf(order.shipaddress)
  const name = customer?.name || shipaddress.split('\n')[0]?.trim() || t('No name')
  const card = textOf(order.ccnumber)
  const method = textOf(order.paymentmethod)
  return (
    <aside className="sw-order-side">
      <section
        className="sw-order-card"
        aria-labelledby="order-customer"
        data-testid="order-customer"
      >
        <h2 id="order-customer">{t('Customer')}</h2>
        <p>
          {entity?.type === 'customer' ? (
            <Link
              to={`/data/customer/${encodeURIComponent(entity.id)}`}
              data-testid="customer-link"
            >
              {name}
            </Link>
          ) : (
            name
          )}
        </p>
        {customer?.email ? (
          <p>
            <a href={`mailto:${customer.email}`}>{customer.email}</a>
          </p>
        ) : null}
        {entity?.type === 'guest' ? <p className="sw-muted">{t('Guest checkout')}</p> : null}
      </section>
      <section className="sw-order-card" aria-labelledby="order-shipto">
        <h2 id="order-shipto">{t('Shipping address')}</h2>
        <Address text={shipaddress} />
      </section>
      <section className="sw-order-card" aria-labelledby="order-billto">
        <h2 id="order-billto">{t('Billing address')}</h2>
        <Address text={textOf(order.billaddress)} />
      </section>
      <section
        className="sw-order-card"
        aria-labelledby="order-payment"
        data-testid="order-payment"
      >
        <h2 id="order-payment">{t('Payment')}</h2>
        {payment ? (
          <dl className="sw-order-sums">
            <dt>{t('Card')}</dt>
            <dd>{cardName(method, card) || t('Card')}</dd>
            <dt>{t('Captured')}</dt>
            <dd>{amount(payment.captured)}</dd>
            <dt>{t('Refunded so far')}</dt>
            <dd data-testid="payment-refunded">{amount(payment.refunded)}</dd>
            <dt className="sw-order-sum-total">{t('Kept')}</dt>
            <dd className="sw-order-sum-total">{amount(payment.captured - payment.refunded)}</dd>
          </dl>
        ) : (
          <p>{t('On account: the customer pays the invoice.')}</p>
        )}
        {view.refunds.length > 0 ? (
          <>
            <h3>{t('Refunds')}</h3>
            <ul className="sw-order-refunds" data-testid="order-refunds">
              {view.refunds.map((refund) => (
                <li key={refund.id}>
                  <span className="sw-order-refund-head">
                    <strong>{amount(refund.amount)}</strong>
                    <span className={`sw-order-badge sw-order-badge-refund-${refund.state}`}>
                      {refund.state === 'done'
                        ? t('Done')
                        : refund.state === 'pending'
                          ? t('Waiting for the provider')
                          : t('Refused by the provider')}
                    </span>
                  </span>
                  {refund.reason ? <span className="sw-order-reason">{refund.reason}</span> : null}
                  <small className="sw-muted">
                    {t(
                      '{0} by {1}',
                      new Date(refund.time).toLocaleString(language, {
                        dateStyle: 'medium',
                        timeStyle: 'short',
                      }),
                      refund.actor.name,
                    )}
                  </small>
                  {refund.creditmemo ? (
                    <Link
                      to={`/data/${CREDITMEMO_TYPE}/${encodeURIComponent(refund.creditmemo)}`}
                      data-testid="creditmemo-link"
                    >
                      {t('Credit note {0}', refund.creditmemo)}
                    </Link>
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
    </aside>
  )
}
