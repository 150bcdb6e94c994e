/** The key a stored list or record value is matched to its choice by (`type|id` for references). */
export function keyOfValue(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'object' && value !== null) {
    const { type, id } = value as { type?: unknown; id?: unknown }
    if (typeof id === 'string')
      return typeof type === 'string' && 'reference' in value ? `${type}|${id}` : id
  }
  return ''
}
