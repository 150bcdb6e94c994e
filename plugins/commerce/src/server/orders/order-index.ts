/**
 * The orders list's index (README, "Orders desk"): `commerce_orders`, one row per live order with
 * what the list filters, searches, sorts and sums by. The order's guard writes its row in the
 * order's own transaction (what it reads of other records, the currency's decimals and the
 * customer's e-mail, is read before it); the invoice's guard moves the order's payment standing;
 * refunds move `refunded` in theirs. A site from before the index, or seeds (which skip guards),
 * get their missing rows from `ensureBuilt`.
 */
import type { Knex } from 'knex'
import { type RecordData } from '@shopwright/core'
import { placesOf, toMinor } from '@shopwright/client'
import type { RecordChange, RecordGuard, RecordsService } from '@shopwright/plugin-records'
import type { Fulfilment, PaymentStanding } from '../../shared/orders.js'
import { INVOICE_TYPE, ORDER_TYPE } from '../../shared/types.js'
import { DOCUMENTS_TABLE } from '../migrations.js'
import { refId, textOf } from '../refs.js'
import { ORDER_PAYMENTS_TABLE, ORDERS_TABLE } from './order-tables.js'

/** Lower case without accents: how the list's search compares names and e-mails. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim()
}

const PART_SHIPPED = new Set(['partiallyFulfilled'])
const SHIPPED = new Set(['pendingBilling', 'billed', 'closed'])

/** Where an order's goods stand, from its status (list `orderstatus`). */
export function fulfilmentOf(status: string): Fulfilment {
  if (status === 'cancelled') return 'cancelled'
  if (PART_SHIPPED.has(status)) return 'partial'
  return SHIPPED.has(status) ? 'fulfilled' : 'unfulfilled'
}

/** Where an order's money stands, from its invoice's status (list `invoicestatus`). */
export function standingOfInvoice(status: string): PaymentStanding {
  if (status === 'voided') return 'voided'
  return status === 'open' ? 'pending' : 'paid'
}

/** What an order's row needs from other records, read before its transaction. */
interface Facts {
  places: number
  email: string
}

/** The columns an order's record gives its row (not its payment standing, nor refunds). */
function recordColumns(order: RecordData, facts: Facts) {
  const status = textOf(order.status)
  const name = textOf(order.shipaddress).split('\n')[0]?.trim().slice(0, 191) ?? ''
  const folded = fold(name)
  const entity = order.entity as { type?: unknown; id?: unknown } | undefined
  return {
    tranid: (textOf(order.tranid) || order.id).slice(0, 64),
    trandate: Date.parse(textOf(order.trandate)) || 0,
    status: status.slice(0, 32),
    fulfilment: fulfilmentOf(status),
    currency: (refId(order.currency) ?? '').slice(0, 16),
    total: toMinor(Number(order.total ?? 0), facts.places) ?? 0,
    name,
    name_key: folded.slice(0, 191),
    last_key: (folded.split(/\s+/).pop() ?? '').slice(0, 191),
    email: fold(facts.email).slice(0, 191),
    customer:
      typeof entity?.type === 'string' && typeof entity.id === 'string'
        ? `${entity.type}|${entity.id}`.slice(0, 191)
        : '',
    updated_at: Date.now(),
  }
}

export class OrderIndex {
  /** Each order change's facts, from its check to its write. */
  private readonly facts = new WeakMap<RecordChange, Facts>()

  constructor(
    private readonly db: Knex,
    private readonly records: Pick<RecordsService, 'find' | 'findMany'>,
  ) {}

  /** The guard of orders and invoices that keeps their rows in step. */
  readonly guard: RecordGuard = {
    check: async (change) => {
      this.facts.delete(change)
      if (change.record.type !== ORDER_TYPE) return
      if (change.kind === 'binned' || change.kind === 'removed') return
      this.facts.set(change, await this.factsOf(change.record))
    },
    write: async (change, _actor, trx) => {
      const { record } = change
      if (record.type === INVOICE_TYPE) {
        const order = refId(record.createdfrom)
        if (order && change.kind !== 'binned' && change.kind !== 'removed')
          await trx(ORDERS_TABLE)
            .where({ id: order })
            .update({ payment: standingOfInvoice(textOf(record.status)) })
        return
      }
      if (change.kind === 'binned' || change.kind === 'removed') {
        await trx(ORDERS_TABLE).where({ id: record.id }).delete()
        return
      }
      if (change.kind === 'renamed')
        await trx(ORDERS_TABLE).where({ id: change.previous.id }).delete()
      const columns = recordColumns(record, this.facts.get(change)!)
      if (change.kind === 'updated') {
        const changed = await trx(ORDERS_TABLE).where({ id: record.id }).update(columns)
        if (Number(changed) === 1) return
      }
      await this.insert(trx, record, columns)
    },
  }

  /** Counts money given back (or, negative, a refund the gateway refused), in the refund's transaction. */
  async refunded(trx: Knex.Transaction, order: string, amount: number): Promise<void> {
    await trx(ORDERS_TABLE)
      .where({ id: order })
      .update({ refunded: trx.raw('?? + ?', ['refunded', amount]) })
  }

  /**
   * Writes the rows orders lack (a site from before the index, seeded or imported orders), in pages;
   * answers how many. Two counts when nothing is missing.
   */
  async ensureBuilt(): Promise<number> {
    let built = 0
    for (;;) {
      const missing = (await this.db(`${DOCUMENTS_TABLE} as d`)
        .where('d.type', ORDER_TYPE)
        .whereNotExists(this.db(`${ORDERS_TABLE} as o`).whereRaw('?? = ??', ['o.id', 'd.id']))
        .limit(200)
        .select('d.id')) as Array<{ id: string }>
      if (missing.length === 0) return built
      const orders = await this.records.findMany(
        missing.map(({ id }) => ({ type: ORDER_TYPE, id })),
      )
      for (const order of orders) {
        const facts = await this.factsOf(order)
        const standing = await this.storedStanding(order.id)
        await this.db.transaction(async (trx) => {
          await this.insert(trx, order, recordColumns(order, facts), standing)
        })
      }
      built += orders.length
      // Rows of the documents index whose record is gone would be looked for again forever.
      if (orders.length < missing.length) return built
    }
  }

  /** The row of an order, its payment standing and refunds from what is stored beside it. */
  private async insert(
    trx: Knex.Transaction,
    order: RecordData,
    columns: ReturnType<typeof recordColumns>,
    standing?: PaymentStanding,
  ): Promise<void> {
    const payment = (await trx(ORDER_PAYMENTS_TABLE)
      .where({ order_id: order.id })
      .first('refunded')) as { refunded: number | string } | undefined
    await trx(ORDERS_TABLE)
      .insert({
        id: order.id,
        ...columns,
        // A card paid, or an on-account invoice waits (its guard moves it once paid or voided).
        payment: standing ?? (payment || textOf(order.ccnumber) ? 'paid' : 'pending'),
        refunded: Number(payment?.refunded ?? 0),
      })
      .onConflict('id')
      .merge()
  }

  /** An order's standing from its invoice, for a row built after the fact. */
  private async storedStanding(order: string): Promise<PaymentStanding | undefined> {
    const row = (await this.db(DOCUMENTS_TABLE)
      .where({ created_from: order, type: INVOICE_TYPE })
      .first('id')) as { id: string } | undefined
    const invoice = row && (await this.records.find(INVOICE_TYPE, row.id))
    return invoice ? standingOfInvoice(textOf(invoice.status)) : undefined
  }

  private async factsOf(order: RecordData): Promise<Facts> {
    const entity = order.entity as { type?: unknown; id?: unknown } | undefined
    const [currency, customer] = await Promise.all([
      this.records.find('currency', refId(order.currency) ?? ''),
      typeof entity?.type === 'string' && typeof entity.id === 'string'
        ? this.records.find(entity.type, entity.id)
        : null,
    ])
    return {
      places: placesOf({ decimalplaces: Number(currency?.decimalplaces ?? 2) }),
      email: textOf(customer?.email),
    }
  }
}

/** Orders of a query per currency: how many, their totals and refunds (minor units). */
export interface CurrencySums {
  currency: string
  count: number
  total: number
  refunded: number
}

/** Sums the orders `query` matches by currency (the list's totals, the dashboard's sales). */
export async function currencySums(db: Knex, query: Knex.QueryBuilder): Promise<CurrencySums[]> {
  const rows = (await query
    .groupBy('currency')
    .select(
      'currency',
      db.raw('count(*) as ??', ['count']),
      db.raw('coalesce(sum(??), 0) as ??', ['total', 'total']),
      db.raw('coalesce(sum(??), 0) as ??', ['refunded', 'refunded']),
    )) as Array<Record<keyof CurrencySums, number | string>>
  return rows.map((row) => ({
    currency: String(row.currency),
    count: Number(row.count),
    total: Number(row.total),
    refunded: Number(row.refunded),
  }))
}
