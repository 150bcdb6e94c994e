import { CommanderError } from 'commander'
import { AppError, ConfigError, KernelError } from '@shopwright/core'
import { coloursFor, wantsColour } from './colours.js'
import { HELP_HINT, shopwrightProgram } from './program.js'
import { processTerminal, type Terminal } from './terminal.js'
import { TransferInterrupted } from './transfer/interrupt.js'
import { EXIT, UsageError } from './usage-error.js'

export { resolvePlugins, pluginPackage, DEFAULT_PLUGINS } from './resolve-plugins.js'
export { boot, bootWith, withKernel } from './boot.js'
export { cliVersion } from './version.js'
export { EXIT, UsageError } from './usage-error.js'
export { endQuietlyOnClosedPipe } from './closed-pipe.js'
export type { Terminal } from './terminal.js'

/**
 * Runs the `shopwright` command line; resolves to the exit code (undefined while a server runs):
 * 0 done, 1 the operation failed, 2 a usage error, 130 stopped by Ctrl+C (docs/cli.md).
 */
export async function main(
  argv: readonly string[],
  terminal: Terminal = processTerminal(),
): Promise<number | undefined> {
  let code: number | undefined = EXIT.ok
  const errors = coloursFor(wantsColour(process.stderr))
  const program = shopwrightProgram(terminal, errors, () => {
    code = undefined
  })
  try {
    await program.parseAsync([...argv])
  } catch (error) {
    // Commander has printed its message, the help or the version already; it exits 0 for the
    // last two and 1 for a misuse, which is a usage error here.
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage
    process.stderr.write(`${errors.red(describe(error))}\n`)
    if (error instanceof TransferInterrupted) return EXIT.interrupted
    if (!(error instanceof UsageError)) return EXIT.failed
    process.stderr.write(`${HELP_HINT}\n`)
    return EXIT.usage
  }
  return code
}

function describe(error: unknown): string {
  if (error instanceof ConfigError || error instanceof KernelError) return error.message
  if (error instanceof AppError) {
    // A plugin's code raised before a kernel merged its catalogue (an archive refused before
    // `import` boots) has the code as its message: said once.
    const message = error.message === error.code ? '' : `: ${error.message}`
    return `${error.code}${message}${error.reason ? ` (${error.reason})` : ''}`
  }
  return error instanceof Error ? error.message : String(error)
}
