/**
 * The orders desk's actions (README, "Orders desk"): each a change of the order's record made on
 * behalf of the member of staff who asked (so the log names them), with the desk's own rows written
 * in the record's transaction, and the customer's e-mail queued there too. Each call carries a key:
 * a repeat answers what the first call was answered, a key reused for another call is refused.
 * Two calls on one order from two nodes are ordered by the record's version and by conditional
 * updates of the desk's rows: one wins, the other is answered the clear refusal the new state gives.
 */
import type { Knex } from 'knex'
import {
  actorName,
  createError,
  isDuplicateKey,
  SYSTEM_ACTOR,
  type Entity,
  type Logger,
  type RecordData,
} from '@shopwright/core'
import type { RecordLogSink, RecordsService } from '@shopwright/plugin-records'
import { ORDER_TYPE, skuOf } from '../../shared/types.js'
import { isObject, textOf } from '../refs.js'
import type { OrderMails, PreparedOrderMail } from '../mail/order-mails.js'
import type { OrderShipment } from '../mail/order-mail.js'
import { planFulfilment } from './fulfil-plan.js'
import {
  ALL_SHIPPED,
  CANCELLED,
  inRounds,
  Moved,
  openOrder,
  PART_SHIPPED,
  repeat,
} from './desk-kit.js'
import { requestDigest, type OrderEvents } from './order-events.js'
import type { LineUnits, OrderLineCount, OrderLines } from './order-lines.js'
import { FULFILMENTS_TABLE } from './order-tables.js'

/** A fulfilment asked for: everything left, or the units of some lines, and how it travels. */
export interface FulfilRequest {
  /** The caller's idempotency key (16-64 letters, digits, - or _). */
  key: string
  lines?: LineUnits[] | undefined
  carrier?: string | undefined
  tracking?: string | undefined
}

/** What a fulfilment answers (and a repeat of it). */
export interface FulfilAnswer {
  order: string
  fulfilment: number
  /** The order's status after it: partiallyFulfilled, or billed once everything went out. */
  status: string
  lines: LineUnits[]
  carrier: string
  tracking: string
}

/** What a re-sent confirmation answers (and a repeat of it). */
export interface ResendAnswer {
  order: string
  /** Where it went: the address kept with the order. */
  email: string
}

export interface OrderDeskParts {
  db: Knex
  records: Pick<RecordsService, 'findFresh' | 'modify'>
  /** The log's sink for record lines, when the log plugin runs (records' `recordLogSink`). */
  logSink: () => RecordLogSink | undefined
  lines: OrderLines
  events: OrderEvents
  mails: Pick<OrderMails, 'byDesk' | 'contactOf' | 'prepare' | 'queue' | 'wake'>
  logger: Pick<Logger, 'warn'>
}

export class OrderDesk {
  constructor(private readonly parts: OrderDeskParts) {}

  /** Ships units of an order (all that is left unless lines are named), with carrier and tracking. */
  async fulfil(staff: Entity, id: string, request: FulfilRequest): Promise<FulfilAnswer> {
    const carrier = request.carrier?.trim() ?? ''
    const tracking = request.tracking?.trim() ?? ''
    const digest = requestDigest('fulfil', { lines: request.lines ?? null, carrier, tracking })
    const earlier = await this.parts.events.byKey(id, request.key)
    if (earlier) return repeat<FulfilAnswer>(earlier, digest)
    return this.parts.mails.byDesk(id, () =>
      inRounds(this.parts.events, id, { key: request.key, digest, verb: 'fulfil' }, async () => {
        const order = await openOrder(this.parts.records, id)
        const counts = await this.parts.lines.of(order)
        const plan = planFulfilment(counts, request.lines)
        const shipment = shipmentOf(order, counts, plan.units, plan.complete, carrier, tracking)
        const prepared = await this.mail(order, shipment, request.key)
        let answer: FulfilAnswer | undefined
        let queued: string[] = []
        const units = plan.units.reduce((sum, line) => sum + line.quantity, 0)
        await this.parts.records.modify(
          SYSTEM_ACTOR,
          ORDER_TYPE,
          id,
          ['status'],
          (record) => {
            if (textOf(record.status) === CANCELLED) throw createError('ERROR_ORDER_CANCELLED')
            record.status = plan.complete ? ALL_SHIPPED : PART_SHIPPED
          },
          {
            onBehalfOf: staff,
            message: `fulfilled ${units} ${units === 1 ? 'unit' : 'units'}${carrier ? ` (${carrier})` : ''}`,
            alongside: async (trx) => {
              if (!(await this.parts.lines.fulfil(id, plan.units, trx))) throw new Moved()
              if (((await this.parts.lines.left(id, trx)) === 0) !== plan.complete)
                throw new Moved()
              const [fulfilment] = (await trx(FULFILMENTS_TABLE).insert({
                order_id: id,
                carrier,
                tracking,
                lines: JSON.stringify(plan.units),
                actor: actorName(staff),
                created_at: Date.now(),
              })) as number[]
              answer = {
                order: id,
                fulfilment: Number(fulfilment),
                status: plan.complete ? ALL_SHIPPED : PART_SHIPPED,
                lines: plan.units,
                carrier,
                tracking,
              }
              await this.parts.events.add(trx, {
                order: id,
                actor: actorName(staff),
                kind: 'fulfilled',
                details: { fulfilment: answer.fulfilment, lines: plan.units, carrier, tracking },
                key: { key: request.key, request: digest, outcome: answer },
              })
              queued = prepared ? await this.parts.mails.queue(prepared, trx) : []
            },
          },
        )
        await this.parts.mails.wake(queued)
        return answer!
      }),
    )
  }

  /**
   * Sends the order's confirmation again, to the address kept with the order (the shopper lost it,
   * or it was caught as spam), with a link of its own. Logged on the order, since the record itself
   * does not change.
   */
  async resend(staff: Entity, id: string, request: { key: string }): Promise<ResendAnswer> {
    const digest = requestDigest('resend', {})
    const earlier = await this.parts.events.byKey(id, request.key)
    if (earlier) return repeat<ResendAnswer>(earlier, digest)
    const order = await openOrder(this.parts.records, id)
    const contact = await this.parts.mails.contactOf(id)
    if (!contact) throw createError('ERROR_ORDER_EMAIL_NOT_KEPT', { reason: id })
    const prepared = await this.parts.mails.prepare('confirmed', order, contact, {
      key: request.key,
    })
    if (!prepared) throw new Error(`the confirmation of order ${id} could not be made`)
    const answer: ResendAnswer = { order: id, email: contact.email }
    const actor = actorName(staff)
    let queued: string[]
    try {
      queued = await this.parts.db.transaction(async (trx) => {
        await this.parts.events.add(trx, {
          order: id,
          actor,
          kind: 'resent',
          details: { email: contact.email },
          key: { key: request.key, request: digest, outcome: answer },
        })
        await this.parts
          .logSink()
          ?.write([{ type: ORDER_TYPE, id, message: 're-sent the confirmation', actor }], trx)
        return this.parts.mails.queue(prepared, trx)
      })
    } catch (error) {
      const first = isDuplicateKey(error) && (await this.parts.events.byKey(id, request.key))
      if (first) return repeat<ResendAnswer>(first, digest)
      throw error
    }
    await this.parts.mails.wake(queued)
    return answer
  }

  /** The shipped e-mail of a parcel, made before the transaction; none without a contact. */
  private async mail(
    order: RecordData,
    shipment: OrderShipment,
    key: string,
  ): Promise<PreparedOrderMail | null> {
    const contact = await this.parts.mails.contactOf(order.id)
    return contact ? this.parts.mails.prepare('shipped', order, contact, { shipment, key }) : null
  }
}

/** What the parcel holds, by the names the order's lines carry. */
function shipmentOf(
  order: RecordData,
  counts: readonly OrderLineCount[],
  units: readonly LineUnits[],
  complete: boolean,
  carrier: string,
  tracking: string,
): OrderShipment {
  const item = isObject(order.item) ? order.item : {}
  const lines = Array.isArray(item.lines) ? item.lines : []
  return {
    carrier,
    tracking,
    complete,
    lines: units.map(({ line, quantity }) => {
      const stored = lines[line - 1]
      const name = isObject(stored)
        ? textOf(stored.displayname) || textOf(stored.itemid)
        : (counts.find((count) => count.line === line)?.item ?? '')
      const sku = isObject(stored) ? skuOf(textOf(stored.itemid)) : ''
      return { name, sku: sku === name ? '' : sku, quantity }
    }),
  }
}
