import { SYSTEM_ACTOR } from '@shopwright/core'
import { withKernel } from '../boot.js'
import { Cancelled, isYes } from '../prompt.js'
import type { Terminal } from '../terminal.js'
import { UsageError } from '../usage-error.js'
import { accountByEmail, describeAccount } from './accounts.js'

export interface UserRemoveOptions {
  email: string
  yes?: boolean
}

/**
 * `shopwright user remove`: moves an account to the bin, as deleting it in the admin does. It can
 * no longer sign in and its sessions end; it can be restored from the bin (its e-mail stays taken
 * until it is deleted there for good). A person at a terminal confirms unless --yes is given; with
 * nobody to ask, --yes is required, so a script never removes an account by accident.
 */
export async function userRemove(options: UserRemoveOptions, terminal: Terminal): Promise<void> {
  // Before the site boots: nothing is read or changed for a call that cannot go on.
  if (!options.yes && !terminal.interactive)
    throw new UsageError(
      'user remove: --yes is required when standard input is not a terminal (nobody to confirm)',
    )
  const account = await withKernel(async (kernel) => {
    const record = await accountByEmail(kernel, options.email)
    if (!options.yes) {
      const name = typeof record.name === 'string' && record.name ? ` (${record.name})` : ''
      const answer = await terminal.ask(`Move ${describeAccount(record)}${name} to the bin? [y/N] `)
      if (!isYes(answer)) throw new Cancelled()
    }
    await kernel.services.records.bin(SYSTEM_ACTOR, [{ type: record.type, id: record.id }])
    return record
  })
  terminal.print(terminal.colours.green(`Moved ${describeAccount(account)} to the bin.`))
}
