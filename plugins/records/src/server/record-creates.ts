import type { Knex } from 'knex'
import { idError, type RecordTypeData } from '@shopwright/client'
import {
  createError,
  isAppError,
  isValidId,
  type Entity,
  type RecordData,
  type RecordReference,
} from '@shopwright/core'
import type { RecordStore } from './record-store.js'
import type { RecordTypes } from './record-types.js'
import { checkFields, requireReferences, type HtmlTask } from './record-validation.js'
import type { HtmlCleaner } from './html-cleaner.js'
import type { RecordChange, RecordGuards } from './record-guards.js'
import { TimeSlices } from './time-slices.js'
import { keyText } from './record-keys.js'
import { writeAlongside, type RecordCommitter } from './record-commit.js'
import type {
  CreateResult,
  ModifyOptions,
  PreparedCreate,
  PreparedCreates,
} from './records-service.js'

/** The records that wait for an id from their type's counter. */
const idless = (records: readonly RecordData[]): RecordData[] =>
  records.filter((record) => record.id === '')

/** The creates of RecordsService: one record, or an import's batches prepared and written apart. */
export class RecordCreates {
  constructor(
    private readonly store: RecordStore,
    private readonly types: RecordTypes,
    private readonly guards: RecordGuards,
    private readonly cleaner: HtmlCleaner,
    private readonly committer: RecordCommitter,
  ) {}

  /** Creates one record (RecordsService.create). */
  async create(
    entity: Entity | null,
    data: RecordData,
    options: Pick<ModifyOptions, 'alongside' | 'version'>,
  ): Promise<RecordData> {
    const definition = await this.types.authorizeLive(
      entity,
      typeof data.type === 'string' ? data.type : undefined,
      'create',
    )
    const { record, references } = await this.prepareNew(definition, data)
    await requireReferences(references, this.store)
    const change: RecordChange = { kind: 'created', record, previous: null }
    await this.guards.check(change, entity)
    const assign = await this.store.reserveIds(idless([record]))
    await this.committer.commit(
      [{ change, message: 'created', ...(options.version ? { version: options.version } : {}) }],
      entity,
      async (trx) => {
        await this.withIds(assign, trx)
        await this.store.insert(record, trx)
        return true
      },
      entity,
      (trx) => writeAlongside(options, trx, record),
    )
    return record
  }

  /** Checks a batch of creates and writes nothing (RecordsService.prepareCreates). */
  async prepareCreates(
    entity: Entity | null,
    items: readonly RecordData[],
  ): Promise<PreparedCreates> {
    const results: Array<CreateResult | undefined> = new Array<CreateResult | undefined>(
      items.length,
    )
    const prepared: PreparedCreate[] = []
    const html: HtmlTask[] = []
    const slices = new TimeSlices()
    for (const [index, item] of items.entries()) {
      await slices.next()
      try {
        const definition = await this.types.authorizeLive(
          entity,
          typeof item.type === 'string' ? item.type : undefined,
          'create',
        )
        const { record, references } = await this.prepareNew(definition, item, html)
        prepared.push({ index, change: { kind: 'created', record, previous: null }, references })
      } catch (error) {
        if (!isAppError(error)) throw error
        results[index] = { ok: false, error }
      }
    }
    const cleaned = await this.cleaner.cleanMany(html.map((task) => task.value))
    html.forEach((task, position) => (task.record[task.field] = cleaned[position]))
    const checked: PreparedCreate[] = []
    for (const each of prepared) {
      await slices.next()
      try {
        await this.guards.check(each.change, entity)
        checked.push(each)
      } catch (error) {
        if (!isAppError(error)) throw error
        results[each.index] = { ok: false, error }
      }
    }
    return { results, prepared: checked }
  }

  /** Writes a prepared batch, one by one when the batch fails (RecordsService.commitCreates). */
  async commitCreates(
    entity: Entity | null,
    batch: PreparedCreates,
    only?: ReadonlySet<number>,
  ): Promise<CreateResult[]> {
    const results = [...batch.results]
    const chosen = only ? batch.prepared.filter(({ index }) => only.has(index)) : batch.prepared
    const writable = await this.withReferences(chosen, results)
    const created = writable.map(({ change }) => change.record)
    const assign = await this.store.reserveIds(idless(created))
    if (writable.length > 0) {
      try {
        await this.committer.commit(
          writable.map(({ change }) => ({ change, message: 'created' })),
          entity,
          async (trx) => {
            await this.withIds(assign, trx)
            await this.store.insertMany(created, trx)
            return true
          },
        )
        for (const { index, change } of writable)
          results[index] = { ok: true, record: change.record }
      } catch (error) {
        if (!isAppError(error)) throw error
        for (const { index, change } of writable) {
          try {
            const one = assign.includes(change.record) ? [change.record] : []
            await this.committer.commit([{ change, message: 'created' }], entity, async (trx) => {
              await this.withIds(one, trx)
              await this.store.insert(change.record, trx)
              return true
            })
            results[index] = { ok: true, record: change.record }
          } catch (single) {
            if (!isAppError(single)) throw single
            results[index] = { ok: false, error: single }
          }
        }
      }
    }
    return results as CreateResult[]
  }

  /**
   * Gives records still without an id (on SQLite: see RecordCounter.reserveIds) the next ids of
   * their types, inside the write: again at each attempt, since a retried transaction took its
   * numbers back.
   */
  private async withIds(records: readonly RecordData[], trx: Knex.Transaction): Promise<void> {
    for (const record of records) record.id = await this.store.nextId(record.type, trx)
  }

  /**
   * The record to insert for a create: its id, the defaults of fields left out, checked fields.
   * With `html`, its rich text is listed there to be cleaned with others', not cleaned here.
   */
  private async prepareNew(
    definition: RecordTypeData,
    data: RecordData,
    html?: HtmlTask[],
  ): Promise<{ record: RecordData; references: RecordReference[] }> {
    const record: RecordData = {
      ...data,
      type: definition.id,
      id: typeof data.id === 'string' ? data.id : '',
    }
    // An id is taken from the counter just before the write (MySQL/MariaDB, see reserveIds) or
    // inside its transaction (SQLite, see withIds).
    if (record.id === 'new') record.id = ''
    const problem = idError(record.id, false)
    if (problem) throw createError(problem, { reason: record.id })
    // A type named by hand takes no next number: its new records must bring their id.
    if (record.id === '' && definition.idrequired === true)
      throw createError('ERROR_INPUT_VALUE_REQUIRED', { reason: 'id' })
    const fields = await this.types.fieldsOf(definition, record)
    // Fields the payload leaves out take their defaults, as /data/new shows them.
    for (const field of fields) {
      if (!Object.hasOwn(record, field.id) && field.default !== undefined) {
        record[field.id] = structuredClone(field.default)
      }
    }
    const references = await checkFields(
      record,
      fields,
      html ? { requireAll: true, html } : { requireAll: true },
    )
    return { record, references }
  }

  /**
   * The prepared creates whose references all exist: stored, or written by this very batch. A
   * refused item also refuses the items that point at it, until nothing changes.
   */
  private async withReferences<
    T extends { index: number; change: RecordChange; references: RecordReference[] },
  >(prepared: readonly T[], results: Array<CreateResult | undefined>): Promise<T[]> {
    const batch = new Set(
      prepared.map(({ change }) => keyText(change.record.type, change.record.id)),
    )
    const outside = prepared.flatMap(({ references }) =>
      references.filter((ref) => !batch.has(keyText(ref.type, ref.id))),
    )
    const stored = new Set(
      (
        await this.store.getMany([
          ...new Map(
            outside
              .filter((ref) => isValidId(ref.type) && isValidId(ref.id))
              .map((ref) => [keyText(ref.type, ref.id), ref]),
          ).values(),
        ])
      ).map((record) => keyText(record.type, record.id)),
    )
    let left = [...prepared]
    for (let changed = true; changed;) {
      changed = false
      const present = new Set([
        ...stored,
        ...left.map(({ change }) => keyText(change.record.type, change.record.id)),
      ])
      left = left.filter((item) => {
        const missing = item.references.find((ref) => !present.has(keyText(ref.type, ref.id)))
        if (!missing) return true
        results[item.index] = {
          ok: false,
          error: createError('ERROR_INVALID_INPUT', {
            reason: `The referenced record ${missing.type}.${missing.id} does not exist.`,
          }),
        }
        changed = true
        return false
      })
    }
    return left
  }
}
