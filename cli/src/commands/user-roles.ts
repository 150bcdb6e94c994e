import {
  ADMINISTRATOR_ROLE,
  createError,
  EVERYONE_ROLE,
  isValidId,
  SYSTEM_ACTOR,
  type Kernel,
} from '@shopwright/core'
import { withKernel } from '../boot.js'
import type { Terminal } from '../terminal.js'
import { accountByEmail, describeAccount, rolesOfAccount, splitList } from './accounts.js'

export interface UserRolesOptions {
  email: string
  /** Comma-separated; empty takes every role away. */
  roles: string
}

/** Roles the code itself knows, which hold even on a site with no `role` records. */
const BUILT_IN_ROLES: readonly string[] = [ADMINISTRATOR_ROLE, EVERYONE_ROLE]

/**
 * `shopwright user roles`: replaces an account's roles. Each must be a `role` record or a built-in
 * role, so a typo never grants nothing silently. The write goes through the record calls as the
 * system, as the admin's editor does for an administrator: the account guard logs the change and
 * ends the account's sessions, so the new roles apply at once.
 */
export async function userRoles(options: UserRolesOptions, terminal: Terminal): Promise<string[]> {
  const wanted = splitList(options.roles)
  const { account, roles, changed } = await withKernel(async (kernel) => {
    const record = await accountByEmail(kernel, options.email)
    await checkRoles(kernel, wanted)
    let changed = true
    const updated = await kernel.services.records.modify(
      SYSTEM_ACTOR,
      record.type,
      record.id,
      ['roles'],
      (stored) => {
        const held = rolesOfAccount(stored)
        if (held.length === wanted.length && held.every((role) => wanted.includes(role))) {
          changed = false
          return false
        }
        stored.roles = wanted
      },
    )
    return { account: updated, roles: rolesOfAccount(updated), changed }
  })
  const list = roles.join(', ') || 'none'
  terminal.print(
    changed
      ? terminal.colours.green(`Set the roles of ${describeAccount(account)}: ${list}`)
      : `The roles of ${describeAccount(account)} were already: ${list}`,
  )
  return roles
}

/** ERROR_INVALID_INPUT naming every role that is neither a `role` record nor built in. */
async function checkRoles(kernel: Kernel, roles: readonly string[]): Promise<void> {
  const unknown: string[] = []
  for (const role of roles) {
    if (BUILT_IN_ROLES.includes(role)) continue
    if (!isValidId(role) || !(await kernel.services.records.find('role', role))) unknown.push(role)
  }
  if (unknown.length)
    throw createError('ERROR_INVALID_INPUT', {
      reason: `Unknown role(s): ${unknown.join(', ')}. A role is a \`role\` record (\`shopwright seed\` adds the sample ones) or ${BUILT_IN_ROLES.join(' or ')}.`,
    })
}
