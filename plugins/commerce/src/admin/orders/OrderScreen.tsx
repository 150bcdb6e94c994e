import './orders.css'
import { useCallback, useEffect, useState } from 'react'
import { useParams } from 'react-router'
import {
  Breadcrumbs,
  Button,
  ErrorView,
  useAccess,
  useClientApi,
  useLanguage,
  useT,
} from '@shopwright/admin-ui/kit'
import type { OrderCurrency, OrderRow } from '../../shared/orders.js'
import { ORDERS_SECURITY } from '../../shared/types.js'
import { OrderActions } from './OrderActions.js'
import { OrderBadges } from './OrderBadges.js'
import { fulfilmentOf } from './order-format.js'
import { linesOf, refOf, textOf } from './order-record.js'
import { OrderLines } from './OrderLines.js'
import { OrderSide } from './OrderSide.js'
import { OrderTimeline } from './OrderTimeline.js'
import { ordersApi, type CustomerCard, type OrdersApi, type OrderView } from './orders-api.js'

export default function OrderScreen() {
  const api = useClientApi(ordersApi)
  const { id = '' } = useParams()
  const access = useAccess([ORDERS_SECURITY])
  return <Order api={api} id={id} canEdit={access?.[ORDERS_SECURITY]?.edit === true} />
}

interface Shown {
  view: OrderView
  currency: OrderCurrency
  customer: CustomerCard | null
  /** The order's row of the list: where its money stands (its invoice's), and the e-mail kept. */
  row: OrderRow | null
}

/**
 * The order, its currency, its customer and its row of the list, read together; the last two
 * only help (staff may not read customers), so their failures show less, never an error.
 */
async function read(api: OrdersApi, id: string): Promise<Shown> {
  const view = await api.get(id)
  const currency = refOf(view.order.currency)?.id ?? ''
  const entity = refOf(view.order.entity)
  const tranid = textOf(view.order.tranid) || id
  const [shown, customer, row] = await Promise.all([
    api.currency(currency),
    entity ? api.customer(entity.type, entity.id).catch(() => null) : null,
    api.list({ q: tranid }).then(
      (page) => page.data.find((each) => each.id === id) ?? null,
      () => null,
    ),
  ])
  return { view, currency: row?.currency ?? shown, customer, row }
}

/**
 * `/orders/:id` (docs/admin.md, "Orders screens"): one order as staff work on it: its status, what
 * was bought and what shipped, who bought it and where it goes, the money and its refunds, the
 * parcels and the history; and the actions the order allows, for staff who may edit orders. After
 * an action the order is read again and a confirmation shows without stopping anyone.
 */
export function Order({ api, id, canEdit }: { api: OrdersApi; id: string; canEdit: boolean }) {
  const t = useT()
  const { language } = useLanguage()
  const [shown, setShown] = useState<Shown | undefined>(undefined)
  const [error, setError] = useState<unknown>(undefined)
  const [notice, setNotice] = useState('')
  const [round, setRound] = useState(0)

  useEffect(() => {
    let live = true
    setError(undefined)
    read(api, id).then(
      (found) => live && setShown(found),
      (failure: unknown) => live && setError(failure),
    )
    return () => {
      live = false
    }
  }, [api, id, round])
  // Another order's screen starts empty, never with the last one's figures.
  useEffect(() => {
    setShown(undefined)
    setNotice('')
  }, [id])
  const reload = useCallback(() => setRound((value) => value + 1), [])
  const done = useCallback(
    (message: string) => {
      setNotice(message)
      reload()
    },
    [reload],
  )

  const crumbs = (label: string) => (
    <Breadcrumbs items={[{ label: t('Orders'), to: '/orders' }, { label }]} />
  )
  if (error && !shown)
    return (
      <section data-testid="order">
        {crumbs(id)}
        <ErrorView title="ERROR_ORDER_NOT_AVAILABLE" error={error}>
          <Button icon="refresh" onClick={reload} data-testid="retry">
            {t('Try Again')}
          </Button>
        </ErrorView>
      </section>
    )
  if (!shown)
    return (
      <section data-testid="order" aria-busy="true">
        {crumbs(id)}
        <p className="sw-muted">{t('Loading...')}</p>
      </section>
    )

  const { view, currency, row } = shown
  const customer: CustomerCard | null =
    shown.customer || row
      ? {
          name: shown.customer?.name || row?.name || '',
          email: shown.customer?.email || row?.email || '',
        }
      : null
  const { order } = view
  const tranid = textOf(order.tranid) || order.id
  const lines = linesOf(view, currency)
  const placed = textOf(order.trandate)
  const placedBy =
    customer?.name || textOf(order.shipaddress).split('\n')[0]?.trim() || t('The customer')
  return (
    <section className="sw-order" data-testid="order">
      {crumbs(tranid)}
      <header className="sw-order-head">
        <h1>{t('Order {0}', tranid)}</h1>
        <OrderBadges
          fulfilment={fulfilmentOf(textOf(order.status))}
          payment={row?.payment ?? (view.payment || textOf(order.ccnumber) ? 'paid' : 'pending')}
          refunded={view.payment?.refunded ?? 0}
          total={view.payment?.captured ?? 0}
        />
        {placed ? (
          <time className="sw-muted" dateTime={placed}>
            {new Date(placed).toLocaleString(language, { dateStyle: 'long', timeStyle: 'short' })}
          </time>
        ) : null}
      </header>
      <p className="sw-order-notice" role="status" data-testid="order-notice">
        {notice}
      </p>
      {canEdit ? (
        <OrderActions
          api={api}
          view={view}
          lines={lines}
          currency={currency}
          email={customer?.email ?? ''}
          done={done}
        />
      ) : null}
      {error ? (
        <p className="sw-field-error" role="alert">
          {t('The order could not be read again.')}
        </p>
      ) : null}
      <div className="sw-order-grid">
        <div className="sw-order-main">
          <OrderLines view={view} lines={lines} currency={currency} />
          <OrderTimeline view={view} lines={lines} currency={currency} placedBy={placedBy} />
        </div>
        <OrderSide view={view} currency={currency} customer={customer} />
      </div>
    </section>
  )
}
