import { Command } from 'commander'
import { start } from './commands/start.js'
import { migrate } from './commands/migrate.js'
import { seed } from './commands/seed.js'
import { addUserCommands } from './commands/user-commands.js'
import { addOpenApiCommand } from './commands/openapi.js'
import { addScaffoldCommands } from './commands/scaffold-commands.js'
import { addBackupCommands } from './commands/backup-commands.js'
import { addTransferCommands } from './commands/transfer-commands.js'
import { coloursFor, type Colours } from './colours.js'
import type { Terminal } from './terminal.js'
import { cliVersion } from './version.js'

/** Printed after a usage error, on stderr. */
export const HELP_HINT = '(add --help for usage)'

const EXIT_CODES_HELP = `
Exit codes:
  0  done
  1  the operation failed (an ERROR_... code or a message says why)
  2  the command was used the wrong way (an unknown command or option, a missing flag)

Every command is described in docs/cli.md.`

/**
 * The `shopwright` commands, each with a description and described options, so `--help` and
 * `shopwright help <command>` explain every one. Commander's own exits (help, version, usage
 * errors) throw a CommanderError for main() to turn into an exit code; `onServe` is called when
 * `start` leaves a server running.
 */
export function shopwrightProgram(
  terminal: Terminal,
  errors: Colours,
  onServe: () => void,
): Command {
  // Commander strips the help's styles from output that is not a colour terminal (or has
  // NO_COLOR); error lines it writes as given, so their colour is decided by the caller.
  const styled = coloursFor(true)
  const program = new Command('shopwright')
    .description('Shopwright: headless CMS and web-shop')
    .version(cliVersion(), '-v, --version', 'print the version of the shopwright command')
    .helpOption('-h, --help', 'show help for the command')
    .helpCommand('help [command]', 'show help for a command')
    .configureHelp({ styleTitle: styled.bold })
    .configureOutput({
      writeErr: (text) => process.stderr.write(text),
      outputError: (text, write) => write(`${errors.red(text.trimEnd())}\n`),
    })
    .showHelpAfterError(HELP_HINT)
    .exitOverride()
    .addHelpText('after', EXIT_CODES_HELP)

  program
    .command('start')
    .description(
      'migrate, seed the sample company on an empty database, and serve until SIGTERM or SIGINT',
    )
    .action(async () => {
      await start()
      onServe()
    })
  program
    .command('migrate')
    .description('apply pending migrations of every configured plugin')
    .action(() => migrate(terminal.print))
  program
    .command('seed')
    .description('insert the sample company and plugin seed records that are missing')
    .action(() => seed(terminal.print))
  program
    .command('build')
    .description(
      "build the project's plugins and themes, and the admin with its plugins' panels (only what changed)",
    )
    .option('--force', 'build every step, changed or not')
    .action(async (options: { force?: boolean }) => {
      // Vite loads only for the commands that build: `start` never pays for it.
      const { build } = await import('./commands/build.js')
      await build(terminal, options)
    })
  program
    .command('develop')
    .alias('dev')
    .description(
      'build and serve in development mode; rebuild and restart on every change in plugins/, themes/ and the configuration',
    )
    .action(async () => {
      const { develop } = await import('./commands/develop.js')
      await develop(terminal)
      onServe()
    })
  addUserCommands(program, terminal)
  addOpenApiCommand(program, terminal)
  addScaffoldCommands(program, terminal)
  addTransferCommands(program, terminal)
  addBackupCommands(program, terminal)
  return program
}
