import { useT } from '@shopwright/admin-ui/kit'
import type { OrderListAnswer } from '../../shared/orders.js'
import { money } from './order-format.js'

/**
 * What every order the filters match comes to: their count, and per currency the sum of their
 * totals (what was refunded beside it), so staff read a day's or a customer's takings at a glance.
 * A polite live region: a screen reader hears the new count after a search.
 */
export function OrdersSummary({
  summary,
  loading,
  language,
}: {
  summary: Pick<OrderListAnswer, 'count' | 'totals'> | undefined
  loading: boolean
  language: string
}) {
  const t = useT()
  return (
    <p className="sw-orders-summary" role="status" data-testid="orders-summary">
      {summary ? (
        <>
          <strong>{t('{0, plural, one {# order} other {# orders}}', summary.count)}</strong>
          {summary.totals.map((total) => (
            <span key={total.currency.id} className="sw-orders-total" data-testid="orders-total">
              {money(total.total, total.currency, language)}
              {total.refunded > 0 ? (
                <small className="sw-muted">
                  {' '}
                  {t('({0} refunded)', money(total.refunded, total.currency, language))}
                </small>
              ) : null}
            </span>
          ))}
        </>
      ) : loading ? (
        <span className="sw-muted">{t('Loading...')}</span>
      ) : null}
    </p>
  )
}
