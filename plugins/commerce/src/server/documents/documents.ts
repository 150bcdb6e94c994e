/**
 * Orders and invoices as their customer reads them (docs/api.md, "Storefront data"): only the
 * caller's own, paged newest first from commerce_documents; another's, a missing one and a binned
 * one all answer the same not-available code (404), so nobody learns which order numbers exist. The
 * guard keeps the documents' server-owned fields as checkout wrote them: staff change the status
 * and the memo, nothing else.
 */
import type { Knex } from 'knex'
import {
  createError,
  isSystemActor,
  type AccessService,
  type Entity,
  type RecordData,
} from '@shopwright/core'
import type { RecordGuard, RecordsService } from '@shopwright/plugin-records'
import { INVOICE_TYPE, ORDER_TYPE, PAYMENTS_SECURITY } from '../../shared/types.js'
import { DOCUMENTS_TABLE } from '../migrations.js'
import { refId, textOf } from '../refs.js'

export type DocumentType = typeof ORDER_TYPE | typeof INVOICE_TYPE
export const DOCUMENT_TYPES: readonly DocumentType[] = [ORDER_TYPE, INVOICE_TYPE]

/** Fields staff may change on a stored document; the rest is the checkout's. */
const EDITABLE = new Set(['status', 'memo'])
/**
 * Order statuses only the orders desk moves an order to or from (README, "Orders desk"): a
 * cancellation gives stock and money back, a part shipment is counted per line, so neither is a
 * status staff may type.
 */
const DESK_STATUSES = new Set(['cancelled', 'partiallyFulfilled'])
const STATUSES: Record<DocumentType, readonly string[]> = {
  salesorder: [
    'pendingApproval',
    'pendingFulfillment',
    'partiallyFulfilled',
    'pendingBilling',
    'billed',
    'closed',
    'cancelled',
  ],
  // `voided`: the invoice of a cancelled order (the orders desk's; staff cannot type it).
  invoice: ['open', 'paidInFull', 'voided'],
}

const notAvailable = (type: DocumentType, reason?: string) =>
  createError(type === ORDER_TYPE ? 'ERROR_ORDER_NOT_AVAILABLE' : 'ERROR_INVOICE_NOT_AVAILABLE', {
    reason,
  })

function documentRow(record: RecordData) {
  const entity = record.entity as { type?: unknown; id?: unknown } | undefined
  return {
    type: record.type,
    id: record.id,
    entity_type: typeof entity?.type === 'string' ? entity.type : '',
    entity_id: typeof entity?.id === 'string' ? entity.id : '',
    trandate: Date.parse(textOf(record.trandate)) || 0,
    created_from: refId(record.createdfrom) ?? '',
  }
}

const statusOf = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'object' && value !== null
      ? textOf((value as { id?: unknown }).id)
      : ''

/**
 * Invoice statuses whose change moves a customer's credit: marking one paid frees it, opening one
 * again takes it. Only edit on the payments security record makes either (docs/security.md,
 * "Customer credit"); `voided` is the orders desk's alone, below.
 */
const PAYMENT_STATUSES = new Set(['open', 'paidInFull'])

/**
 * The guard of orders and invoices (both types). `access` answers whether a member of staff holds
 * edit on the payments security record.
 */
export const documentGuard = (access: Pick<AccessService, 'can'>): RecordGuard => ({
  async check(change, actor) {
    const type = change.record.type as DocumentType
    if (change.kind === 'created' || change.kind === 'updated') {
      const status = statusOf(change.record.status)
      if (!STATUSES[type].includes(status))
        throw createError('ERROR_INVALID_INPUT', {
          reason: `status must be one of ${STATUSES[type].join(', ')}`,
        })
      change.record.status = status
    }
    if (isSystemActor(actor)) return
    if (change.kind === 'created')
      throw createError('ERROR_ACCESS_DENIED', {
        reason: 'orders and invoices are made by checkout',
      })
    if (change.kind === 'renamed')
      throw createError('ERROR_ACCESS_DENIED', { reason: 'document numbers do not change' })
    if (change.kind === 'updated') {
      // Whatever else the editor sent back, the stored values stand.
      const { record, previous } = change
      for (const key of new Set([...Object.keys(record), ...Object.keys(previous)])) {
        if (key === 'type' || key === 'id' || EDITABLE.has(key)) continue
        if (Object.hasOwn(previous, key)) record[key] = previous[key]
        else delete record[key]
      }
      const before = statusOf(previous.status)
      const after = statusOf(record.status)
      if (
        before !== after &&
        (type === ORDER_TYPE
          ? DESK_STATUSES.has(before) || DESK_STATUSES.has(after)
          : before === 'voided' || after === 'voided')
      )
        throw createError('ERROR_ACCESS_DENIED', {
          reason:
            'the orders desk moves an order to cancelled or partly shipped (its cancel and fulfil actions give stock and money back and count each line)',
        })
      if (
        type === INVOICE_TYPE &&
        before !== after &&
        PAYMENT_STATUSES.has(before) &&
        PAYMENT_STATUSES.has(after) &&
        !(await access.can(actor, PAYMENTS_SECURITY, 'edit'))
      )
        throw createError('ERROR_ACCESS_DENIED', {
          reason: `marking an invoice paid or open again needs edit on the ${PAYMENTS_SECURITY} security record (it frees or takes the customer's credit)`,
        })
      // An invoice marked paid owes nothing more: its credit goes back to the customer's limit.
      if (type === INVOICE_TYPE && record.status === 'paidInFull') record.amountremaining = 0
    }
  },
  async write(change, _actor, trx) {
    if (change.kind === 'created' || change.kind === 'restored')
      await trx(DOCUMENTS_TABLE)
        .insert(documentRow(change.record))
        .onConflict(['type', 'id'])
        .merge()
    else if (change.kind === 'binned' || change.kind === 'removed')
      await trx(DOCUMENTS_TABLE).where({ type: change.record.type, id: change.record.id }).delete()
  },
})

/** An open invoice's currency and what is left to pay on it (decimals, as the record keeps it). */
export interface OpenInvoice {
  id: string
  currency: string
  remaining: number
}

/** A document as its customer reads it: statuses and references with their text. */
export interface DocumentAnswer extends Record<string, unknown> {
  id: string
  tranid: string
  trandate: string
  status: string
  statusid: string
}

export class Documents {
  constructor(
    private readonly db: Knex,
    private readonly records: Pick<RecordsService, 'find' | 'findMany' | 'findAll'>,
  ) {}

  /** One of the caller's documents. */
  async get(entity: Entity, type: DocumentType, id: string): Promise<DocumentAnswer> {
    const record = await this.records.find(type, id)
    const owner = record?.entity as { type?: unknown; id?: unknown } | undefined
    if (!record || owner?.type !== entity.type || owner.id !== entity.id)
      throw notAvailable(type, id)
    return (await this.answers([record]))[0]!
  }

  /** A document whoever holds its link may read (checkout/order-links.ts): no owner check here. */
  async byLink(type: DocumentType, id: string): Promise<DocumentAnswer> {
    const record = await this.records.find(type, id)
    if (!record) throw notAvailable(type, id)
    return (await this.answers([record]))[0]!
  }

  /** A page of the caller's documents, newest first. */
  async list(entity: Entity, type: DocumentType, page: number, pagesize: number) {
    const where = { entity_type: entity.type, entity_id: entity.id, type }
    const counted = (await this.db(DOCUMENTS_TABLE).where(where).count({ count: '*' })) as Array<{
      count: number | string
    }>
    const count = counted[0]?.count ?? 0
    const rows = (await this.db(DOCUMENTS_TABLE)
      .where(where)
      .orderBy([
        { column: 'trandate', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .offset((page - 1) * pagesize)
      .limit(pagesize)
      .select('id')) as Array<{ id: string }>
    const found = await this.records.findMany(rows.map(({ id }) => ({ type, id })))
    const byId = new Map(found.map((record) => [record.id, record]))
    const ordered = rows
      .map(({ id }) => byId.get(id))
      .filter((record): record is RecordData => record !== undefined)
    const total = Number(count)
    return {
      data: await this.answers(ordered),
      page,
      pages: Math.max(1, Math.ceil(total / pagesize)),
      pagesize,
      total,
    }
  }

  /**
   * What a customer still owes on each open invoice, with its currency: their credit used (an
   * on-account order must fit under the limit with it: checkout/credit.ts). Amounts stay the
   * invoices' decimals; the credit check turns them into minor units of the limit's currency.
   */
  async openInvoices(entity: Entity): Promise<OpenInvoice[]> {
    const rows = (await this.db(DOCUMENTS_TABLE)
      .where({ entity_type: entity.type, entity_id: entity.id, type: INVOICE_TYPE })
      .select('id')) as Array<{ id: string }>
    const open: OpenInvoice[] = []
    for (let start = 0; start < rows.length; start += 200) {
      const invoices = await this.records.findMany(
        rows.slice(start, start + 200).map(({ id }) => ({ type: INVOICE_TYPE, id })),
      )
      for (const invoice of invoices)
        if (statusOf(invoice.status) === 'open')
          open.push({
            id: invoice.id,
            currency: refId(invoice.currency) ?? '',
            remaining: Number(invoice.amountremaining ?? 0),
          })
    }
    return open
  }

  /** The answer shapes, with the texts of statuses, currencies and shipping methods. */
  private async answers(records: readonly RecordData[]): Promise<DocumentAnswer[]> {
    const linked = (field: string, type: string) =>
      [
        ...new Set(
          records.map((record) => refId(record[field])).filter((id): id is string => id !== null),
        ),
      ].map((id) => ({ type, id }))
    const lists = await this.records.findMany([
      { type: 'listtype', id: 'orderstatus' },
      { type: 'listtype', id: 'invoicestatus' },
      ...linked('currency', 'currency'),
      ...linked('shipmethod', 'shipmethod'),
    ])
    const names = new Map<string, string>()
    for (const list of lists) {
      names.set(`${list.type}|${list.id}`, textOf(list.code) || textOf(list.name))
      if (list.type === 'listtype')
        for (const value of (Array.isArray(list.values) ? list.values : []) as Array<
          Record<string, unknown>
        >)
          names.set(`${list.id}|${textOf(value.id)}`, textOf(value.name))
    }
    return records.map((record) => {
      const statusid = statusOf(record.status)
      const list = record.type === ORDER_TYPE ? 'orderstatus' : 'invoicestatus'
      const { entity: _entity, memo: _memo, ...shown } = record
      return {
        ...shown,
        id: record.id,
        tranid: textOf(record.tranid),
        trandate: textOf(record.trandate),
        status: names.get(`${list}|${statusid}`) || statusid,
        statusid,
        currency: {
          id: refId(record.currency) ?? '',
          text: names.get(`currency|${refId(record.currency)}`) ?? '',
        },
        shipmethod: {
          id: refId(record.shipmethod) ?? '',
          text: names.get(`shipmethod|${refId(record.shipmethod)}`) ?? '',
        },
      }
    })
  }
}

/**
 * Fills the order an invoice was made from on rows indexed before the index kept it (migration
 * 011): once, in pages, on the first start after it; nothing to do afterwards.
 */
export async function backfillOrigins(
  db: Knex,
  records: Pick<RecordsService, 'findMany'>,
): Promise<number> {
  let filled = 0
  for (;;) {
    const rows = (await db(DOCUMENTS_TABLE)
      .where({ type: INVOICE_TYPE })
      .whereNull('created_from')
      .limit(500)
      .select('id')) as Array<{ id: string }>
    if (rows.length === 0) return filled
    const found = new Map(
      (await records.findMany(rows.map(({ id }) => ({ type: INVOICE_TYPE, id })))).map((record) => [
        record.id,
        record,
      ]),
    )
    for (const { id } of rows)
      await db(DOCUMENTS_TABLE)
        .where({ type: INVOICE_TYPE, id })
        .update({ created_from: refId(found.get(id)?.createdfrom) ?? '' })
    filled += rows.length
  }
}

/** The invoice made from an order, if it has one (the first, should there be several). */
export async function invoiceOf(db: Knex, order: string): Promise<string | undefined> {
  const row = (await db(DOCUMENTS_TABLE)
    .where({ created_from: order, type: INVOICE_TYPE })
    .orderBy('id')
    .first('id')) as { id: string } | undefined
  return row?.id
}

/** Rebuilds the documents index from the records (after seeds, which skip guards). */
export async function reindexDocuments(
  db: Knex,
  records: Pick<RecordsService, 'findAll'>,
): Promise<void> {
  for (const type of DOCUMENT_TYPES) {
    let after: string | undefined
    for (;;) {
      const page = await records.findAll(type, { after, limit: 500 })
      if (page.length === 0) break
      await db(DOCUMENTS_TABLE).insert(page.map(documentRow)).onConflict(['type', 'id']).merge()
      after = page[page.length - 1]!.id
    }
  }
}
