import type { Kernel } from '@shopwright/core'
import { boot } from '../boot.js'

/**
 * `shopwright start`: migrate, seed the sample company when the database is empty, serve, and stop
 * gracefully on SIGTERM or SIGINT (a second signal stops at once).
 */
export async function start(): Promise<Kernel> {
  const kernel = await boot({}, { pages: true })
  try {
    const writer = kernel.services.seedWriter
    if (writer && (await writer.isEmpty())) {
      // Loaded only for a new site: the reference data is large and a restart never needs it.
      const { allSeeds } = await import('@shopwright/seeds')
      const { inserted } = await kernel.seed(allSeeds())
      kernel.logger.info({ inserted }, 'empty database: seeded the sample company')
    }
    const { url } = await kernel.listen()
    kernel.logger.info(
      { url, plugins: kernel.plugins.map((plugin) => plugin.name) },
      `Shopwright is listening on ${url}`,
    )
  } catch (error) {
    await kernel.close()
    throw error
  }

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
  return kernel
}
