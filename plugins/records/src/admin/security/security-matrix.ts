/**
 * The permissions matrix's arithmetic (docs/security.md, "The permissions matrix"): what a role
 * holds on a security record, and the access list with one right of one role changed. The rules
 * are the access service's: a role's entries add up, and a role without an entry holds nothing.
 */

import { ACCESS_RIGHTS } from '@shopwright/core/shared'

export const RIGHTS = ACCESS_RIGHTS
export type Right = (typeof RIGHTS)[number]

/** One access entry as stored: the role, and whichever rights it names. */
export type Entry = { id?: string; role: string } & Partial<Record<Right, boolean>>

/** The entries of a stored `access` value, leaving out what is not an entry. */
export function entriesOf(access: unknown): Entry[] {
  return (Array.isArray(access) ? access : []).filter(
    (entry): entry is Entry =>
      typeof entry === 'object' && entry !== null && typeof (entry as Entry).role === 'string',
  )
}

/** True when one of the role's entries grants the right. */
export function holds(access: unknown, role: string, right: Right): boolean {
  return entriesOf(access).some((entry) => entry.role === role && entry[right] === true)
}

/**
 * The access list with the role granted (`on`) or denied the right: every entry of the role
 * changes, so a second entry cannot keep granting what the matrix took away; a role without an
 * entry gets one with that right alone.
 */
export function withRight(access: unknown, role: string, right: Right, on: boolean): Entry[] {
  const entries = entriesOf(access)
  if (entries.some((entry) => entry.role === role))
    return entries.map((entry) => (entry.role === role ? { ...entry, [right]: on } : entry))
  if (!on) return entries
  const added: Entry = { id: role, role, view: false, edit: false, create: false, delete: false }
  return [...entries, { ...added, publish: false, [right]: on }]
}

/** The roles granting the right, in the order of their entries, each once. */
export function holders(access: unknown, right: Right): string[] {
  const roles = entriesOf(access)
    .filter((entry) => entry[right] === true)
    .map((entry) => entry.role)
  return [...new Set(roles)]
}
