import { createError } from '@shopwright/core'
import { withKernel } from '../boot.js'
import type { Terminal } from '../terminal.js'
import { UsageError } from '../usage-error.js'
import { accountByEmail, accountsOf, describeAccount } from './accounts.js'

export interface UserPasswordOptions {
  email: string
  password?: string
}

/**
 * `shopwright user password`: sets an account's password through the account plugin (argon2id,
 * the spec's password rule), which also ends the account's sessions. Without --password the
 * password is asked for twice without echo, which keeps it out of the shell's history and the
 * process list; with nobody at the terminal to ask, that is a usage error.
 */
export async function userPassword(
  options: UserPasswordOptions,
  terminal: Terminal,
): Promise<void> {
  // Before the site boots: a script that forgot the flag learns it at once, and nothing changes.
  if (options.password === undefined && !terminal.interactive)
    throw new UsageError(
      'user password: --password <password> is required when standard input is not a terminal',
    )
  const account = await withKernel(async (kernel) => {
    const accounts = accountsOf(kernel)
    // The account first, so nobody types a password for an e-mail that has none.
    const record = await accountByEmail(kernel, options.email)
    const password = options.password ?? (await askPassword(terminal, describeAccount(record)))
    await accounts.setPassword(record, password)
    return record
  })
  terminal.print(
    terminal.colours.green(`Set the password of ${describeAccount(account)}; its sessions ended.`),
  )
}

async function askPassword(terminal: Terminal, account: string): Promise<string> {
  const password = await terminal.ask(`New password for ${account}: `, { hidden: true })
  const again = await terminal.ask('The same password again: ', { hidden: true })
  if (password !== again) throw createError('ERROR_PASSWORDS_DO_NOT_MATCH')
  return password
}
