import type { FieldDefinition } from '@shopwright/client'
import type { RecordData } from '@shopwright/core/shared'

/** Empty in every spelling a form and a store may give it. */
function blank(value: unknown): boolean {
  return value === undefined || value === null || value === ''
}

function same(left: unknown, right: unknown): boolean {
  if (blank(left) && blank(right)) return true
  return JSON.stringify(left) === JSON.stringify(right)
}

/**
 * What others saved to a draft, taken into an open form (docs/history.md, "Editing together"):
 * the fields whose stored value differs from the form's, except those the form changed and has not
 * saved yet (the person's own edit wins on their screen, and the server merges it field by field
 * when it is saved). Answers the form's values with them and the fields taken, in form order.
 */
export function othersChanges(
  fields: readonly FieldDefinition[],
  form: RecordData,
  stored: RecordData,
  pending: ReadonlySet<string>,
): { values: RecordData; taken: FieldDefinition[] } {
  const taken = fields.filter(
    (field) =>
      field.id !== 'id' && !pending.has(field.id) && !same(form[field.id], stored[field.id]),
  )
  if (taken.length === 0) return { values: form, taken }
  const values: RecordData = { ...form }
  for (const field of taken)
    if (stored[field.id] === undefined) delete values[field.id]
    else values[field.id] = stored[field.id]
  return { values, taken }
}
