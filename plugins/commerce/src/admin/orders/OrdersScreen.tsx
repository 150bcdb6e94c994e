import './orders.css'
import { useMemo } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import {
  Button,
  DataTable,
  ErrorView,
  LoadMore,
  useClientApi,
  useLanguage,
  usePageSize,
  useT,
  type Column,
} from '@shopwright/admin-ui/kit'
import type { OrderRow } from '../../shared/orders.js'
import { money } from './order-format.js'
import { OrderBadges } from './OrderBadges.js'
import { requestOf } from './order-filters.js'
import { OrdersFinder } from './OrdersFinder.js'
import { OrdersSummary } from './OrdersSummary.js'
import { ordersApi, type OrdersApi } from './orders-api.js'
import { useOrderPages } from './use-order-pages.js'

export default function OrdersScreen() {
  const api = useClientApi(ordersApi)
  return <Orders api={api} />
}

/**
 * `/orders` (docs/admin.md, "Orders screens"): the orders, newest first, under filter tabs, a
 * search and a date range that live in the address (Back, a reload and a shared link show the same
 * list), with the count and totals of all that match and Load more for the next page.
 */
export function Orders({ api }: { api: OrdersApi }) {
  const t = useT()
  const { language } = useLanguage()
  const navigate = useNavigate()
  const [search, setSearch] = useSearchParams()
  const key = search.toString()
  // One request per address, so the pages reload when the address changes and only then.
  const request = useMemo(() => requestOf(new URLSearchParams(key)), [key])
  // Rows per page: the `pagination` configuration's admin list size (null until the shell has it).
  const pages = useOrderPages(api, request, usePageSize('adminlist'))
  const filtered = Boolean(request.filter || request.q || request.from || request.to)

  const columns: Array<Column<OrderRow>> = [
    {
      id: 'number',
      label: t('Order'),
      render: (row) => (
        <Link to={`/orders/${encodeURIComponent(row.id)}`} className="sw-order-number">
          {row.tranid}
        </Link>
      ),
    },
    {
      id: 'date',
      label: t('Date'),
      render: (row) => (
        <time dateTime={row.trandate}>
          {new Date(row.trandate).toLocaleString(language, {
            dateStyle: 'medium',
            timeStyle: 'short',
          })}
        </time>
      ),
    },
    {
      id: 'customer',
      label: t('Customer'),
      render: (row) => (
        <span className="sw-order-customer">
          <span>{row.name || t('No name')}</span>
          {row.email ? <small className="sw-muted">{row.email}</small> : null}
        </span>
      ),
    },
    {
      id: 'status',
      label: t('Status'),
      render: (row) => (
        <OrderBadges
          fulfilment={row.fulfilment}
          payment={row.payment}
          refunded={row.refunded}
          total={row.total}
        />
      ),
    },
    {
      id: 'total',
      label: t('Total'),
      render: (row) => (
        <span className="sw-order-money">
          <span>{money(row.total, row.currency, language)}</span>
          {row.refunded > 0 ? (
            <small className="sw-muted">
              {t('{0} refunded', money(row.refunded, row.currency, language))}
            </small>
          ) : null}
        </span>
      ),
    },
  ]

  return (
    <section className="sw-orders" data-testid="orders">
      <h1>{t('Orders')}</h1>
      <OrdersFinder search={search} setSearch={setSearch} onRefresh={pages.reload} />
      <OrdersSummary summary={pages.summary} loading={pages.loading} language={language} />
      {pages.error && pages.rows.length === 0 ? (
        <ErrorView title="ERROR_ORDERS_NOT_AVAILABLE" error={pages.error}>
          <Button icon="refresh" onClick={pages.reload} data-testid="retry">
            {t('Try Again')}
          </Button>
        </ErrorView>
      ) : (
        <div className="sw-orders-list">
          <DataTable
            rows={pages.rows}
            columns={columns}
            rowKey="id"
            onRowClick={(row) => void navigate(`/orders/${encodeURIComponent(row.id)}`)}
            loading={pages.loading && pages.rows.length === 0}
            empty={
              filtered ? (
                <span className="sw-orders-empty">
                  {t('No orders match these filters.')}{' '}
                  <Button
                    onClick={() => setSearch(new URLSearchParams())}
                    data-testid="clear-filters"
                  >
                    {t('Clear filters')}
                  </Button>
                </span>
              ) : (
                t('No orders yet.')
              )
            }
            testId="orders-table"
          />
        </div>
      )}
      {pages.error && pages.rows.length > 0 ? (
        <p className="sw-field-error" role="alert" data-testid="more-error">
          {t('The next orders could not be loaded.')}
        </p>
      ) : null}
      <LoadMore hasMore={pages.next !== null} loading={pages.loading} onMore={pages.more} />
    </section>
  )
}
