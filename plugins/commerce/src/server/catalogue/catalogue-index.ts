/**
 * Keeps commerce's index tables in step with item and category records (README, "Storage"): the
 * guard writes them in the record's own transaction, so a list never shows an item the records
 * do not hold. Seeds bypass guards, so `reindex` rebuilds the rows from the records after seeding.
 */
import type { Knex } from 'knex'
import { createError, retryTransaction, type RecordData } from '@shopwright/core'
import type { RecordChange, RecordGuard, RecordsService } from '@shopwright/plugin-records'
import { ITEM_TYPE } from '../../shared/types.js'
import { CATALOGUE_TABLE, ITEMS_TABLE, STOCK_TABLE } from '../migrations.js'
import { refId, refIds, sortKey, textOf } from '../refs.js'
import { normaliseCatalogueRecord } from './normalise.js'

/** An item's translated texts: its name, description, and a parent's option names or a child's values. */
export const ITEM_TEXTS = ['displayname', 'storedetaileddescription', 'optionnames', 'options']
const CATEGORY_TEXTS = ['name', 'custrecord_web_webcat_content']

/** An item's row of commerce_items. */
function itemRow(record: RecordData) {
  return {
    item: record.id,
    parent: refId(record.parent) ?? '',
    online: record.online === true,
    urlcomponent: (textOf(record.urlcomponent).trim() || record.id).slice(0, 191),
    sortname: sortKey(textOf(record.displayname) || record.id),
    // Its own low-stock threshold; null: the site's (COMMERCE_LOW_STOCK).
    low_at:
      typeof record.lowstock === 'number' && Number.isSafeInteger(record.lowstock)
        ? Math.max(0, record.lowstock)
        : null,
  }
}

/** The categories listing an item: online items without a parent only (README, "Records"). */
function catalogueRows(record: RecordData) {
  const row = itemRow(record)
  if (!row.online || row.parent) return []
  const primary = refId(record.primarycategory)
  const all = [...new Set([...(primary ? [primary] : []), ...refIds(record.categories)])]
  return all.map((category) => ({
    category,
    item: record.id,
    sortname: row.sortname,
    isprimary: category === primary,
  }))
}

const stockOf = (record: RecordData): number =>
  typeof record.stock === 'number' && Number.isSafeInteger(record.stock)
    ? Math.max(0, record.stock)
    : 0

/** Writes an item's index rows (not its stock) through `executor`. */
export async function indexItem(
  executor: Knex | Knex.Transaction,
  record: RecordData,
): Promise<void> {
  // created_at is written once, when commerce first sees the item: the `newest` order.
  await executor(ITEMS_TABLE)
    .insert({ ...itemRow(record), created_at: Date.now() })
    .onConflict('item')
    .merge(['parent', 'online', 'urlcomponent', 'sortname', 'low_at'])
  await executor(CATALOGUE_TABLE).where({ item: record.id }).delete()
  const rows = catalogueRows(record)
  if (rows.length > 0) await executor(CATALOGUE_TABLE).insert(rows)
}

async function unindexItem(trx: Knex.Transaction, id: string): Promise<void> {
  await trx(ITEMS_TABLE).where({ item: id }).delete()
  await trx(CATALOGUE_TABLE).where({ item: id }).delete()
}

/** Sets an item's units on hand (a stock count), keeping what checkouts hold reserved. */
async function setOnHand(
  executor: Knex | Knex.Transaction,
  item: string,
  onhand: number,
): Promise<void> {
  await executor(STOCK_TABLE)
    .insert({ item, onhand, reserved: 0, updated_at: Date.now() })
    .onConflict('item')
    .merge(['onhand', 'updated_at'])
}

/** The guard of items: shapes checked, a parent one level up only, index and stock in step. */
export function itemGuard(records: Pick<RecordsService, 'find'>): RecordGuard {
  return {
    async check(change) {
      if (change.kind !== 'created' && change.kind !== 'updated' && change.kind !== 'renamed')
        return
      const { record } = change
      await normaliseCatalogueRecord(record, ITEM_TEXTS, ['storedetaileddescription'])
      const parent = refId(record.parent)
      if (parent) {
        if (parent === record.id)
          throw createError('ERROR_INVALID_INPUT', { reason: 'parent must be another item' })
        const stored = await records.find(ITEM_TYPE, parent)
        // Child items are one level deep (README, "Records").
        if (stored && refId(stored.parent))
          throw createError('ERROR_INVALID_INPUT', {
            reason: `parent ${parent} is itself a child item`,
          })
      }
    },
    async write(change: RecordChange, _actor, trx) {
      const { record, previous } = change
      switch (change.kind) {
        case 'created':
          await indexItem(trx, record)
          await setOnHand(trx, record.id, stockOf(record))
          return
        case 'renamed': {
          const created = (await trx(ITEMS_TABLE)
            .where({ item: previous!.id })
            .first('created_at')) as { created_at: number | string } | undefined
          await unindexItem(trx, previous!.id)
          await trx(STOCK_TABLE).where({ item: previous!.id }).update({ item: record.id })
          await indexItem(trx, record)
          // A new id is not a new item.
          if (created)
            await trx(ITEMS_TABLE)
              .where({ item: record.id })
              .update({ created_at: Number(created.created_at) })
          if (record.stock !== previous!.stock) await setOnHand(trx, record.id, stockOf(record))
          return
        }
        case 'updated':
          await indexItem(trx, record)
          if (record.stock !== previous!.stock) await setOnHand(trx, record.id, stockOf(record))
          return
        case 'restored':
          await indexItem(trx, record)
          await trx(STOCK_TABLE)
            .insert({
              item: record.id,
              onhand: stockOf(record),
              reserved: 0,
              updated_at: Date.now(),
            })
            .onConflict('item')
            .ignore()
          return
        case 'binned':
          await unindexItem(trx, record.id)
          return
        case 'removed':
          await unindexItem(trx, record.id)
          await trx(STOCK_TABLE).where({ item: record.id }).delete()
          return
      }
    },
  }
}

/** The guard of categories: their structured fields checked. */
export const categoryGuard: RecordGuard = {
  async check(change) {
    if (change.kind === 'created' || change.kind === 'updated' || change.kind === 'renamed')
      await normaliseCatalogueRecord(change.record, CATEGORY_TEXTS, [
        'custrecord_web_webcat_content',
      ])
  },
  async write(change, _actor, trx) {
    // Items name their categories; a renamed category takes its listing rows along.
    if (change.kind === 'renamed')
      await trx(CATALOGUE_TABLE)
        .where({ category: change.previous.id })
        .update({ category: change.record.id })
  },
}

/** Records seeds wrote straight to the store are indexed here; existing stock is never reset. */
export async function reindexItems(
  db: Knex,
  records: Pick<RecordsService, 'findAll'>,
): Promise<number> {
  let after: string | undefined
  let count = 0
  for (;;) {
    const page = await records.findAll(ITEM_TYPE, { after, limit: 500 })
    if (page.length === 0) return count
    await retryTransaction(db, async (trx) => {
      for (const record of page) {
        await indexItem(trx, record)
        await trx(STOCK_TABLE)
          .insert({ item: record.id, onhand: stockOf(record), reserved: 0, updated_at: Date.now() })
          .onConflict('item')
          .ignore()
      }
    })
    count += page.length
    after = page[page.length - 1]!.id
  }
}
