import type { Knex } from 'knex'
import { createError, isAppError, type Entity, type RecordData } from '@shopwright/core'
import type { RecordStore } from './record-store.js'
import type { StoredRecord } from './record-rows.js'
import type { RecordTypes } from './record-types.js'
import type { RecordChange, RecordGuards } from './record-guards.js'
import type { BinItem } from './shared-bin.js'
import { keyText, notAvailable } from './record-keys.js'
import type { Pending, RecordCommitter } from './record-commit.js'
import type { RecordKey } from './records-service.js'
import { recordName, titleFieldOf } from '../shared/record-name.js'

/**
 * The records' side of the bin, for RecordsService: moving records to it and back, deleting them
 * for good, and the bin's page and Empty for the types the caller may see or delete.
 */
export class RecordBin {
  constructor(
    private readonly store: RecordStore,
    private readonly types: RecordTypes,
    private readonly guards: RecordGuards,
    private readonly committer: RecordCommitter,
  ) {}

  /** RecordsService.bin. */
  async bin(entity: Entity | null, keys: readonly RecordKey[]): Promise<RecordKey[]> {
    return this.each(entity, keys, 'binned', 'moved to the bin', (stored, trx) =>
      this.store.bin(stored.record.type, stored.record.id, trx, stored.version),
    )
  }

  /** RecordsService.restore. */
  async restore(entity: Entity | null, keys: readonly RecordKey[]): Promise<RecordKey[]> {
    return this.each(entity, keys, 'restored', 'restored from the bin', (stored, trx) =>
      this.store.restore(stored.record.type, stored.record.id, trx, stored.version),
    )
  }

  /** RecordsService.remove. */
  async remove(entity: Entity | null, keys: readonly RecordKey[]): Promise<RecordKey[]> {
    return this.each(entity, keys, 'removed', 'deleted', (stored, trx) =>
      this.store.remove(stored.record.type, stored.record.id, trx, stored.version),
    )
  }

  /**
   * RecordsService.unpublish: the live record leaves the site as a deletion does for the guards,
   * the caches and the listeners, while `alongside` keeps its fields as a draft in the same
   * transaction; its versions stay. The caller has checked the rights.
   */
  async unpublish(
    entity: Entity | null,
    type: string,
    id: string,
    message: string,
    alongside: (trx: Knex.Transaction, record: RecordData) => Promise<void>,
  ): Promise<RecordData> {
    const stored = await this.store.getStored(type, id)
    if (!stored || stored.binned !== null) throw notAvailable(type, id)
    const change: RecordChange = { kind: 'removed', record: stored.record, previous: stored.record }
    await this.guards.check(change, entity)
    await this.committer.commit([{ change, message, unpublished: true }], entity, async (trx) => {
      if (!(await this.store.remove(type, id, trx, stored.version)))
        throw createError('ERROR_RECORD_NOT_AVAILABLE', {
          status: 409,
          reason: `${type}.${id} changed meanwhile: try again.`,
        })
      await alongside(trx, stored.record)
      return true
    })
    return stored.record
  }

  /** RecordsService.binnedKeys. */
  async binnedKeys(entity: Entity | null, ids: readonly string[]): Promise<RecordKey[]> {
    return this.store.binnedKeys(await this.viewableTypes(entity), ids)
  }

  /** RecordsService.binItems: the bin's page, of the types the caller may view. */
  async binItems(
    entity: Entity | null,
    options: { limit: number; after?: { binned: number; type: string; id: string } },
  ): Promise<BinItem[]> {
    const viewable = await this.viewableTypes(entity)
    const rows = await this.store.listBin({
      types: viewable,
      limit: options.limit,
      after: options.after,
    })
    // Each item by its type's title field, as the admin names records (docs/admin.md, "Names").
    const titleFields = new Map<string, string | undefined>()
    for (const type of new Set(rows.map((row) => row.record.type))) {
      const definition = await this.types.find(type)
      titleFields.set(type, definition ? titleFieldOf(definition) : undefined)
    }
    return rows.map((row) => ({
      type: row.record.type,
      id: row.record.id,
      name: recordName(row.record, titleFields.get(row.record.type)),
      binned: row.binned!,
    }))
  }

  /** RecordsService.emptyBin: each binned record the caller may delete, and a guard lets go. */
  async emptyBin(entity: Entity | null): Promise<{ deleted: number }> {
    let deleted = 0
    for (const type of await this.store.binnedTypes()) {
      const definition = await this.types.find(type)
      if (!definition || !(await this.types.flags(entity, definition)).delete) continue
      for (const stored of await this.store.binnedOf(type)) {
        const change: RecordChange = {
          kind: 'removed',
          record: stored.record,
          previous: stored.record,
        }
        try {
          await this.guards.check(change, entity)
        } catch (error) {
          if (!isAppError(error)) throw error
          continue
        }
        // Each record apart, and only as it was read and still in the bin: one restored (or
        // changed) since the bin was read stays.
        const removed = await this.committer.commit(
          [{ change, message: 'deleted when the bin was emptied' }],
          entity,
          (trx) => this.store.remove(type, stored.record.id, trx, stored.version, true),
        )
        if (removed) deleted++
      }
    }
    return { deleted }
  }

  private async viewableTypes(entity: Entity | null): Promise<string[]> {
    const viewable: string[] = []
    for (const type of await this.store.binnedTypes()) {
      const definition = await this.types.find(type)
      if (definition && (await this.types.flags(entity, definition)).view) viewable.push(type)
    }
    return viewable
  }

  /**
   * Bin, restore or delete of several records: the type's delete flag on every type first, then
   * every record is read and shown to the guards, and only then all are written in one transaction,
   * so a refused call changes nothing.
   */
  private async each(
    entity: Entity | null,
    keys: readonly RecordKey[],
    kind: 'binned' | 'restored' | 'removed',
    message: string,
    run: (stored: StoredRecord, trx: Knex.Transaction) => Promise<boolean>,
  ): Promise<RecordKey[]> {
    if (keys.length === 0)
      throw createError('ERROR_PARAMETER_EXPECTED', {
        reason: 'Name at least one record as type|id.',
      })
    for (const type of new Set(keys.map((each) => each.type))) {
      await this.types.authorize(entity, type, 'delete')
    }
    const unique = [...new Map(keys.map((each) => [keyText(each.type, each.id), each])).values()]
    const stored = new Map(
      (await this.store.getStoredMany(unique)).map((row) => [
        keyText(row.record.type, row.record.id),
        row,
      ]),
    )
    const pending: Array<Pending & { stored: StoredRecord }> = []
    for (const { type, id } of unique) {
      const row = stored.get(keyText(type, id))
      const live = row !== undefined && row.binned === null
      if (!row || (kind === 'binned' && !live)) throw notAvailable(type, id)
      if (kind === 'restored' && live)
        throw notAvailable(type, id, `${type}.${id} is not in the bin`)
      const change = { kind, record: row.record, previous: row.record } as RecordChange
      await this.guards.check(change, entity)
      pending.push({ change, message, stored: row })
    }
    // Each write is conditional on the version the guards judged: a record changed meanwhile (an
    // account given a role since) refuses the whole call, and nothing is written.
    await this.committer.commit(pending, entity, async (trx) => {
      for (const { stored: row } of pending) {
        if (!(await run(row, trx)))
          throw createError('ERROR_RECORD_NOT_AVAILABLE', {
            status: 409,
            reason: `${row.record.type}.${row.record.id} changed meanwhile: try again.`,
          })
      }
      return true
    })
    return unique
  }
}
