import {
  definePlugin,
  dialectOf,
  NOT_COPIED,
  type ErrorCodesOf,
  asFunction,
} from '@shopwright/core'
import { LogService } from './server/log-service.js'
import { LogStore } from './server/log-store.js'
import { LogWriter } from './server/log-writer.js'
import { migrations } from './server/migrations.js'
import { logRoutes } from './server/routes.js'
import { LOG_SETTINGS } from './server/settings.js'
import { LOG_ERRORS } from './shared/errors.js'
import { LOG_SECURITY } from './shared/types.js'
import { LOG_PHRASES } from './shared/phrases.js'
// For the optional translations plugin's `translationSets` service type: nothing of it is loaded.
import type {} from '@shopwright/plugin-translations'
// For the optional admin server's `admin` service type: nothing of it is loaded.
import type {} from '@shopwright/admin-ui/server'

// The package's public surface: the plugin, the answers' types, and the service's type. Everything
// else is internal; tests reach it through its own paths.
export * from './shared/index.js'
export type { LogService } from './server/log-service.js'
export type { LogSettings } from './server/settings.js'
export { LOG_TABLE } from './server/migrations.js'

declare module '@shopwright/core' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ErrorCodes extends ErrorCodesOf<typeof LOG_ERRORS> {}
  interface Services {
    /** The site's one log: its pages, the clear, retention (plugins/log/README.md). */
    log: LogService
  }
}

/**
 * The log: the server's own log in the database, so every node writes to one place and one clear
 * clears all. Record changes come from the records plugin (its `recordLogSink`, in each change's
 * transaction), warnings and errors from the kernel's logger (tapped, in batches); the Log
 * screen pages through them. Rights from the `log` security record.
 */
export default definePlugin({
  name: 'log',
  dependsOn: ['records'],
  provides: ['log', 'recordLogSink'],
  settings: LOG_SETTINGS,
  errors: LOG_ERRORS,
  // The list needs view, the clear needs delete.
  security: {
    [LOG_SECURITY]: {
      name: 'Log',
      access: { allmanagers: ['view', 'delete'], development: ['view'] },
    },
  },
  migrations,
  register({ container, config, settings, logger }) {
    const dialect = dialectOf(config.databaseUrl)
    // What the log says about itself goes to the process log only (never into the log it failed).
    const quiet = logger.child(NOT_COPIED)
    container.register({
      // The writer taps the kernel's logger, the container's (the whole of it, not this plugin's
      // child), once started.
      log: asFunction(({ db, logger: kernelLogger, events, logRedactor }) => {
        const store = new LogStore(db, dialect)
        // The kernel's redactor: the same rules, and the same plugins' secret addresses, as the
        // process log's (docs/security.md, "Secrets in logs").
        const writer = new LogWriter(store, kernelLogger, quiet, logRedactor.text)
        return new LogService(store, writer, events, settings, quiet)
      }).singleton(),
      recordLogSink: asFunction(({ log }) => log.recordSink).singleton(),
    })
  },
  bootstrap({ services, optional }) {
    // The addresses of its admin panels, served with the admin app's page (docs/plugins.md).
    optional('admin')?.addPaths('log', ['/log'])
    // The screens' texts with their French, for the sets that lack them (docs/plugins.md, "Phrases").
    optional('translationSets')?.phrases.add('log', { admin: LOG_PHRASES })
    // From here the kernel's warnings and errors are copied, beginning with the boot's (core keeps
    // the last 100 logged before anyone taps).
    services.log.start()
  },
  async destroy({ services }) {
    // Untaps the logger, and writes the copied lines still waiting before the database closes
    // (it closes last).
    await services.log.stop()
  },
  routes(router, { services, access }) {
    logRoutes(router, services.log, access)
  },
})
