import { type FieldDatatype, type FieldDefinition } from '@shopwright/client'

/** The optional parts of a field definition, besides the four every seeded field states. */
export type FieldOptions = Omit<FieldDefinition, 'id' | 'name' | 'datatype' | 'description'>

/**
 * One field definition. Every seeded field states its description and its `required` and
 * `showinlist` flags (false unless given), so the admin editor never has to guess.
 */
export function field(
  id: string,
  name: string,
  datatype: FieldDatatype,
  description: string,
  options: FieldOptions = {},
): FieldDefinition {
  return { id, name, description, datatype, required: false, showinlist: false, ...options }
}
