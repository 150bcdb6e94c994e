import { useEffect, useState } from 'react'
import { isQueryError, type Translate } from '@shopwright/core/shared'
import type { PageProps } from '@shopwright/storefront/shared'
import { useSession, useT, useTranslation } from '@shopwright/storefront/react'
import { mdiArrowLeft } from '@mdi/js'
import { AddressLines } from '../../components/AddressLines.js'
import { ErrorView } from '../../components/ErrorView.js'
import { Icon } from '../../components/Icon.js'
import { PageLoading } from '../../components/PageLoading.js'
import { Pager } from '../../components/Pager.js'
import { useSite } from '../../components/site.js'
import type { NsList } from '../../lib/commerce.js'
import { formatDate } from '../../lib/dates.js'
import { OrderProgress } from './OrderProgress.js'
import { useMoney } from '../../lib/money.js'

/** The record types of the customer's documents (commerce's `salesorder` and `invoice`). */
type Kind = 'salesorder' | 'invoice'

/** A line of an order or invoice as the customer reads it (spec 001 section 3). */
interface DocumentLine {
  item?: unknown
  itemid?: string
  displayname?: string
  quantity?: number
  rate?: number
  amount?: number
  grossamt?: number
  tax?: number
  taxcode?: unknown
  units?: unknown
}

/** An order or invoice as `/query/ns/data/get/{salesorder|invoice}/{id}` answers it (amounts in major units). */
export interface DocumentAnswer {
  id: string
  tranid: string
  trandate: string
  status: string
  /** The status's id (`pendingFulfillment`), as `status` is its name. */
  statusid?: string
  currency: { id: string; text: string }
  subtotal?: number
  taxtotal?: number
  shipping_rate?: number
  total?: number
  shipmethod?: { id: string; text: string }
  shipaddress?: string
  billaddress?: string
  ccnumber?: string
  paymentmethod?: string
  duedate?: string
  amountremaining?: number
  createdfrom?: unknown
  item?: { lines?: DocumentLine[] }
}

interface Words {
  title: string
  empty: string
  failed: string
  path: string
  missing: string
  heading(id: string): string
}

/** What the screens of each kind say, in the current language. */
const words = (t: Translate): Record<Kind, Words> => ({
  salesorder: {
    title: t('Orders'),
    empty: t('You have no orders yet.'),
    failed: t('ERROR_ORDERS_NOT_AVAILABLE'),
    path: '/account/order',
    missing: t('ERROR_ORDER_NOT_AVAILABLE'),
    heading: (id) => t('Order {0}', id),
  },
  invoice: {
    title: t('Invoices'),
    empty: t('You have no invoices yet.'),
    failed: t('ERROR_INVOICES_NOT_AVAILABLE'),
    path: '/account/invoice',
    missing: t('ERROR_INVOICE_NOT_AVAILABLE'),
    heading: (id) => t('Invoice {0}', id),
  },
})

/** The test ids of the empty states, as the browser suites know them. */
const EMPTY_TEST_ID: Record<Kind, string> = {
  salesorder: 'orders-empty',
  invoice: 'invoices-empty',
}

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

/** True for the answer of a site whose plugins have no documents call (the API's unknown address). */
function noCommerce(error: unknown, kind: Kind): boolean {
  const own = kind === 'salesorder' ? 'ERROR_ORDERS_NOT_AVAILABLE' : 'ERROR_INVOICES_NOT_AVAILABLE'
  return isQueryError(error) && error.status === 404 && error.code !== own
}

/**
 * `/account/orders` and `/account/invoices`: the account's documents, newest first, as a paged
 * table (web list 50) of number, date, status and total in the document's own currency; rows
 * open the document.
 */
function DocumentList({ kind, props }: { kind: Kind; props: PageProps['props'] }) {
  const { client } = useSession()
  const { pagination } = useSite()
  const { language } = useTranslation()
  const { decimal } = useMoney()
  const t = useT()
  const said = words(t)[kind]
  const page = Math.max(1, Number(props.page) || 1)
  const [answer, setAnswer] = useState<NsList<DocumentAnswer> | undefined>(undefined)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let live = true
    setFailed(false)
    client
      .get<NsList<DocumentAnswer>>(`/ns/data/list/${kind}`, { page, pagesize: pagination.weblist })
      .then(
        (list) => live && setAnswer(list),
        (error: unknown) => {
          if (!live) return
          // A site without the commerce plugin has no such call: nothing to list, not a failure.
          if (noCommerce(error, kind)) setAnswer({ data: [], page: 1, pages: 1, pagesize: 0 })
          else setFailed(true)
        },
      )
    return () => {
      live = false
    }
  }, [client, kind, page, pagination.weblist])
  if (failed) return <ErrorView title={said.failed} />
  return (
    <section className="sw-documents">
      <h1>{said.title}</h1>
      {answer === undefined ? <PageLoading /> : null}
      {answer?.data.length === 0 ? (
        <p className="sw-empty" data-testid={EMPTY_TEST_ID[kind]}>
          {said.empty}
        </p>
      ) : null}
      {answer && answer.data.length > 0 ? (
        <div className="sw-table-wrap">
          <table className="sw-table" data-testid={`${kind}-table`}>
            <thead>
              <tr>
                <th scope="col">{t('Number')}</th>
                <th scope="col">{t('Date')}</th>
                <th scope="col">{t('Status')}</th>
                {kind === 'invoice' ? <th scope="col">{t('Due date')}</th> : null}
                <th scope="col" className="sw-number">
                  {t('Total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {answer.data.map((document) => (
                <tr key={document.id} data-testid="document-row">
                  <td>
                    <a href={`${said.path}/${encodeURIComponent(document.id)}`}>
                      {document.tranid || document.id}
                    </a>
                  </td>
                  <td>{formatDate(document.trandate, language)}</td>
                  <td>
                    <span className="sw-status">{t(document.status)}</span>
                  </td>
                  {kind === 'invoice' ? <td>{formatDate(document.duedate, language)}</td> : null}
                  <td className="sw-number">{decimal(document.total, document.currency.id)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {answer ? <Pager page={page} pages={answer.pages} /> : null}
    </section>
  )
}

/**
 * One order or invoice: its details, lines and totals; or its not-available view. `linkKey`: read
 * through an order link (`/order/{id}?key=`, no account), whose page leads back to the shop.
 */
function DocumentView({ kind, id, linkKey }: { kind: Kind; id: string; linkKey?: string }) {
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

export const Orders = ({ props }: PageProps) => <DocumentList kind="salesorder" props={props} />
export const Invoices = ({ props }: PageProps) => <DocumentList kind="invoice" props={props} />
export const Order = ({ params }: PageProps) => (
  <DocumentView kind="salesorder" id={params.id ?? ''} />
)
/** `/order/:id?key=`: the order an order link opens, for whoever holds it (no account). */
export const OrderByLink = ({ params, props }: PageProps) => (
  <section className="sw-order-link">
    <DocumentView kind="salesorder" id={params.id ?? ''} linkKey={props.key ?? ''} />
  </section>
)
export const Invoice = ({ params }: PageProps) => (
  <DocumentView kind="invoice" id={params.id ?? ''} />
)
