import type { RecordData } from '@shopwright/core'
import { withKernel } from '../boot.js'
import { accountsOf, splitList } from './accounts.js'

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
  const record = await withKernel(async (kernel) =>
    accountsOf(kernel).addAccount({
      type: (options.type ?? 'employee') as 'employee' | 'customer',
      email: options.email,
      password: options.password,
      name: options.name,
      roles: splitList(options.roles),
    }),
  )
  print(
    `Created ${record.type} ${record.id} <${String(record.email)}> with roles: ${(record.roles as string[]).join(', ') || 'none'}`,
  )
  return record
}
