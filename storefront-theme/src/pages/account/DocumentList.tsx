import { useEffect, useState } from 'react'
import { isQueryError } from '@shopwright/client'
import type { PageProps } from '@shopwright/storefront/shared'
import { useSession, useT, useTranslation } from '@shopwright/storefront/react'
import { ErrorView } from '../../components/ErrorView.js'
import { PageLoading } from '../../components/PageLoading.js'
import { Pager } from '../../components/Pager.js'
import { useSite } from '../../components/site.js'
import type { NsList } from '../../lib/commerce.js'
import { formatDate } from '../../lib/dates.js'
import { useMoney } from '../../lib/money.js'
import type { DocumentAnswer } from './document-answer.js'
import { words, type Kind } from './document-kinds.js'

/** The test ids of the empty states, as the browser suites know them. */
const EMPTY_TEST_ID: Record<Kind, string> = {
  salesorder: 'orders-empty',
  invoice: 'invoices-empty',
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
export function DocumentList({ kind, props }: { kind: Kind; props: PageProps['props'] }) {
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
