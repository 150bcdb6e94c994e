import { useEffect, useState } from 'react'
import { useSession, useT, useTranslation } from '@shopwright/storefront/react'
import { mdiArrowLeft } from '@mdi/js'
import { AddressLines } from '../../components/AddressLines.js'
import { ErrorView } from '../../components/ErrorView.js'
import { Icon } from '../../components/Icon.js'
import { PageLoading } from '../../components/PageLoading.js'
import { formatDate } from '../../lib/dates.js'
import { useMoney } from '../../lib/money.js'
import type { DocumentAnswer } from './document-answer.js'
import { words, type Kind } from './document-kinds.js'
import { OrderProgress } from './OrderProgress.js'

/** The id a reference holds (`{ type, id }` or the id itself). */
function refId(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'object' && value !== null) {
    const id = (value as { id?: unknown }).id
    return typeof id === 'string' ? id : ''
  }
  return ''
}

/** A reference's text, else its id. */
function refText(value: unknown): string {
  if (typeof value === 'object' && value !== null) {
    const text =
      (value as { text?: unknown; name?: unknown }).text ?? (value as { name?: unknown }).name
    if (typeof text === 'string' && text) return text
  }
  return refId(value)
}

/**
 * One order or invoice: its details, lines and totals; or its not-available view. `linkKey`: read
 * through an order link (`/order/{id}?key=`, no account), whose page leads back to the shop.
 */
export function DocumentView({ kind, id, linkKey }: { kind: Kind; id: string; linkKey?: string }) {
  const { client } = useSession()
  const { language } = useTranslation()
  const { decimal } = useMoney()
  const t = useT()
  const said = words(t)[kind]
  const [document, setDocument] = useState<DocumentAnswer | null | undefined>(undefined)
  useEffect(() => {
    let live = true
    const url =
      linkKey === undefined
        ? `/ns/data/get/${kind}/${encodeURIComponent(id)}`
        : `/ns/order/${encodeURIComponent(id)}?key=${encodeURIComponent(linkKey)}`
    client.get<DocumentAnswer>(url).then(
      (answer) => live && setDocument(answer),
      () => live && setDocument(null),
    )
    return () => {
      live = false
    }
  }, [client, kind, id, linkKey])
  // A link's page goes back to the shop; the account's to the list it came from.
  const back =
    linkKey === undefined
      ? { href: `${said.path}s`, label: said.title }
      : { href: '/', label: t('Continue shopping') }
  if (document === undefined) return <PageLoading />
  if (document === null)
    return (
      <ErrorView title={said.missing}>
        <p>
          <a href={back.href}>{back.label}</a>
        </p>
      </ErrorView>
    )
  const currency = document.currency.id
  const money = (amount: unknown) => decimal(amount, currency)
  const lines = document.item?.lines ?? []
  const invoice = kind === 'invoice'
  const order = refId(document.createdfrom)
  return (
    <article className="sw-document" data-testid="document">
      <a className="sw-back-link" href={back.href}>
        <Icon path={mdiArrowLeft} size={18} />
        {back.label}
      </a>
      <header className="sw-document-head">
        <h1>{said.heading(document.tranid || document.id)}</h1>
        <span className="sw-status" data-testid="document-status">
          {t(document.status)}
        </span>
      </header>
      {kind === 'salesorder' ? <OrderProgress statusid={document.statusid ?? ''} /> : null}
      <dl className="sw-facts">
        <div>
          <dt>{t('Date')}</dt>
          <dd>{formatDate(document.trandate, language)}</dd>
        </div>
        {invoice ? (
          <div>
            <dt>{t('Due date')}</dt>
            <dd>{formatDate(document.duedate, language)}</dd>
          </div>
        ) : null}
        {invoice ? (
          <div>
            <dt>{t('Amount due')}</dt>
            <dd data-testid="document-due">{money(document.amountremaining ?? 0)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('Currency')}</dt>
          <dd>{document.currency.text || currency.toUpperCase()}</dd>
        </div>
        <div>
          <dt>{t('Shipping method')}</dt>
          <dd>{document.shipmethod?.text || '—'}</dd>
        </div>
        <div>
          <dt>{t('Payment')}</dt>
          <dd>
            <bdi className="sw-payment">
              {[document.paymentmethod, document.ccnumber].filter(Boolean).join(' ') || '—'}
            </bdi>
          </dd>
        </div>
        {invoice && order ? (
          <div>
            <dt>{t('Order')}</dt>
            <dd>
              <a href={`/account/order/${encodeURIComponent(order)}`}>{order}</a>
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="sw-address-pair">
        <section>
          <h2>{t('Shipping address')}</h2>
          <AddressLines address={document.shipaddress} />
        </section>
        <section>
          <h2>{t('Billing address')}</h2>
          <AddressLines address={document.billaddress} />
        </section>
      </div>
      <h2>{t('Items')}</h2>
      <div className="sw-table-wrap">
        <table className="sw-table" data-testid="document-lines">
          <thead>
            <tr>
              <th scope="col">{t('Item')}</th>
              <th scope="col" className="sw-number">
                {t('Quantity')}
              </th>
              <th scope="col">{t('Units')}</th>
              <th scope="col" className="sw-number">
                {t('Rate')}
              </th>
              <th scope="col" className="sw-number">
                {t('Amount')}
              </th>
              <th scope="col" className="sw-number">
                {t('Tax')}
              </th>
              {invoice ? (
                <th scope="col" className="sw-number">
                  {t('Gross amount')}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => {
              const item = refId(line.item)
              const tax =
                typeof line.tax === 'number'
                  ? line.tax
                  : Number(line.grossamt ?? 0) - Number(line.amount ?? 0)
              return (
                <tr key={index} data-testid="document-line">
                  <td>
                    {item ? (
                      <a href={`/item/${encodeURIComponent(item)}`}>
                        {line.displayname || line.itemid || item}
                      </a>
                    ) : (
                      line.displayname || line.itemid
                    )}
                    {line.itemid && line.itemid !== line.displayname ? (
                      <span className="sw-muted sw-block">{line.itemid}</span>
                    ) : null}
                    {invoice && refText(line.taxcode) ? (
                      <span className="sw-muted sw-block">
                        {t('Tax code {0}', refText(line.taxcode))}
                      </span>
                    ) : null}
                  </td>
                  <td className="sw-number">{line.quantity}</td>
                  <td>{refText(line.units) ? t(refText(line.units)) : ''}</td>
                  <td className="sw-number">{money(line.rate)}</td>
                  <td className="sw-number">{money(line.amount)}</td>
                  <td className="sw-number">{money(tax)}</td>
                  {invoice ? <td className="sw-number">{money(line.grossamt)}</td> : null}
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      <dl className="sw-totals sw-document-totals">
        <div>
          <dt>{t('Subtotal')}</dt>
          <dd>{money(document.subtotal)}</dd>
        </div>
        <div>
          <dt>{t('Tax')}</dt>
          <dd>{money(document.taxtotal)}</dd>
        </div>
        <div>
          <dt>{t('Shipping')}</dt>
          <dd>
            {Number(document.shipping_rate ?? 0) === 0 ? t('Free') : money(document.shipping_rate)}
          </dd>
        </div>
        <div className="sw-totals-total">
          <dt>{t('Total')}</dt>
          <dd data-testid="document-total">{money(document.total)}</dd>
        </div>
      </dl>
    </article>
  )
}
