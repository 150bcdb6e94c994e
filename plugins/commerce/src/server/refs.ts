import { isReference } from '@shopwright/core'
import { foldText } from '@shopwright/client'

/** The id a reference field points at, or null. */
export function refId(value: unknown): string | null {
  return isReference(value) ? value.id : null
}

/** The ids a recordlist field points at, in order, without repeats. */
export function refIds(value: unknown): string[] {
  return Array.isArray(value) ? [...new Set(value.filter(isReference).map((ref) => ref.id))] : []
}

/** A plain object (not a list): what embedded records and list lines are. */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export const textOf = (value: unknown): string => (typeof value === 'string' ? value : '')

/** The key names sort by: lower case, accents folded, bounded to the index's 191 characters. */
export function sortKey(name: string): string {
  return foldText(name).trim().slice(0, 180)
}
