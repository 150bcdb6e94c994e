import type { Command } from 'commander'
import type { Terminal } from '../terminal.js'
import { userAdd, type UserAddOptions } from './user.js'
import { userList } from './user-list.js'
import { userPassword, type UserPasswordOptions } from './user-password.js'
import { userRoles, type UserRolesOptions } from './user-roles.js'
import { userRemove, type UserRemoveOptions } from './user-remove.js'

/** `shopwright user ...`: the sign-in account commands, each with its own --help. */
export function addUserCommands(program: Command, terminal: Terminal): void {
  const user = program
    .command('user')
    .description('manage sign-in accounts (staff and customers)')
    .addHelpText('after', '\nAn account is named by its e-mail, in any case.')

  user
    .command('add')
    .description('create a sign-in account')
    .requiredOption('--email <email>', 'e-mail address (lower-cased)')
    .requiredOption('--password <password>', 'password, at least 6 characters')
    .option('--name <name>', 'display name (default: the part of the e-mail before @)')
    .option(
      '--roles <roles>',
      'comma-separated roles, e.g. administrator or allmanagers,development',
    )
    .option('--type <type>', 'account record type: employee or customer', 'employee')
    .action(async (options: UserAddOptions) => {
      await userAdd(options, terminal.print)
    })

  user
    .command('list')
    .description(
      'list the accounts: a table on a terminal, tab-separated lines (type, id, e-mail, name, roles) otherwise',
    )
    .option('--json', 'print a JSON array of {type, id, email, name, roles}')
    .action(async (options: { json?: boolean }) => {
      await userList(options, terminal)
    })

  user
    .command('password')
    .description("set an account's password (argon2id) and end its sessions")
    .requiredOption('--email <email>', 'e-mail of the account')
    .option(
      '--password <password>',
      'the new password, at least 6 characters; left out, it is asked for without echo (needs a terminal), which keeps it out of the shell history and the process list',
    )
    .action(async (options: UserPasswordOptions) => {
      await userPassword(options, terminal)
    })

  user
    .command('roles')
    .description("replace an account's roles and end its sessions")
    .requiredOption('--email <email>', 'e-mail of the account')
    .requiredOption(
      '--roles <roles>',
      'comma-separated roles, each a role record or administrator; "" takes every role away',
    )
    .action(async (options: UserRolesOptions) => {
      await userRoles(options, terminal)
    })

  user
    .command('remove')
    .description('move an account to the bin: it can no longer sign in, and can be restored')
    .requiredOption('--email <email>', 'e-mail of the account')
    .option('-y, --yes', 'do not ask for confirmation (required when stdin is not a terminal)')
    .action(async (options: UserRemoveOptions) => {
      await userRemove(options, terminal)
    })
}
