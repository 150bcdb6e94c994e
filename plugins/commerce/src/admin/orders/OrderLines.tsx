import { useLanguage, useT } from '@shopwright/admin-ui/kit'
import type { OrderCurrency } from '../../shared/orders.js'
import { money } from './order-format.js'
import { minorField, type ShownLine } from './order-record.js'
import type { OrderView } from './orders-api.js'

/** The order's lines with what shipped of each, and its sums as the shopper paid them. */
export function OrderLines({
  view,
  lines,
  currency,
}: {
  view: OrderView
  lines: readonly ShownLine[]
  currency: OrderCurrency
}) {
  const t = useT()
  const { language } = useLanguage()
  const amount = (minor: number) => money(minor, currency, language)
  const field = (name: string) => amount(minorField(view.order[name], currency))
  const cancelled = view.order.status === 'cancelled'
  return (
    <section className="sw-order-card" aria-labelledby="order-items">
      <h2 id="order-items">{t('Items')}</h2>
      {/* Focusable, so a keyboard can scroll the lines sideways on a phone. */}
      <div className="sw-scroll-x" tabIndex={0} role="region" aria-labelledby="order-items">
        <table className="sw-mini-table sw-order-lines" data-testid="order-lines">
          <thead>
            <tr>
              <th scope="col">{t('Item')}</th>
              <th scope="col" className="sw-order-number-cell">
                {t('Quantity')}
              </th>
              <th scope="col" className="sw-order-number-cell">
                {t('Units shipped')}
              </th>
              <th scope="col" className="sw-order-number-cell">
                {t('Price')}
              </th>
              <th scope="col" className="sw-order-number-cell">
                {t('Amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.line} data-testid={`order-line-${line.line}`}>
                <td>{line.name}</td>
                <td className="sw-order-number-cell">{line.quantity}</td>
                <td className="sw-order-number-cell">
                  {cancelled && line.fulfilled === 0 ? '–' : `${line.fulfilled} / ${line.quantity}`}
                </td>
                <td className="sw-order-number-cell">{amount(line.rate)}</td>
                <td className="sw-order-number-cell">{amount(line.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="sw-order-sums" data-testid="order-sums">
        <dt>{t('Subtotal')}</dt>
        <dd>{field('subtotal')}</dd>
        <dt>{t('Shipping')}</dt>
        <dd>{field('shipping_rate')}</dd>
        <dt>{t('Tax')}</dt>
        <dd>{field('taxtotal')}</dd>
        <dt className="sw-order-sum-total">{t('Total')}</dt>
        <dd className="sw-order-sum-total">{field('total')}</dd>
      </dl>
    </section>
  )
}
