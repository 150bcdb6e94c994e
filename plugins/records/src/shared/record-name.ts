/**
 * A record's name for lists, breadcrumbs, pickers and reference cells (docs/admin.md, "Names"):
 * the field its type names as its title (`titlefield`), else its title, headline or name, else its
 * id. The admin shows it (admin/keys.ts) and the lists' index sorts reference columns by it
 * (server/index-labels.ts), so both read this one rule. Browser-safe.
 */

/** The fields a type without a `titlefield` is named by, the first one set winning. */
export const TITLE_FIELDS = ['title', 'headline', 'name'] as const

export function recordName(
  record: { id: string } & Record<string, unknown>,
  titlefield?: string,
): string {
  for (const field of titlefield ? [titlefield, ...TITLE_FIELDS] : TITLE_FIELDS) {
    const value = record[field]
    if (typeof value === 'string' && value.trim()) return value
  }
  return record.id
}

/**
 * The field a type's records are named by, as far as its definition tells: its `titlefield`, else
 * the first of title, headline and name among its fields; undefined when none (they show their id).
 */
export function titleFieldOf(type: { titlefield?: unknown; fields?: unknown }): string | undefined {
  if (typeof type.titlefield === 'string' && type.titlefield) return type.titlefield
  const ids = new Set(
    (Array.isArray(type.fields) ? (type.fields as unknown[]) : []).map((field) =>
      typeof field === 'object' && field !== null ? (field as { id?: unknown }).id : undefined,
    ),
  )
  return TITLE_FIELDS.find((id) => ids.has(id))
}

/**
 * The name a list value shows by (the admin's list choices, admin/field-source.ts): a plain
 * string is its own name; an object its `name`, else its id. Undefined for anything else.
 */
export function listValueName(value: unknown): { id: string; name: string } | undefined {
  if (typeof value === 'string') return { id: value, name: value }
  if (typeof value !== 'object' || value === null) return undefined
  const { id, name } = value as { id?: unknown; name?: unknown }
  if (typeof id !== 'string') return undefined
  return { id, name: typeof name === 'string' ? name : id }
}
