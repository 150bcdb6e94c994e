// `node add-users-process.js '<accounts as JSON>'`, in an app node's folder and environment: adds
// the accounts with one kernel of the site, as `shopwright user add` adds one (harness/index.ts,
// addUsers). Seventy shoppers made this way take seconds; seventy `user add` runs take minutes.
import { withKernel } from '@shopwright/cli'
// The account plugin's service (accounts).
import type {} from '@shopwright/plugin-account'

const accounts = JSON.parse(process.argv[2] ?? '[]') as Array<{
  email: string
  password: string
  type?: 'employee' | 'customer'
}>
await withKernel(async (kernel) => {
  for (const account of accounts)
    await kernel.services.accounts.addAccount({ ...account, roles: [] })
})
