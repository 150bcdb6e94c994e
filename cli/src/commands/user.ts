import { createError, type RecordData } from '@shopwright/core'
// The account plugin's types add `accounts` to the kernel's Services.
import type { AccountService } from '@shopwright/plugin-account'
import { withKernel } from '../boot.js'

export interface UserAddOptions {
  email: string
  password: string
  name?: string
  roles?: string
  type?: string
}

/** `shopwright user add`: creates a sign-in account (staff by default) through the account plugin. */
export async function userAdd(
  options: UserAddOptions,
  print: (line: string) => void,
): Promise<RecordData> {
  const record = await withKernel(async (kernel) => {
    const accounts: AccountService | undefined = kernel.optional('accounts')
    if (!accounts)
      throw createError('ERROR_INVALID_INPUT', {
        reason: 'The account plugin is not in the plugin list.',
      })
    return accounts.addAccount({
      type: (options.type ?? 'employee') as 'employee' | 'customer',
      email: options.email,
      password: options.password,
      name: options.name,
      roles: (options.roles ?? '')
        .split(',')
        .map((role) => role.trim())
        .filter(Boolean),
    })
  })
  print(
    `Created ${record.type} ${record.id} <${String(record.email)}> with roles: ${(record.roles as string[]).join(', ') || 'none'}`,
  )
  return record
}
