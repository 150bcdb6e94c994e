/**
 * Order e-mails through the account plugin's durable queue (README, "Order e-mails"). Each is
 * queued in the transaction of the change it tells of (the order's write, a status change), once
 * per order and kind (`order:SO10001:shipped`), and sent after the commit: an order is never
 * answered as failed because mail is down, and a lost SMTP server delays the message, never
 * loses it. The message is made before the transaction (its reads would wait for SQLite's one
 * connection inside it); one that cannot be made (a broken template) is logged and skipped: the
 * order matters more than its e-mail.
 */
import type { Knex } from 'knex'
import type { Logger, RecordData } from '@shopwright/core'
import type { MailQueue, MailTemplates, QueuedMail } from '@shopwright/plugin-account'
import type { RecordChange, RecordGuard, RecordsService } from '@shopwright/plugin-records'
import { ORDER_TYPE, skuOf } from '../../shared/types.js'
import { ORDER_CONTACTS_TABLE } from '../migrations.js'
import { isObject, refId, textOf } from '../refs.js'
import type { OrderLinkRow, OrderLinks } from '../checkout/order-links.js'
import {
  ORDER_MAIL_TEMPLATES,
  orderMail,
  type OrderMailData,
  type OrderMailKind,
  type OrderRefundNote,
  type OrderShipment,
} from './order-mail.js'

/** An order's e-mail made before its transaction, and the link it carries, stored with it. */
export interface PreparedOrderMail {
  mail: QueuedMail
  link: OrderLinkRow
}

/** Where an order's e-mails go. */
export interface OrderContact {
  email: string
  /** The site language the shopper bought in. */
  language: string
}

/** Statuses of an order not yet on its way, and those it is once shipped (list `orderstatus`). */
const BEFORE_SHIPPING = new Set(['pendingApproval', 'pendingFulfillment', 'partiallyFulfilled'])
const SHIPPED = new Set(['pendingBilling', 'billed', 'closed'])

/** The e-mail a status change tells of, if any. */
export function mailOfChange(from: unknown, to: unknown): OrderMailKind | null {
  const before = textOf(from)
  const after = textOf(to)
  if (before === after) return null
  if (after === 'cancelled') return 'cancelled'
  return BEFORE_SHIPPING.has(before) && SHIPPED.has(after) ? 'shipped' : null
}

/** Card brands as people write them (orders keep the brand's id: `visa`). */
const BRANDS: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  card: '',
}
const brandName = (brand: string) =>
  Object.hasOwn(BRANDS, brand.toLowerCase()) ? BRANDS[brand.toLowerCase()]! : brand

export class OrderMails {
  /** A status change's message, made before its transaction, then its queued ids. */
  private readonly waiting = new WeakMap<
    RecordChange,
    { prepared: PreparedOrderMail; ids: string[] }
  >()

  /**
   * Orders-desk actions under way on this node, by order: their status changes queue no e-mail
   * (each action queues its own). Counted, as two actions on one order may overlap.
   */
  private readonly deskOrders = new Map<string, number>()

  constructor(
    private readonly db: Knex,
    private readonly mailQueue: Pick<MailQueue, 'enqueue' | 'wake'>,
    private readonly templates: Pick<MailTemplates, 'render' | 'origin' | 'define'>,
    private readonly links: Pick<OrderLinks, 'mint' | 'keep'>,
    private readonly records: Pick<RecordsService, 'find'>,
    private readonly logger: Pick<Logger, 'error'>,
  ) {
    for (const [kind, name] of Object.entries(ORDER_MAIL_TEMPLATES))
      templates.define(name, orderMail(kind as OrderMailKind))
  }

  /**
   * In the new order's transaction: keeps where its e-mails go, and queues its confirmation (made
   * by `prepare` before the transaction). Answers the ids to wake once committed.
   */
  async placed(
    order: string,
    contact: OrderContact,
    prepared: PreparedOrderMail | null,
    trx: Knex.Transaction,
  ): Promise<string[]> {
    await trx(ORDER_CONTACTS_TABLE).insert({
      order_id: order,
      email: contact.email,
      language: contact.language,
      created_at: Date.now(),
    })
    return prepared ? this.queue(prepared, trx) : []
  }

  /**
   * Runs an orders-desk action on an order: the status change it makes queues no e-mail of its
   * own, since the action queues the one that tells what it did (a parcel, a cancellation).
   */
  async byDesk<T>(order: string, action: () => Promise<T>): Promise<T> {
    this.deskOrders.set(order, (this.deskOrders.get(order) ?? 0) + 1)
    try {
      return await action()
    } finally {
      const left = (this.deskOrders.get(order) ?? 1) - 1
      if (left > 0) this.deskOrders.set(order, left)
      else this.deskOrders.delete(order)
    }
  }

  /** Queues a prepared e-mail and stores the link it carries, in the change's transaction. */
  async queue(prepared: PreparedOrderMail, trx: Knex.Transaction): Promise<string[]> {
    const ids = await this.mailQueue.enqueue([prepared.mail], trx)
    // Queued once per order and kind: a link is kept only with the message that carries it.
    if (ids.length > 0) await this.links.keep([prepared.link], trx)
    return ids
  }

  /** The guard that queues the shipped and cancelled e-mails with staff's status changes. */
  readonly statusGuard: RecordGuard = {
    check: async (change) => {
      this.waiting.delete(change)
      if (change.kind !== 'updated' || change.record.type !== ORDER_TYPE) return
      if (this.deskOrders.has(change.record.id)) return
      const kind = mailOfChange(change.previous.status, change.record.status)
      if (!kind) return
      const contact = await this.contactOf(change.record.id)
      // Orders from before order e-mails (or imported ones) have nobody to tell.
      const prepared = contact ? await this.prepare(kind, change.record, contact) : null
      if (prepared) this.waiting.set(change, { prepared, ids: [] })
    },
    write: async (change, _actor, trx) => {
      const waiting = this.waiting.get(change)
      if (waiting) waiting.ids = await this.queue(waiting.prepared, trx)
    },
    afterCommit: async (change) => {
      const waiting = this.waiting.get(change)
      if (waiting) await this.wake(waiting.ids)
    },
  }

  /** Where an order's e-mails go; none for orders from before order e-mails (or imported). */
  async contactOf(order: string): Promise<OrderContact | undefined> {
    return (await this.db(ORDER_CONTACTS_TABLE)
      .where({ order_id: order })
      .first('email', 'language')) as OrderContact | undefined
  }

  /** Sends what a committed change queued (the queue's sweep sends it otherwise). */
  async wake(ids: readonly string[]): Promise<void> {
    if (ids.length > 0) await this.mailQueue.wake(ids)
  }

  /** The message of an order's e-mail, or null (logged) when it cannot be made. */
  async prepare(
    kind: OrderMailKind,
    order: RecordData,
    contact: OrderContact,
    options: { shipment?: OrderShipment; refund?: OrderRefundNote; key?: string } = {},
  ): Promise<PreparedOrderMail | null> {
    try {
      const link = this.links.mint(order.id)
      const data = await this.dataOf(kind, order, link.path)
      if (options.shipment) data.shipment = options.shipment
      if (options.refund) data.refund = options.refund
      const made = this.templates.render(ORDER_MAIL_TEMPLATES[kind], data, contact.language)
      // One per order and kind, unless the action names its own (one per parcel).
      const key = `order:${order.id}:${kind}${options.key ? `:${options.key}` : ''}`
      return {
        mail: { key, to: contact.email, ...made },
        link: link.row,
      }
    } catch (error) {
      this.logger.error({ err: error, order: order.id, kind }, 'order e-mail not made')
      return null
    }
  }

  /** The template's data from the order as stored. */
  private async dataOf(
    kind: OrderMailKind,
    order: RecordData,
    linkPath: string,
  ): Promise<OrderMailData> {
    const [web, currency, method] = await Promise.all([
      this.records.find('configuration', 'web'),
      this.records.find('currency', refId(order.currency) ?? ''),
      this.records.find('shipmethod', refId(order.shipmethod) ?? ''),
    ])
    const number = (value: unknown) => (typeof value === 'number' ? value : Number(value) || 0)
    const item = isObject(order.item) ? order.item : {}
    const lines = (Array.isArray(item.lines) ? item.lines : []).filter(isObject).map((line) => {
      const name = textOf(line.displayname) || textOf(line.itemid)
      const sku = skuOf(textOf(line.itemid))
      return {
        name,
        // The SKU as the item page shows it; an item whose id is its name has none to repeat.
        sku: sku === name ? '' : sku,
        quantity: number(line.quantity),
        rate: number(line.rate),
        amount: number(line.amount),
      }
    })
    const shipaddress = textOf(order.shipaddress)
    const last4 = textOf(order.ccnumber).slice(-4)
    return {
      kind,
      shop: textOf(web?.name) || 'Shopwright',
      name: shipaddress.split('\n')[0] ?? '',
      order: {
        tranid: textOf(order.tranid) || order.id,
        trandate: textOf(order.trandate),
        currency: textOf(currency?.code) || (refId(order.currency) ?? 'usd').toUpperCase(),
        lines,
        subtotal: number(order.subtotal),
        tax: number(order.taxtotal),
        shipping: number(order.shipping_rate),
        total: number(order.total),
        shipmethod: textOf(method?.name) || (refId(order.shipmethod) ?? ''),
        payment: [brandName(textOf(order.paymentmethod)), last4 ? `•••• ${last4}` : '']
          .filter(Boolean)
          .join(' '),
        shipaddress,
        billaddress: textOf(order.billaddress),
      },
      link: `${this.templates.origin}${linkPath}`,
    }
  }
}
