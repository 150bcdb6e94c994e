/**
 * A record's name for lists, breadcrumbs and reference cells: its title, headline or name, else its
 * id. The admin shows it (admin/keys.ts) and the lists' index sorts reference columns by it
 * (server/index-labels.ts), so both read this one rule. Browser-safe.
 */
export function recordName(record: { id: string } & Record<string, unknown>): string {
  for (const field of ['title', 'headline', 'name'] as const) {
    const value = record[field]
    if (typeof value === 'string' && value.trim()) return value
  }
  return record.id
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
