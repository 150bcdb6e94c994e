import { createError, isValidId, type Entity, type RecordData } from '@shopwright/core'
import { pathError, rootField, setPath } from '../shared/field-paths.js'
import type { RecordStore } from './record-store.js'
import type { RecordTypes } from './record-types.js'
import { validateFields } from './record-validation.js'
import type { RecordChange, RecordGuards } from './record-guards.js'
import { notAvailable } from './record-keys.js'
import { writeAlongside, type RecordCommitter } from './record-commit.js'
import type { FieldChange, ModifyOptions } from './records-service.js'

/** Tries of one read-modify-write before a record that keeps changing is given up on. */
const UPDATE_ATTEMPTS = 200

/** The changes of RecordsService to a stored record: field updates, and the read-modify-write loop. */
export class RecordUpdates {
  constructor(
    private readonly store: RecordStore,
    private readonly types: RecordTypes,
    private readonly guards: RecordGuards,
    private readonly committer: RecordCommitter,
  ) {}

  /** Applies changed fields (RecordsService.update). */
  async update(
    entity: Entity | null,
    type: string,
    id: string,
    changes: readonly FieldChange[],
  ): Promise<RecordData> {
    // Rights before the input: a caller without them learns nothing about what they sent.
    await this.types.authorizeLive(entity, type, 'edit')
    for (const change of changes) {
      const problem = pathError(change.field)
      if (problem) throw createError('ERROR_INVALID_INPUT', { reason: problem })
    }
    const touched = changes.map((change) => rootField(change.field))
    return this.modify(
      entity,
      type,
      id,
      touched,
      (record) => {
        for (const change of changes) {
          try {
            setPath(record, change.field, change.value)
          } catch (error) {
            throw createError('ERROR_INVALID_INPUT', { reason: (error as Error).message })
          }
        }
      },
      {},
    )
  }

  /**
   * Changes a record by a function of its stored value (RecordsService.modify): each attempt reads
   * the stored version, applies `mutate` to a copy and writes only if nobody wrote in between.
   */
  async modify(
    entity: Entity | null,
    type: string,
    id: string,
    touchedFields: readonly string[],
    mutate: (record: RecordData) => void | false,
    options: ModifyOptions,
  ): Promise<RecordData> {
    const definition = await this.types.authorizeLive(entity, type, 'edit')
    const touched = new Set(touchedFields)
    for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt++) {
      const stored = await this.store.getStored(type, id)
      if (!stored) throw notAvailable(type, id)
      if (stored.binned !== null)
        throw createError('ERROR_RECORD_NOT_AVAILABLE', {
          status: 409,
          reason: `${type}.${id} is in the bin: restore it first.`,
        })
      const record = structuredClone(stored.record)
      if (mutate(record) === false) return stored.record
      record.type = type
      await validateFields(record, await this.types.fieldsOf(definition, record), this.store, {
        only: touched,
        requireAll: false,
      })
      if (record.id !== id) {
        if (typeof record.id !== 'string' || !isValidId(record.id))
          throw createError('ERROR_INVALID_ID', { reason: String(record.id) })
        const change: RecordChange = { kind: 'renamed', record, previous: stored.record }
        await this.guards.check(change, entity)
        const renamed = await this.committer.commit(
          [
            {
              change,
              message: options.message ?? `renamed from ${id}`,
              version: options.version ?? { kind: 'renamed', note: `renamed from ${id}` },
            },
          ],
          entity,
          async (trx) =>
            (await this.store.rename(record, id, stored.version, trx)) &&
            (await writeAlongside(options, trx, record)),
          options.onBehalfOf,
        )
        if (renamed) return record
        continue
      }
      const change: RecordChange = { kind: 'updated', record, previous: stored.record }
      await this.guards.check(change, entity)
      const updated = await this.committer.commit(
        [
          {
            change,
            message: options.message ?? `updated ${[...touched].join(', ')}`,
            ...(options.version ? { version: options.version } : {}),
          },
        ],
        entity,
        async (trx) =>
          (await this.store.replaceIfVersion(record, stored.version, trx)) &&
          (await writeAlongside(options, trx, record)),
        options.onBehalfOf,
      )
      if (updated) return record
    }
    throw createError('ERROR_TOO_MANY_REQUESTS', {
      status: 409,
      reason: `${type}.${id} changed too often to apply the update.`,
    })
  }
}
