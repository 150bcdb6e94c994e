import { isDeepStrictEqual } from 'node:util'
import type { Knex } from 'knex'
import { createError, isAdministrator, isValidId, type RecordData } from '@shopwright/core'
import type { Actor, RecordChange, RecordGuard } from './record-guards.js'
import type { RecordStore } from './record-store.js'
import type { BinSources } from './shared-bin.js'

/** Field ids every record has already: a definition cannot take them. */
const RESERVED = new Set(['type', 'id'])
const REFERENCE_KEYS = ['recordtype', 'listtype'] as const

function refuse(detail: string): never {
  throw createError('ERROR_INVALID_INPUT', { reason: `fields: ${detail}` })
}

/** The fields of a record type that decide who may reach its records. */
const GATES = ['security', 'extends'] as const

function onlyAdministrators(reason: string): never {
  throw createError('ERROR_ACCESS_DENIED', { reason })
}

/**
 * Guards record types, which are data that decide about other data:
 * - Who guards what is the administrator's alone (docs/security.md, "Who may change who guards
 *   what"): only an administrator may change a type's `security` or `extends`, define a type again
 *   whose records exist (after it was deleted), or rename a type that has records (its records
 *   would be left to whoever defines the old id next).
 * - A type's field definitions decide what every record of the type may hold, so a broken one (no
 *   id, the same id twice, `type` or `id` as a field id, no datatype) would break every record of
 *   it. They are checked before the type is written, and the answer names the definition
 *   (`fields: field 3 ...`). Unknown datatypes are allowed: the spec shows them as text.
 * - A `titlefield` names the records in the admin (docs/admin.md, "Names"): it must be one of the
 *   type's fields (or, for a type that extends another, at least a field id).
 */
export class RecordTypeGuard implements RecordGuard {
  constructor(
    private readonly store: Pick<RecordStore, 'hasRecordsOf'>,
    /** Key types of other plugins' bin items: a record type of that id would be lost in the bin. */
    private readonly binTypes: Pick<BinSources, 'claims'> = { claims: () => false },
  ) {}

  async check(change: RecordChange, actor: Actor): Promise<void> {
    if (change.kind === 'created' || change.kind === 'updated' || change.kind === 'renamed') {
      checkFields(change.record)
      checkTitleField(change.record)
    }
    if (
      (change.kind === 'created' || change.kind === 'renamed') &&
      this.binTypes.claims(change.record.id)
    )
      throw createError('ERROR_RECORD_ALREADY_EXISTS', {
        reason: `The name ${change.record.id} is taken by a plugin's items in the bin.`,
      })
    if (isAdministrator(actor)) return
    if (change.kind === 'created') {
      if (change.record.id !== '') await this.refuseOrphans(change.record.id, this.store)
      return
    }
    if (change.kind === 'binned' || change.kind === 'removed') {
      if (await this.store.hasRecordsOf(change.record.id))
        onlyAdministrators(
          `The type ${change.record.id} has records: only an administrator may take it away.`,
        )
      return
    }
    if (change.kind !== 'updated' && change.kind !== 'renamed') return
    const { record, previous } = change
    if (change.kind === 'renamed') {
      if (await this.store.hasRecordsOf(previous.id))
        onlyAdministrators(
          `The type ${previous.id} has records: only an administrator may rename it.`,
        )
      await this.refuseOrphans(record.id, this.store)
    }
    for (const gate of GATES)
      if (!isDeepStrictEqual(record[gate], previous[gate]))
        onlyAdministrators(`Only an administrator may change the ${gate} of a record type.`)
  }

  /**
   * Inside the write, with the id it really gets (a new type may take the next number): the
   * records of a type deleted earlier are nobody's to take over but an administrator's.
   */
  async write(change: RecordChange, actor: Actor, trx: Knex.Transaction): Promise<void> {
    if (isAdministrator(actor) || (change.kind !== 'created' && change.kind !== 'renamed')) return
    await this.refuseOrphans(change.record.id, {
      hasRecordsOf: async (type) =>
        (await trx('records').where({ type }).first('id')) !== undefined,
    })
  }

  private async refuseOrphans(
    type: string,
    store: Pick<RecordStore, 'hasRecordsOf'>,
  ): Promise<void> {
    if (await store.hasRecordsOf(type))
      onlyAdministrators(
        `Records of the type ${type} exist: only an administrator may define it again.`,
      )
  }
}

/** Refuses broken field definitions (see RecordTypeGuard). */
function checkFields(record: RecordData): void {
  const fields = record.fields
  if (fields === undefined) return
  if (!Array.isArray(fields)) refuse('must be a list of field definitions')
  const seen = new Set<string>()
  fields.forEach((field: unknown, index) => {
    const where = `field ${index + 1}`
    if (typeof field !== 'object' || field === null || Array.isArray(field))
      refuse(`${where} is not a definition`)
    const { id, name, datatype } = field as Record<string, unknown>
    if (!isValidId(id)) refuse(`${where} needs an id of A-Z, a-z, 0-9, - and _`)
    if (RESERVED.has(id)) refuse(`${where}: "${id}" is every record's own, not a field id`)
    if (seen.has(id)) refuse(`${where}: the id "${id}" is used twice`)
    seen.add(id)
    if (name !== undefined && typeof name !== 'string')
      refuse(`${where} (${id}): name must be text`)
    if (typeof datatype !== 'string' || datatype === '') refuse(`${where} (${id}) needs a datatype`)
    for (const key of REFERENCE_KEYS) {
      const value = (field as Record<string, unknown>)[key]
      if (value !== undefined && value !== null && !isValidId(value))
        refuse(`${where} (${id}): ${key} must be an id`)
    }
  })
}

/**
 * Refuses a `titlefield` that names nothing: a typo would quietly name every record by its id.
 * A type that extends another may name a field of the type it extends, which is not checked here.
 */
function checkTitleField(record: RecordData): void {
  const titlefield = record.titlefield
  if (titlefield === undefined || titlefield === null) return
  const refuseTitle = (detail: string): never => {
    throw createError('ERROR_INVALID_INPUT', { reason: `titlefield: ${detail}` })
  }
  if (!isValidId(titlefield) || RESERVED.has(titlefield))
    refuseTitle("must be the id of one of the type's fields")
  if (record.extends !== undefined && record.extends !== null) return
  const fields = Array.isArray(record.fields) ? (record.fields as unknown[]) : []
  const known = fields.some(
    (field) =>
      typeof field === 'object' && field !== null && (field as { id?: unknown }).id === titlefield,
  )
  if (!known) refuseTitle(`the type has no field "${titlefield}"`)
}
