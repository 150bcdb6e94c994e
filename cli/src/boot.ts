import {
  createKernel,
  createLogger,
  loadConfig,
  type ConfigInput,
  type Kernel,
  type ShopwrightConfig,
} from '@shopwright/core'
import { resolvePlugins } from './resolve-plugins.js'

/** Loads the configuration of the working directory and the configured plugins, then boots a kernel. */
export async function boot(
  overrides: ConfigInput = {},
  options: BootOptions = {},
): Promise<Kernel> {
  const config = await loadConfig({ overrides })
  return bootWith(config, options)
}

export interface BootOptions {
  migrate?: boolean
  /** Serve the pages (the admin app); a one-shot command does not. */
  pages?: boolean
  /** Where logs go: a server logs to stdout, a one-shot command to stderr. */
  logTo?: 'stdout' | 'stderr'
}

/** Boots a kernel on an already loaded configuration. */
export async function bootWith(
  config: ShopwrightConfig,
  options: BootOptions = {},
): Promise<Kernel> {
  const plugins = await resolvePlugins(config.plugins, process.cwd())
  const logger = createLogger(config, { stream: options.logTo ?? 'stdout' })
  // The admin's page middleware loads only for a server: commands never serve pages.
  const extraPaths = plugins.flatMap((plugin) => plugin.adminPaths ?? [])
  const pages = options.pages
    ? [(await import('@shopwright/admin-ui/server')).adminPages({ extraPaths })]
    : []
  return createKernel({ config, plugins, logger, migrate: options.migrate ?? true, pages })
}

/** Runs a task on a booted kernel and always closes it. */
export async function withKernel<T>(
  task: (kernel: Kernel) => Promise<T>,
  overrides: ConfigInput = {},
): Promise<T> {
  const kernel = await boot(overrides, { logTo: 'stderr' })
  try {
    return await task(kernel)
  } finally {
    await kernel.close()
  }
}
