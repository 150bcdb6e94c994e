import type { Knex } from 'knex'
import type { Logger } from '@shopwright/core'
import type { RecordLogSink, RecordsService } from '@shopwright/plugin-records'
import type { OrderMails } from '../mail/order-mails.js'
import type { PaymentProviders } from '../payment/providers.js'
import { OrderCancel } from './order-cancel.js'
import { OrderDesk } from './order-desk.js'
import { OrderEvents } from './order-events.js'
import { OrderIndex } from './order-index.js'
import { OrderLines } from './order-lines.js'
import { OrderList } from './order-list.js'
import { OrderSummary } from './order-summary.js'
import { OrderRefund } from './order-refund.js'
import { OrderRefunds } from './order-refunds.js'
import { OrderViews } from './order-view.js'

/** The orders desk's parts (README, "Orders desk"): one of each per kernel. */
export interface OrdersDesk {
  /** Fulfil and re-send. */
  desk: OrderDesk
  cancels: OrderCancel
  refunds: OrderRefund
  /** Money owed back to cards, asked of gateways after each action and by the sweep. */
  ledger: OrderRefunds
  views: OrderViews
  /** The orders list and the index it reads. */
  list: OrderList
  index: OrderIndex
  /** The dashboard's figures: sales, orders to ship, items low on stock. */
  summary: OrderSummary
}

export interface OrdersDeskDeps {
  db: Knex
  records: RecordsService
  orderMails: OrderMails
  paymentProviders: PaymentProviders
  /** The log's sink for record lines, when the log plugin runs. */
  logSink: () => RecordLogSink | undefined
  /** Drops the storefront's cached pages (stock came back), on a site with one. */
  invalidatePages: () => Promise<void>
  /** The site's low-stock threshold (COMMERCE_LOW_STOCK). */
  lowStock: number
  logger: Logger
}

export function ordersDesk(deps: OrdersDeskDeps): OrdersDesk {
  const { db, records, orderMails: mails, logger, logSink } = deps
  const lines = new OrderLines(db)
  const events = new OrderEvents(db)
  const index = new OrderIndex(db, records)
  const ledger = new OrderRefunds({
    db,
    records,
    providers: deps.paymentProviders,
    events,
    index,
    logger,
  })
  return {
    desk: new OrderDesk({ db, records, logSink, lines, events, mails, logger }),
    cancels: new OrderCancel({
      db,
      records,
      lines,
      events,
      refunds: ledger,
      mails,
      invalidatePages: deps.invalidatePages,
      logger,
    }),
    refunds: new OrderRefund({ db, records, events, refunds: ledger, mails, logSink, logger }),
    ledger,
    views: new OrderViews(db, records, lines, events, ledger),
    list: new OrderList(db, records),
    index,
    summary: new OrderSummary(db, records, deps.lowStock),
  }
}
