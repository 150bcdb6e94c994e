/**
 * The money invariant of checkout (README, "Checkout under failure"), checked over what the
 * database holds and what the gateway's book says it did:
 *
 * - every run that asked for a charge: captured minus refunded is the order's total when it placed
 *   an order, and 0 when it did not; the gateway charged each key at most once and refunded each
 *   charge at most once; no charge of the gateway is missing from the ledger;
 * - an order exists at most once per key: every checkout order of the audited carts is the answer of
 *   exactly one finished run;
 * - stock sold equals the order lines, and nothing stays reserved;
 * - no run is left under way, no refund owed.
 */
import type { Knex } from 'knex'
import {
  CARTS_TABLE,
  CHECKOUTS_TABLE,
  DOCUMENTS_TABLE,
  PAYMENTS_TABLE,
  STOCK_TABLE,
} from '../server/migrations.js'
import { ORDER_TYPE } from '../shared/types.js'
import { UNDER_WAY } from '../server/checkout/attempts.js'
import type { PaymentEntry } from './recording-provider.js'

export interface AuditScope {
  /** The carts (`e` + hash of the account) whose runs and orders are audited. */
  carts: readonly string[]
  /** Units on hand of the items the runs bought, before they ran. */
  stockBefore: Readonly<Record<string, number>>
  /** Currency decimal places (2 unless told). */
  places?: number
  /**
   * An order record as stored, or null: the records service's `find` in a kernel, a read of the
   * site's database where the audit runs beside the site (the cluster).
   */
  readOrder(id: string): Promise<OrderBody | null | undefined>
}

export interface AuditReport {
  /** What does not hold, one line each: empty when everything does. */
  violations: string[]
  figures: {
    runs: number
    orders: number
    charges: number
    refunds: number
    /** Runs whose charge went back because they placed no order. */
    refundedRuns: number
  }
}

/** What the audit reads of an order. */
export interface OrderBody {
  total?: number
  entity?: { type?: string; id?: string }
  item?: { lines?: Array<{ item?: { id?: string }; quantity?: number }> }
}

/** Audits the runs of `scope.carts` against `book`, the entries of a gateway only they used. */
export async function auditCheckouts(
  db: Knex,
  book: readonly PaymentEntry[],
  scope: AuditScope,
): Promise<AuditReport> {
  const violations: string[] = []
  const places = scope.places ?? 2
  const carts = [...scope.carts]
  const attempts = (await db(CHECKOUTS_TABLE)
    .whereIn('cart', carts)
    .select('cart', 'idempotency', 'state', 'result')) as Array<{
    cart: string
    idempotency: string
    state: string
    result: string | null
  }>
  const ledger = (await db(PAYMENTS_TABLE)
    .whereIn('cart', carts)
    .select('charge_key', 'idempotency', 'state', 'amount', 'charge', 'order_id')) as Array<{
    charge_key: string
    idempotency: string
    state: string
    amount: number | string
    charge: string | null
    order_id: string | null
  }>
  const owners = (await db(CARTS_TABLE)
    .whereIn('cart', carts)
    .select('entity_type', 'entity_id')) as Array<{ entity_type: string; entity_id: string }>

  // Orders of the audited accounts (commerce's own index of them), as stored.
  const orders = new Map<string, OrderBody>()
  for (const owner of owners)
    for (const id of (await db(DOCUMENTS_TABLE)
      .where({ type: ORDER_TYPE, entity_type: owner.entity_type, entity_id: owner.entity_id })
      .pluck('id')) as string[]) {
      const body = await scope.readOrder(id)
      if (body) orders.set(id, body)
      else violations.push(`order ${id} is listed but not stored`)
    }
  const minor = (value: unknown) => Math.round(Number(value ?? 0) * 10 ** places)

  // Runs: none under way, every order the answer of exactly one finished run.
  const answered = new Map<string, string>()
  for (const attempt of attempts) {
    if ((UNDER_WAY as readonly string[]).includes(attempt.state))
      violations.push(`run ${attempt.idempotency} is still ${attempt.state}`)
    if (attempt.state !== 'done') continue
    const id = (JSON.parse(attempt.result ?? '{}') as { result?: { order?: { id?: string } } })
      .result?.order?.id
    if (!id || !orders.has(id))
      violations.push(`run ${attempt.idempotency} answers a missing order ${id}`)
    else if (answered.has(id)) violations.push(`order ${id} answers two keys`)
    else answered.set(id, attempt.idempotency)
  }
  for (const id of orders.keys())
    if (!answered.has(id)) violations.push(`order ${id} is no finished run's answer`)

  // Money: per run, captured - refunded = the order's total, or 0.
  const charges = book.filter((entry) => entry.op === 'charge')
  const refunds = book.filter((entry) => entry.op === 'refund')
  const ledgerKeys = new Set(ledger.map((row) => row.charge_key))
  let refundedRuns = 0
  for (const row of ledger) {
    const charged = charges.filter((entry) => entry.key === row.charge_key)
    if (charged.length > 1) violations.push(`key ${row.charge_key} charged ${charged.length} times`)
    const ids = new Set(charged.map((entry) => entry.charge))
    const back = refunds.filter((entry) => ids.has(entry.charge))
    if (back.length > 1)
      violations.push(`charge of run ${row.idempotency} refunded ${back.length} times`)
    const captured = charged.reduce((sum, entry) => sum + entry.amount, 0)
    const refunded = back.reduce((sum, entry) => sum + entry.amount, 0)
    if (back.length > 0) refundedRuns++
    const order = row.order_id ? orders.get(row.order_id) : undefined
    if (row.state === 'paid') {
      if (!order) violations.push(`run ${row.idempotency} paid for a missing order ${row.order_id}`)
      else if (captured - refunded !== minor(order.total))
        violations.push(
          `run ${row.idempotency}: captured ${captured} - refunded ${refunded} is not its order's ${minor(order.total)}`,
        )
    } else {
      if (captured - refunded !== 0)
        violations.push(
          `run ${row.idempotency} (${row.state}) placed no order but kept ${captured - refunded}`,
        )
      if (row.state === 'charging' || row.state === 'charged' || row.state === 'refunding')
        violations.push(`run ${row.idempotency} still owes a settlement (${row.state})`)
    }
  }
  // The book is the audited runs' own (a gateway folder of their own): each of its charges has a row.
  for (const entry of charges)
    if (!ledgerKeys.has(entry.key))
      violations.push(`gateway charge ${entry.charge} is in no ledger row`)

  // Stock: sold = ordered, nothing reserved.
  const ordered = new Map<string, number>()
  for (const body of orders.values())
    for (const line of body.item?.lines ?? [])
      if (line.item?.id)
        ordered.set(line.item.id, (ordered.get(line.item.id) ?? 0) + Number(line.quantity ?? 0))
  for (const [item, before] of Object.entries(scope.stockBefore)) {
    const now = (await db(STOCK_TABLE).where({ item }).first('onhand', 'reserved')) as
      { onhand: number | string; reserved: number | string } | undefined
    const sold = before - Number(now?.onhand ?? 0)
    if (sold !== (ordered.get(item) ?? 0))
      violations.push(`item ${item}: ${sold} sold but ${ordered.get(item) ?? 0} ordered`)
    if (Number(now?.reserved ?? 0) !== 0)
      violations.push(`item ${item}: ${now?.reserved} still reserved`)
  }
  return {
    violations,
    figures: {
      runs: attempts.length,
      orders: orders.size,
      charges: charges.length,
      refunds: refunds.length,
      refundedRuns,
    },
  }
}
