import { fieldDisplay, type FieldDefinition } from '@shopwright/client'
import { checkField, isEmptyValue } from '../shared/field-rules.js'

/** One embedded record as a form edits it: a plain object. */
export type EmbeddedRecord = Record<string, unknown>

const isObject = (value: unknown): value is EmbeddedRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A `record` field's embedded record: the stored object, or an empty one when there is none. */
export function embeddedObject(value: unknown): EmbeddedRecord {
  return isObject(value) ? value : {}
}

/** A `recordlist` field's embedded records; an element that is not an object reads as empty. */
export function embeddedList(value: unknown): EmbeddedRecord[] {
  return Array.isArray(value) ? value.map(embeddedObject) : []
}

/** The fields of an embedded type its form shows: `displayembed`, falling back to `display`. */
export function embeddedFields(fields: readonly FieldDefinition[]): FieldDefinition[] {
  return fields.filter((field) => fieldDisplay(field, 'embed') !== 'hidden')
}

/** A new element of an embedded list: its type's defaults, nothing else. */
export function newEmbedded(fields: readonly FieldDefinition[]): EmbeddedRecord {
  const record: EmbeddedRecord = {}
  for (const field of fields)
    if (field.default !== undefined && field.default !== null)
      record[field.id] = structuredClone(field.default)
  return record
}

/** True when no field of the record holds a value: a `record` field then holds none at all. */
export function isEmptyRecord(record: EmbeddedRecord): boolean {
  return Object.values(record).every(isEmptyValue)
}

export type EmbeddedEdit = { ok: true; record: EmbeddedRecord } | { ok: false; code: string }

/**
 * One field of an embedded record typed into: the record to keep, with the value as the field's
 * check stores it (a decimal typed as text becomes a number, as the top-level form saves it) and
 * an emptied field left out; or the check's error code, and nothing to keep. The embedded record
 * is saved as its owner (a plugin's guard) receives it, so it is checked here, field by field.
 */
export function editEmbedded(
  record: EmbeddedRecord,
  field: FieldDefinition,
  typed: unknown,
): EmbeddedEdit {
  const check = checkField(field, typed)
  if (!check.ok) return { ok: false, code: check.code }
  const next = { ...record }
  if (isEmptyValue(check.value)) delete next[field.id]
  else next[field.id] = check.value
  return { ok: true, record: next }
}
