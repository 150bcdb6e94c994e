import crypto from 'node:crypto'
import { isAppError, NOT_COPIED, type Kernel } from '@shopwright/core'
// The account plugin's types add `accounts` to the kernel's Services.
import type { AccountService } from '@shopwright/plugin-account'
import { boot } from '../boot.js'
import { coloursFor, wantsColour } from '../colours.js'
import { startBanner } from '../start-banner.js'
import { addSampleFiles, sampleCompany } from './seed.js'

/** The first administrator's e-mail on a new site. */
export const FIRST_ADMIN_EMAIL = 'admin@example.com'

/**
 * A new site gets one administrator, so the admin can be opened right after `npm start`. Its
 * password is random and printed once in the log; nothing is ever guessable. Without the account
 * plugin there is nobody to sign in, and nothing is made. Nodes starting together on one new
 * database each try; one makes it, the others go on without error.
 */
async function addFirstAdministrator(
  kernel: Kernel,
): Promise<{ email: string; password: string } | undefined> {
  const accounts: AccountService | undefined = kernel.optional('accounts')
  if (!accounts || (await accounts.credentials(FIRST_ADMIN_EMAIL))) return undefined
  const password = crypto.randomBytes(12).toString('base64url')
  try {
    await accounts.addAccount({
      email: FIRST_ADMIN_EMAIL,
      password,
      name: 'Administrator',
      roles: ['administrator'],
    })
  } catch (error) {
    // Another node starting on the same new database made it first (the e-mail is unique in the
    // database): that node prints the password, this one carries on.
    if (isAppError(error) && error.code === 'ERROR_RECORD_ALREADY_EXISTS') return undefined
    throw error
  }
  return { email: FIRST_ADMIN_EMAIL, password }
}

/**
 * The sample catalogue's pictures, copied into the drive on a new site. The shop works without
 * them (its pages show no picture), so a failure, such as a DRIVE_WRITE_LIMIT below their number,
 * is logged and the site starts; `shopwright seed` adds the missing ones later.
 */
async function addSamplePictures(kernel: Kernel): Promise<void> {
  try {
    const pictures = await addSampleFiles(kernel)
    if (pictures !== null)
      kernel.logger.info({ pictures }, "copied the sample catalogue's pictures into the drive")
  } catch (error) {
    kernel.logger.warn(
      { err: error },
      "the sample catalogue's pictures were not all copied into the drive: `shopwright seed` adds the missing ones",
    )
  }
}

/**
 * `shopwright start`: migrate, seed the sample company when the database is empty (else only the
 * plugins' missing records), serve, and stop
 * gracefully on SIGTERM or SIGINT (a second signal stops at once).
 */
export async function start(): Promise<Kernel> {
  const kernel = await boot({}, { pages: true, schedule: 'listen' })
  // Before anything is logged as listening: a signal sent the moment a supervisor sees that line
  // must find the handler in place, or the default action ends the process without a clean stop.
  let stopping = false
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      kernel.logger.warn({ signal }, 'second signal: stopping now')
      process.exit(1)
    }
    stopping = true
    kernel.logger.info({ signal }, 'stopping: draining open requests')
    kernel.close().then(
      () => process.exit(0),
      (error: unknown) => {
        kernel.logger.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
  let firstAdministrator: { email: string; password: string } | undefined
  try {
    const writer = kernel.optional('seedWriter')
    if (writer && (await writer.isEmpty())) {
      // Loaded only for a new site: the reference data is large and a restart never needs it.
      const { allSeeds } = await sampleCompany()
      const { inserted } = await kernel.seed(allSeeds())
      kernel.logger.info({ inserted }, 'empty database: seeded the sample company')
      await addSamplePictures(kernel)
      firstAdministrator = await addFirstAdministrator(kernel)
    } else if (writer) {
      // The plugins' own records (types, security records) on every start, never overwriting: a
      // plugin added to a running site's list works after a restart, with no seed step to remember.
      const { inserted } = await kernel.seed()
      if (inserted > 0) kernel.logger.info({ inserted }, "seeded the plugins' missing records")
    }
    const { url } = await kernel.listen()
    kernel.logger.info(
      { url, plugins: kernel.plugins.map((plugin) => plugin.name) },
      `Shopwright is listening on ${url}`,
    )
    if (process.stdout.isTTY === true) {
      // A person watches: the addresses and the password in a box, printed once, where a log
      // line would scroll away among the requests (docs/cli.md, "start").
      const colours = coloursFor(wantsColour(process.stdout))
      const banner = startBanner({ url, firstAdministrator }, colours)
      process.stdout.write(`\n${banner.join('\n')}\n\n`)
      if (firstAdministrator)
        kernel.logger.warn(
          { email: firstAdministrator.email },
          'First administrator made: its password is in the box above (shown once)',
        )
    } else if (firstAdministrator) {
      // A supervisor or a pipe: one log line, as every other. NOT_COPIED: the password is for
      // whoever reads the process's output, never for the site's log in the database.
      kernel.logger.warn(
        { ...NOT_COPIED, email: firstAdministrator.email, login: `${url}/login` },
        `First administrator: sign in at ${url}/login as ${firstAdministrator.email} with the password ${firstAdministrator.password} (shown once)`,
      )
    }
  } catch (error) {
    await kernel.close()
    throw error
  }

  return kernel
}
