import { createError, type AppError } from '@shopwright/core'

/** A record's (type, id) as one string, to key a Map or a Set (a valid type or id holds no NUL). */
export const keyText = (type: string, id: string): string => `${type}\u0000${id}`

/** ERROR_RECORD_NOT_AVAILABLE for a record that is not there: `type.id`, or the reason given. */
export const notAvailable = (type: string, id: string, reason?: string): AppError =>
  createError('ERROR_RECORD_NOT_AVAILABLE', { reason: reason ?? `${type}.${id}` })

/**
 * Items grouped by their type, in the order first seen (one statement per type); `pick` is what a
 * group keeps of each item. Every group is a new array its caller may change.
 */
export function groupByType<T extends { type: string }, V>(
  items: readonly T[],
  pick: (item: T) => V,
): Map<string, V[]> {
  const byType = new Map<string, V[]>()
  for (const item of items) {
    const group = byType.get(item.type)
    if (group) group.push(pick(item))
    else byType.set(item.type, [pick(item)])
  }
  return byType
}

/** The ids of records grouped by their type, in the order first seen: one query per type. */
export function idsByType(
  keys: ReadonlyArray<{ type: string; id: string }>,
): Map<string, string[]> {
  return groupByType(keys, (key) => key.id)
}
