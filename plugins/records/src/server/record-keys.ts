import { createError, type AppError } from '@shopwright/core'

/** A record's (type, id) as one string, to key a Map or a Set (a valid type or id holds no NUL). */
export const keyText = (type: string, id: string): string => `${type}\u0000${id}`

/** ERROR_RECORD_NOT_AVAILABLE for a record that is not there: `type.id`, or the reason given. */
export const notAvailable = (type: string, id: string, reason?: string): AppError =>
  createError('ERROR_RECORD_NOT_AVAILABLE', { reason: reason ?? `${type}.${id}` })

/** The ids of records grouped by their type, in the order first seen: one query per type. */
export function idsByType(
  keys: ReadonlyArray<{ type: string; id: string }>,
): Map<string, string[]> {
  const byType = new Map<string, string[]>()
  for (const { type, id } of keys) {
    const ids = byType.get(type)
    if (ids) ids.push(id)
    else byType.set(type, [id])
  }
  return byType
}
