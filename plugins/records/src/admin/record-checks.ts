import { checkField, type FieldDefinition, type RecordData } from '@shopwright/core/shared'

/**
 * The browser's check of a form before it saves, with the server's rules (core/src/shared): the
 * named fields, or all of them for a new record. Answers field id -> error code; empty when valid.
 */
export function formErrors(
  fields: readonly FieldDefinition[],
  values: RecordData,
  only?: ReadonlySet<string>,
): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const field of fields) {
    if (only && !only.has(field.id)) continue
    // A new record's id may stay empty: the server gives it the next id (spec 000 section 5).
    const check = checkField(field, values[field.id])
    if (!check.ok) errors[field.id] = check.code
  }
  return errors
}

/** The stored form of a field's value after its check (numbers for integer fields, lower-case e-mail). */
export function normalised(fields: readonly FieldDefinition[], values: RecordData): RecordData {
  const result: RecordData = { ...values }
  for (const field of fields) {
    const check = checkField(field, values[field.id])
    if (check.ok && values[field.id] !== undefined) result[field.id] = check.value
  }
  return result
}
