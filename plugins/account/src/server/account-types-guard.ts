import { isDeepStrictEqual } from 'node:util'
import { createError, isAdministrator } from '@shopwright/core'
import type { Actor, RecordChange, RecordGuard } from '@shopwright/plugin-records'
import { ACCOUNT_TYPES } from './account-service.js'

/**
 * Guards the definitions of the account types (`recordtype/employee`, `recordtype/customer`): their
 * fields decide what an account holds, so a field default of `roles: ["administrator"]` would
 * quietly grant it to every account an administrator makes. Only an administrator changes, renames
 * or removes these definitions (docs/security.md, "Accounts").
 */
export class AccountTypesGuard implements RecordGuard {
  async check(change: RecordChange, actor: Actor): Promise<void> {
    if (isAdministrator(actor)) return
    const id = change.previous?.id ?? change.record.id
    if (!(ACCOUNT_TYPES as readonly string[]).includes(id)) return
    if (
      change.kind === 'updated' &&
      isDeepStrictEqual(change.record.fields, change.previous.fields)
    )
      return
    throw createError('ERROR_ACCESS_DENIED', {
      reason: `Only an administrator may change the fields of the account type ${id}.`,
    })
  }
}
