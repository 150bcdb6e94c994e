import { useEffect, useState } from 'react'
import {
  isQueryError,
  type RecordCollection,
  type RecordData,
  type Translate,
} from '@shopwright/core/shared'
import type { PageProps } from '@shopwright/storefront/shared'
import { useSession, useT } from '@shopwright/storefront/react'
import { Pager } from '../../components/Pager.js'

/** Rows per page of the account's tables (spec 000 section 9: web list 50). */
const PAGE_SIZE = 50

type Kind = 'order' | 'invoice'

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
  order: {
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

/** A list answer, or null when the record type does not exist yet (no commerce plugin). */
async function listOf(client: ReturnType<typeof useSession>['client'], kind: Kind, page: number) {
  try {
    return await client.get<RecordCollection<RecordData>>(`/data/list/${kind}`, {
      pagesize: PAGE_SIZE,
      page,
    })
  } catch (error) {
    if (isQueryError(error) && (error.status === 404 || error.code === 'ERROR_RECORDTYPE_REQUIRED'))
      return null
    throw error
  }
}

/**
 * `/account/orders` and `/account/invoices`: paged tables of the account's orders or invoices whose
 * rows open the document. Until the commerce plugin brings those record types, the empty state.
 */
function DocumentList({ kind, props }: { kind: Kind; props: PageProps['props'] }) {
  const { client } = useSession()
  const t = useT()
  const said = words(t)[kind]
  const page = Math.max(1, Number(props.page) || 1)
  const [answer, setAnswer] = useState<RecordCollection<RecordData> | null | undefined>(undefined)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    listOf(client, kind, page).then(setAnswer, () => setFailed(true))
  }, [client, kind, page])
  return (
    <section>
      <h1>{said.title}</h1>
      {failed ? <p role="alert">{said.failed}</p> : null}
      {answer === undefined && !failed ? <p className="sw-muted">{t('Loading...')}</p> : null}
      {answer === null || answer?.list.length === 0 ? (
        <p data-testid={`${kind}s-empty`}>{said.empty}</p>
      ) : null}
      {answer && answer.list.length > 0 ? (
        <table className="sw-table">
          <thead>
            <tr>
              <th>{t('Number')}</th>
              <th>{t('Date')}</th>
              <th>{t('Status')}</th>
            </tr>
          </thead>
          <tbody>
            {answer.list.map((record) => (
              <tr key={record.id}>
                <td>
                  <a href={`${said.path}/${encodeURIComponent(record.id)}`}>{record.id}</a>
                </td>
                <td>{String(record.date ?? '')}</td>
                <td>{String(record.status ?? '')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {answer ? <Pager page={page} pages={answer.pages} /> : null}
    </section>
  )
}

/** One order or invoice, or its not-available message. */
function DocumentView({ kind, id }: { kind: Kind; id: string }) {
  const { client } = useSession()
  const t = useT()
  const said = words(t)[kind]
  const [record, setRecord] = useState<RecordData | null | undefined>(undefined)
  useEffect(() => {
    client
      .get<RecordData>(`/data/get/${kind}/${encodeURIComponent(id)}`)
      .then(setRecord, () => setRecord(null))
  }, [client, kind, id])
  if (record === undefined) return <p className="sw-muted">{t('Loading...')}</p>
  if (record === null)
    return (
      <section role="alert">
        <h1>{said.missing}</h1>
      </section>
    )
  return (
    <section>
      <h1>{said.heading(record.id)}</h1>
      <p>{String(record.status ?? '')}</p>
    </section>
  )
}

export const Orders = ({ props }: PageProps) => <DocumentList kind="order" props={props} />
export const Invoices = ({ props }: PageProps) => <DocumentList kind="invoice" props={props} />
export const Order = ({ params }: PageProps) => <DocumentView kind="order" id={params.id ?? ''} />
export const Invoice = ({ params }: PageProps) => (
  <DocumentView kind="invoice" id={params.id ?? ''} />
)
