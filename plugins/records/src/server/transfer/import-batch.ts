import { isDeepStrictEqual } from 'node:util'
import {
  createError,
  inspectJson,
  isAppError,
  type AppError,
  type Entity,
  type RecordData,
} from '@shopwright/core'
import type { PreparedCreates, RecordsService } from '../records-service.js'
import type { RecordStore } from '../record-store.js'
import { TimeSlices } from '../time-slices.js'
import { failure, IMPORT_BATCH, nameOf, type BatchStep, type ImportResult } from './import-steps.js'

/** Record types whose records decide how other records are checked: a write of one re-checks what follows. */
export const META_TYPES: ReadonlySet<string> = new Set([
  'recordtype',
  'configurationtype',
  'listtype',
  'security',
])

/** A batch's first stage, done: its refusals so far, its records, and their creates checked. */
export interface PreparedBatch {
  size: number
  failures: Map<number, AppError>
  records: Array<{ index: number; record: RecordData }>
  creates: PreparedCreates
}

const keyOf = (record: RecordData): string => `${record.type}\u0000${record.id}`

/**
 * One batch of an import in two stages: `prepare` checks (writes nothing, may run ahead of the
 * batches before it), `commit` decides what exists and writes. Within a batch, new records are
 * created first, together; then existing ones are updated, then records named a second time, each
 * in the batch's order, so an update may point at a record the same batch creates.
 */
export class ImportBatch {
  constructor(
    private readonly records: RecordsService,
    private readonly store: RecordStore,
    private readonly maxItemBytes: number,
  ) {}

  /**
   * Each item's shape, then every item checked as a create (rights, fields, rich text, guards).
   * Whether an item exists is decided at the commit; those that do become updates then.
   */
  async prepare(entity: Entity | null, step: BatchStep): Promise<PreparedBatch> {
    const batch = step.items.list.slice(step.start, step.start + IMPORT_BATCH)
    const failures = new Map<number, AppError>()
    const records: Array<{ index: number; record: RecordData }> = []
    const slices = new TimeSlices()
    for (const [index, value] of batch.entries()) {
      await slices.next()
      try {
        records.push({ index, record: this.checkItem(value) })
      } catch (error) {
        if (!isAppError(error)) throw error
        failures.set(index, error)
      }
    }
    const creates = await this.records.prepareCreates(
      entity,
      records.map(({ record }) => record),
    )
    return { size: batch.length, failures, records, creates }
  }

  /** Writes a prepared batch; answers one result per item, in the batch's order. */
  async commit(
    entity: Entity | null,
    step: BatchStep,
    prepared: PreparedBatch,
  ): Promise<ImportResult[]> {
    const name = (index: number) => nameOf(step.items, step.start + index)
    const results: ImportResult[] = new Array<ImportResult>(prepared.size)
    for (const [index, error] of prepared.failures) results[index] = failure(name(index), error)
    const first = new Map<string, number>()
    const again: number[] = []
    for (const [position, { record }] of prepared.records.entries()) {
      // Records without an id are each a new one; a named record twice is the same record.
      const key =
        record.id === '' || record.id === 'new' ? `\u0000new\u0000${position}` : keyOf(record)
      if (first.has(key)) again.push(position)
      else first.set(key, position)
    }
    const existing = new Map(
      (
        await this.store.getStoredMany(
          [...first.values()].map((at) => prepared.records[at]!.record),
        )
      ).map((stored) => [keyOf(stored.record), stored.record]),
    )
    // Positions in prepared.records (and so in prepared.creates) of the records to create.
    const toCreate = new Set(
      [...first.values()].filter((at) => !existing.has(keyOf(prepared.records[at]!.record))),
    )
    const created = await this.records.commitCreates(entity, prepared.creates, toCreate)
    for (const position of toCreate) {
      const { index } = prepared.records[position]!
      const result = created[position]!
      results[index] = result.ok
        ? { ok: true, type: result.record.type, id: result.record.id, action: 'created' }
        : failure(name(index), result.error)
    }
    for (const position of first.values()) {
      const { index, record } = prepared.records[position]!
      const stored = existing.get(keyOf(record))
      if (stored) results[index] = await this.update(entity, name(index), record, stored)
    }
    for (const position of again) {
      const { index, record } = prepared.records[position]!
      results[index] = await this.again(entity, name(index), record)
    }
    return results
  }

  /** A record named a second time in a batch: an update of what the first made, or a create. */
  private async again(
    entity: Entity | null,
    name: string,
    record: RecordData,
  ): Promise<ImportResult> {
    const stored = await this.store.getStored(record.type, record.id)
    if (stored) return this.update(entity, name, record, stored.record)
    const [result] = await this.records.createMany(entity, [record])
    return result!.ok
      ? { ok: true, type: result!.record.type, id: result!.record.id, action: 'created' }
      : failure(name, result!.error)
  }

  /** An update of the fields that differ from the stored record; none differing writes nothing. */
  private async update(
    entity: Entity | null,
    name: string,
    record: RecordData,
    stored: RecordData,
  ): Promise<ImportResult> {
    const { type, id, ...fields } = record
    const changes = Object.entries(fields)
      .filter(([field, value]) => !isDeepStrictEqual(value, stored[field]))
      .map(([field, value]) => ({ field, value }))
    try {
      if (changes.length === 0) {
        // Still the caller's right to check: an import tells nothing to who may not edit it.
        await this.records.authorize(entity, type, 'edit')
        return { ok: true, type, id, action: 'unchanged' }
      }
      await this.records.update(entity, type, id, changes)
      return { ok: true, type, id, action: 'updated' }
    } catch (error) {
      if (!isAppError(error)) throw error
      return failure(name, error)
    }
  }

  /** An item as a record: an object with a type and an id, no larger and no deeper than a request may send. */
  private checkItem(value: unknown): RecordData {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw createError('ERROR_INVALID_INPUT', { reason: 'An item must be a record object.' })
    const { problem, tooLarge } = inspectJson(value, this.maxItemBytes)
    if (problem) throw createError('ERROR_INVALID_INPUT', { reason: problem })
    if (tooLarge)
      throw createError('ERROR_BODY_TOO_LARGE', {
        reason: `A record may hold at most ${this.maxItemBytes} characters of JSON.`,
      })
    const record = value as RecordData
    if (typeof record.type !== 'string' || typeof record.id !== 'string')
      throw createError('ERROR_RECORDTYPE_REQUIRED', { reason: 'An item needs a type and an id.' })
    return record
  }
}

/** True when a committed batch wrote a record of a META_TYPES type. */
export function wroteMeta(prepared: PreparedBatch, results: readonly ImportResult[]): boolean {
  return prepared.records.some(
    ({ index, record }) => META_TYPES.has(record.type) && results[index]?.ok === true,
  )
}
