import type { FieldDefinition } from '@shopwright/client'
import type { RecordSection } from '@shopwright/admin-ui/kit'

/** A titled part of the record form: the fields whose `tab` names it, then plugins' parts. */
export interface FormGroup {
  /** The `tab` the group's fields name; null for a form without groups. */
  tab: string | null
  fields: FieldDefinition[]
  sections: RecordSection[]
}

const tabOf = (field: FieldDefinition): string | null =>
  typeof field.tab === 'string' && field.tab.trim() ? field.tab.trim() : null

/**
 * The form's groups (docs/admin.md, "Field groups"): one per `tab` the fields name, in the order
 * the fields first name it; a field without a tab joins the first group (a type's own `Id`, a
 * configuration type's extra fields), so a type without tabs is one untitled group, as before. A
 * plugin's part joins the group of its tab, after its fields, or makes a group of its own at the
 * end.
 */
export function formGroups(
  fields: readonly FieldDefinition[],
  sections: readonly RecordSection[] = [],
): FormGroup[] {
  const first = fields.map(tabOf).find((tab) => tab !== null) ?? null
  const groups = new Map<string | null, FormGroup>()
  const groupOf = (tab: string | null): FormGroup => {
    let group = groups.get(tab)
    if (!group) {
      group = { tab, fields: [], sections: [] }
      groups.set(tab, group)
    }
    return group
  }
  if (fields.length > 0) groupOf(first)
  for (const field of fields) groupOf(tabOf(field) ?? first).fields.push(field)
  for (const section of sections) groupOf(section.tab.trim() || first).sections.push(section)
  return [...groups.values()]
}
