import { Command, CommanderError } from 'commander'
import { AppError, ConfigError, KernelError } from '@shopwright/core'
import { start } from './commands/start.js'
import { migrate } from './commands/migrate.js'
import { seed } from './commands/seed.js'
import { userAdd } from './commands/user.js'

export { resolvePlugins, pluginPackage, DEFAULT_PLUGINS } from './resolve-plugins.js'
export { boot, bootWith, withKernel } from './boot.js'

/** Runs the `shopwright` command line; resolves to the exit code (undefined while a server runs). */
export async function main(argv: readonly string[]): Promise<number | undefined> {
  const print = (line: string): void => {
    process.stdout.write(`${line}\n`)
  }
  let code: number | undefined = 0
  const program = new Command('shopwright')
    .description('Shopwright: headless CMS and web-shop')
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) })

  program
    .command('start')
    .description('migrate, seed the sample company on an empty database, and serve')
    .action(async () => {
      await start()
      code = undefined
    })
  program
    .command('migrate')
    .description('apply pending migrations of every configured plugin')
    .action(() => migrate(print))
  program
    .command('seed')
    .description('insert the sample company and plugin seed records that are missing')
    .action(() => seed(print))
  program
    .command('user')
    .description('manage sign-in accounts')
    .command('add')
    .description('create a sign-in account')
    .requiredOption('--email <email>', 'e-mail address (lower-cased)')
    .requiredOption('--password <password>', 'password, at least 6 characters')
    .option('--name <name>', 'display name')
    .option(
      '--roles <roles>',
      'comma-separated roles, e.g. administrator or allmanagers,development',
    )
    .option('--type <type>', 'account record type: employee or customer', 'employee')
    .action(
      async (options: {
        email: string
        password: string
        name?: string
        roles?: string
        type?: string
      }) => {
        await userAdd(options, print)
      },
    )

  try {
    await program.parseAsync([...argv])
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode
    process.stderr.write(`${describe(error)}\n`)
    return 1
  }
  return code
}

function describe(error: unknown): string {
  if (error instanceof ConfigError || error instanceof KernelError) return error.message
  if (error instanceof AppError)
    return `${error.code}: ${error.message}${error.reason ? ` (${error.reason})` : ''}`
  return error instanceof Error ? error.message : String(error)
}
