import { useLanguage, useT, type Translate } from '@shopwright/admin-ui/kit'
import type { OrderCurrency } from '../../shared/orders.js'
import { historyLabel, money } from './order-format.js'
import type { ShownLine } from './order-record.js'
import type { OrderView } from './orders-api.js'

type Entry = OrderView['history'][number]

const numberOf = (value: unknown) => (typeof value === 'number' ? value : 0)
const wordsOf = (value: unknown) => (typeof value === 'string' ? value : '')

/** What an entry's details add to its kind, in a few words. */
function detailOf(t: Translate, entry: Entry, amount: (minor: number) => string): string {
  const details = (entry.details ?? {}) as Record<string, unknown>
  switch (entry.kind) {
    case 'fulfilled': {
      const lines = Array.isArray(details.lines)
        ? (details.lines as Array<{ quantity?: unknown }>)
        : []
      const units = lines.reduce((sum, line) => sum + numberOf(line.quantity), 0)
      const parts = [
        t('{0, plural, one {# unit} other {# units}}', units),
        wordsOf(details.carrier),
        wordsOf(details.tracking),
      ]
      return parts.filter(Boolean).join(' · ')
    }
    case 'refunded':
    case 'refundFailed':
      return [amount(numberOf(details.amount)), wordsOf(details.reason)].filter(Boolean).join(' · ')
    case 'cancelled':
      return wordsOf(details.reason)
    case 'resent':
      return wordsOf(details.email)
    default:
      return ''
  }
}

/** The order's parcels (what each held, how it went) and its history, who did what and when. */
export function OrderTimeline({
  view,
  lines,
  currency,
  placedBy,
}: {
  view: OrderView
  lines: readonly ShownLine[]
  currency: OrderCurrency
  /** Who placed the order, by name. */
  placedBy: string
}) {
  const t = useT()
  const { language } = useLanguage()
  const when = (time: number | string) =>
    new Date(time).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' })
  const amount = (minor: number) => money(minor, currency, language)
  const names = new Map(lines.map((line) => [line.line, line.name]))
  const placed = typeof view.order.trandate === 'string' ? view.order.trandate : ''
  return (
    <>
      <section
        className="sw-order-card"
        aria-labelledby="order-parcels"
        data-testid="order-parcels"
      >
        <h2 id="order-parcels">{t('Parcels')}</h2>
        {view.fulfilments.length === 0 ? (
          <p className="sw-muted">{t('Nothing has shipped yet.')}</p>
        ) : (
          <ul className="sw-order-parcels">
            {view.fulfilments.map((parcel) => (
              <li key={parcel.id} data-testid="order-parcel">
                <p>
                  <strong>{parcel.carrier || t('No carrier given')}</strong>
                  {parcel.tracking ? (
                    <>
                      {' · '}
                      <span className="sw-order-tracking">
                        {t('Tracking {0}', parcel.tracking)}
                      </span>
                    </>
                  ) : null}
                </p>
                <p>
                  {parcel.lines
                    .map((line) => `${line.quantity} × ${names.get(line.line) ?? line.line}`)
                    .join(', ')}
                </p>
                <small className="sw-muted">
                  {t('{0} by {1}', when(parcel.time), parcel.actor.name)}
                </small>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section
        className="sw-order-card"
        aria-labelledby="order-history"
        data-testid="order-history"
      >
        <h2 id="order-history">{t('History')}</h2>
        <ol className="sw-order-history">
          {placed ? (
            <li>
              <span className="sw-order-history-what">{t('Placed the order')}</span>
              <small className="sw-muted">{t('{0} by {1}', when(placed), placedBy)}</small>
            </li>
          ) : null}
          {view.history.map((entry, index) => {
            const detail = detailOf(t, entry, amount)
            return (
              <li key={`${entry.time}-${index}`} data-testid="history-entry">
                <span className="sw-order-history-what">
                  {historyLabel(t, entry.kind)}
                  {detail ? <span className="sw-order-history-detail">{detail}</span> : null}
                </span>
                <small className="sw-muted">
                  {t('{0} by {1}', when(entry.time), entry.actor.name)}
                </small>
              </li>
            )
          })}
        </ol>
      </section>
    </>
  )
}
