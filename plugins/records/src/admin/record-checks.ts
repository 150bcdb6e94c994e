import { type FieldDefinition } from '@shopwright/client'
import { type RecordData } from '@shopwright/core/shared'
import { checkField } from '../shared/field-rules.js'

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
    // A new record's id may stay empty: the server gives it the next id (docs/api.md, "Records").
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

/**
 * The field a refused save names, and what to show under it: the server's reason is the field id
 * (with the code as the message) or `<field id>: <detail>` (the detail is shown). A reason that
 * starts with a field's id (`weight must be a number`), or with a part of a structured field
 * (`price1.headers must rise: 10 follows 50`, an embedded record's), is shown whole under that
 * field, so the form says where the problem is rather than 'The request is not valid.'.
 */
export function fieldProblem(
  error: unknown,
  fields: readonly FieldDefinition[],
): { field: string; message: string } | undefined {
  const { reason, code } = error as { reason?: unknown; code?: unknown }
  if (typeof reason !== 'string' || typeof code !== 'string') return undefined
  const known = (id: string | undefined) =>
    id !== undefined && fields.some((each) => each.id === id)
  const at = reason.indexOf(': ')
  const field = at === -1 ? reason : reason.slice(0, at)
  if (known(field)) return { field, message: at === -1 ? code : reason.slice(at + 2) }
  const owner = /^([^.\s:]+)[.\s]/.exec(reason)?.[1]
  return owner && known(owner) ? { field: owner, message: reason } : undefined
}
