import {
  ACCESS_RIGHTS,
  createError,
  isAdministrator,
  isValidId,
  NO_ACCESS,
  type AccessFlags,
  type AccessService,
  type RecordData,
} from '@shopwright/core'
import type { Actor, RecordChange, RecordGuard } from './record-guards.js'

const FLAGS = ACCESS_RIGHTS

/** The rights each role holds on a security record, merged over its entries (a union, as access checks merge them). */
function grants(record: RecordData | null): Map<string, AccessFlags> {
  const byRole = new Map<string, AccessFlags>()
  const entries = record && Array.isArray(record.access) ? record.access : []
  for (const entry of entries as Array<Record<string, unknown>>) {
    const role = entry.role as string
    const flags = byRole.get(role) ?? { ...NO_ACCESS }
    for (const flag of FLAGS) flags[flag] ||= entry[flag] === true
    byRole.set(role, flags)
  }
  return byRole
}

/** Refuses access lists that are not a list of `{ id?, role, view?, edit?, create?, delete?, publish? }`. */
function checkShape(record: RecordData): void {
  const access = record.access
  if (access === undefined) return
  const refuse = (detail: string): never => {
    throw createError('ERROR_INVALID_INPUT', { reason: `access: ${detail}` })
  }
  if (!Array.isArray(access)) refuse('must be a list of entries')
  ;(access as unknown[]).forEach((entry, index) => {
    const where = `entry ${index + 1}`
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      refuse(`${where} is not an entry`)
    const { role } = entry as Record<string, unknown>
    if (!isValidId(role)) refuse(`${where} needs a role of A-Z, a-z, 0-9, - and _`)
    for (const flag of FLAGS) {
      const value = (entry as Record<string, unknown>)[flag]
      if (value !== undefined && typeof value !== 'boolean')
        refuse(`${where} (${String(role)}): ${flag} must be true or false`)
    }
  })
}

/**
 * Guards security records, which say who may do what. Anyone with the right to write them may
 * write their names; but a role may never grant itself or others more than it holds: every right
 * an access list gains or loses by a change must be a right the caller holds on that very security
 * record now (docs/security.md, "Who may change who guards what"). A caller holding nothing on a
 * record (a new one, or one that gates something it has no part in) can change no rights in it.
 * Only an administrator may rename one, since gates name security records by id.
 */
export class SecurityGuard implements RecordGuard {
  constructor(private readonly access: Pick<AccessService, 'flags'>) {}

  async check(change: RecordChange, actor: Actor): Promise<void> {
    if (change.kind !== 'binned' && change.kind !== 'removed') checkShape(change.record)
    if (isAdministrator(actor)) return
    if (change.kind === 'renamed')
      throw createError('ERROR_ACCESS_DENIED', {
        reason: 'Only an administrator may rename a security record.',
      })
    const before = change.kind === 'created' || change.kind === 'restored' ? null : change.previous
    const after = change.kind === 'binned' || change.kind === 'removed' ? null : change.record
    // Nobody holds anything on a record that is not live yet (a new one, whatever its id, even the
    // empty id that takes the next number; one in the bin): asking the access service about the
    // empty id would answer "no gate", full rights.
    const live = change.kind !== 'created' && change.kind !== 'restored'
    const held = live ? await this.access.flags(actor, change.previous.id) : NO_ACCESS
    const old = grants(before)
    const next = grants(after)
    for (const role of new Set([...old.keys(), ...next.keys()])) {
      for (const flag of FLAGS) {
        if ((old.get(role)?.[flag] ?? false) === (next.get(role)?.[flag] ?? false)) continue
        if (!held[flag])
          throw createError('ERROR_ACCESS_DENIED', {
            reason: `You may only grant or take away rights you hold on this security record (${role}: ${flag}).`,
          })
      }
    }
  }
}
