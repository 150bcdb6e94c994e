/**
 * Writing a checkout's order and invoice in one transaction of the records service (README,
 * "Checkout"). The order's guard completes the sale inside that transaction, conditional on the
 * run still being this request's: the run is marked done, the stock hold becomes a sale, the
 * bought lines leave the cart, the charge is marked paid and the confirmation e-mail is queued.
 */
import { SYSTEM_ACTOR, createError } from '@shopwright/core'
import type { RecordChange, RecordGuard } from '@shopwright/plugin-records'
import type { CartAnswer } from '../../shared/answers.js'
import { INVOICE_TYPE, ORDER_TYPE } from '../../shared/types.js'
import type { OrderContact, PreparedOrderMail } from '../mail/order-mails.js'
import { refId } from '../refs.js'
import type { PlacedOrder, Run } from './attempts.js'
import type { CheckoutParts } from './checkout.js'
import type { OrderDocuments } from './order-documents.js'

type WriterParts = Pick<
  CheckoutParts,
  | 'records'
  | 'attempts'
  | 'holds'
  | 'store'
  | 'payments'
  | 'mails'
  | 'catalogue'
  | 'pages'
  | 'logger'
>

/** What the order's guard does in its transaction, by order id (set just before the write). */
interface Sale {
  run: Run
  chargeKey: string | null
  lines: readonly string[]
  items: readonly string[]
  result: PlacedOrder
  /** Where the order's e-mails go, when anywhere, and its confirmation made before the write. */
  contact: OrderContact | null
  confirmation: PreparedOrderMail | null
  /** The confirmation's queued ids, woken once the order is committed. */
  mail: string[]
}

/** A sale about to be written: its run, priced cart, documents and the charge to mark paid. */
export interface SaleToWrite {
  run: Run
  cart: CartAnswer
  documents: OrderDocuments
  chargeKey: string | null
  contact: OrderContact | null
}

export class OrderWriter {
  /** Sales waiting for their order's write, by order id. */
  private readonly sales = new Map<string, Sale>()

  /** `written` is called inside the order's transaction once the sale is complete. */
  constructor(
    private readonly parts: WriterParts,
    private readonly written: (run: Run) => Promise<void>,
  ) {}

  /** The guard of orders and invoices that completes a sale inside the order's write. */
  readonly guard: RecordGuard = {
    write: async (change: RecordChange, _actor, trx) => {
      if (change.kind !== 'created') return
      if (change.record.type === INVOICE_TYPE) {
        // An invoice of checkout's is written only beside, or after, its order.
        const order = refId(change.record.createdfrom)
        if (
          order &&
          this.sales.has(order) &&
          !(await this.parts.records.findFresh(ORDER_TYPE, order, trx))
        )
          throw createError('ERROR_ORDER_NOT_AVAILABLE', { reason: order })
        return
      }
      if (change.record.type !== ORDER_TYPE) return
      const sale = this.sales.get(change.record.id)
      if (!sale) return
      // First, conditional on the run still being this request's: one taken over rolls the
      // order back, before it can touch the stock.
      await this.parts.attempts.finish(sale.run, sale.result, trx)
      if (!(await this.parts.holds.sell(sale.run.attempt, trx)))
        // The hold ran out before the order was written (a very slow payment): refuse the order.
        throw createError('ERROR_CARTLINE_NOT_AVAILABLE', { reason: 'the stock hold expired' })
      await this.parts.store.removeBought(sale.run.cart, sale.lines, trx)
      if (sale.chargeKey)
        await this.parts.payments.paid(sale.run, sale.chargeKey, change.record.id, trx)
      if (sale.contact)
        sale.mail = await this.parts.mails.placed(
          change.record.id,
          sale.contact,
          sale.confirmation,
          trx,
        )
      await this.written(sale.run)
    },
    // Pages show "out of stock" from the page cache: drop them when a sale takes an item to 0.
    afterCommit: async (change: RecordChange) => {
      const sale =
        change.kind === 'created' && change.record.type === ORDER_TYPE
          ? this.sales.get(change.record.id)
          : undefined
      if (!sale) return
      await this.parts.mails.wake(sale.mail)
      const left = await this.parts.catalogue.available(sale.items)
      if ([...left.values()].some((units) => units === 0)) await this.parts.pages.invalidatePages()
    },
  }

  /** Writes the order and its invoice, the sale completing with the order; answers the order. */
  async write({ run, cart, documents, chargeKey, contact }: SaleToWrite): Promise<PlacedOrder> {
    const { order, invoice, result } = documents
    const tranid = result.order.id
    this.sales.set(tranid, {
      run,
      chargeKey,
      lines: cart.lines.map((line) => line.id),
      items: cart.lines.map((line) => line.item),
      result,
      contact,
      confirmation: contact ? await this.parts.mails.prepare('confirmed', order, contact) : null,
      mail: [],
    })
    try {
      // One transaction for both; should the records service fall back to writing them one by
      // one, the order's guard still sells with the order and the invoice's waits for the order.
      const [placed, invoiced] = await this.parts.records.createMany(SYSTEM_ACTOR, [order, invoice])
      if (!placed!.ok) throw placed!.error
      if (!invoiced!.ok) {
        // The order is placed and paid: never refund it for its invoice. Try the invoice again.
        this.parts.logger.error(
          { err: invoiced!.error, order: tranid },
          'invoice of a placed order refused; writing it again',
        )
        await this.parts.records
          .create(SYSTEM_ACTOR, invoice)
          .catch((error: unknown) =>
            this.parts.logger.error(
              { err: error, order: tranid },
              'invoice of a placed order not written',
            ),
          )
      }
    } finally {
      this.sales.delete(tranid)
    }
    return result
  }
}
