import { isDeepStrictEqual } from 'node:util'
import { createError, isAdministrator, rolesOf, type RecordData } from '@shopwright/core'
import type { Actor, RecordChange } from '@shopwright/plugin-records'

/** The roles an account record holds, as strings. */
export function accountRoles(record: RecordData | null): string[] {
  return Array.isArray(record?.roles)
    ? record.roles.filter((role): role is string => typeof role === 'string')
    : []
}

/** True when the two role lists hold the same roles, in any order. */
export function sameRoles(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a)
  const right = new Set(b)
  return left.size === right.size && [...left].every((role) => right.has(role))
}

function refuse(reason: string): never {
  throw createError('ERROR_ACCESS_DENIED', { reason })
}

/**
 * What staff without the administrator role may not do to accounts through the record calls, on
 * top of their rights on the `people` security record (docs/security.md, "Accounts"):
 * - change roles: granting (or taking away) roles is the administrator's alone, so a role can never
 *   grant itself or anyone else more than it holds;
 * - change an e-mail: the e-mail is where reset links go, so changing it hands over the account;
 * - touch an account holding a role they do not hold (an administrator's, a manager's): editing,
 *   renaming, binning, restoring or deleting it would be acting above one's own rights.
 * The administrator (and the system: seeds, the command line) may do all of these.
 */
export function checkAccountChange(change: RecordChange, actor: Actor): void {
  if (isAdministrator(actor)) return
  const held = new Set(rolesOf(actor))
  const target = change.previous ?? change.record
  const above = accountRoles(target).find((role) => !held.has(role))
  if (above !== undefined)
    refuse(
      `The account ${target.type}.${target.id} holds the role ${above}, which you do not hold.`,
    )
  if (change.kind === 'created') {
    if (accountRoles(change.record).length > 0) refuse('Only an administrator may grant roles.')
    return
  }
  if (change.kind !== 'updated' && change.kind !== 'renamed') return
  if (!isDeepStrictEqual(change.record.roles, change.previous.roles))
    refuse('Only an administrator may change the roles of an account.')
  if (!isDeepStrictEqual(change.record.email, change.previous.email))
    refuse('Only an administrator may change the e-mail of an account.')
}
