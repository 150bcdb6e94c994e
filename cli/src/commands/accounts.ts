import { createError, type Kernel, type RecordData } from '@shopwright/core'
// The account plugin's types add `accounts` to the kernel's Services, and its error codes
// (ERROR_EMAIL_NOT_FOUND) to the catalogue createError accepts.
import type { AccountService } from '@shopwright/plugin-account'

/** The account plugin's service; a clear error on a site whose plugin list leaves it out. */
export function accountsOf(kernel: Kernel): AccountService {
  const accounts: AccountService | undefined = kernel.optional('accounts')
  if (!accounts)
    throw createError('ERROR_INVALID_INPUT', {
      reason: 'The account plugin is not in the plugin list.',
    })
  return accounts
}

/** The live account signed in with this e-mail; ERROR_EMAIL_NOT_FOUND (exit 1) when none is. */
export async function accountByEmail(kernel: Kernel, email: string): Promise<RecordData> {
  const account = await accountsOf(kernel).findByEmail(email)
  if (!account) throw createError('ERROR_EMAIL_NOT_FOUND', { reason: email })
  return account
}

/** The roles an account record holds. */
export function rolesOfAccount(record: RecordData): string[] {
  return Array.isArray(record.roles)
    ? record.roles.filter((role): role is string => typeof role === 'string')
    : []
}

/** How a line names an account: `employee 1 <boss@example.com>`. */
export function describeAccount(record: RecordData): string {
  return `${record.type} ${record.id} <${String(record.email)}>`
}

/** A comma-separated list from a flag, trimmed, without empty items or repeats. */
export function splitList(value: string | undefined): string[] {
  return [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    ),
  ]
}
