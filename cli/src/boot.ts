import fs from 'node:fs'
import path from 'node:path'
import { adminPlugin } from '@shopwright/admin-ui/server'
import { storefrontPlugin } from '@shopwright/storefront'
import {
  createKernel,
  createLogger,
  loadConfig,
  type ConfigInput,
  type Kernel,
  type KernelOptions,
  type PluginDefinition,
  type ShopwrightConfig,
} from '@shopwright/core'
import { PROJECT_ADMIN_DIR } from './build/admin-dir.js'
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
  /** Mount the plugins' pages (the admin app, the storefront); a one-shot command does not. */
  pages?: boolean
  /** Where logs go: a server logs to stdout, a one-shot command to stderr. */
  logTo?: 'stdout' | 'stderr'
  /** When the process takes scheduled work (KernelOptions.schedule): a server once it listens. */
  schedule?: KernelOptions['schedule']
}

/** Boots a kernel on an already loaded configuration. */
export async function bootWith(
  config: ShopwrightConfig,
  options: BootOptions = {},
): Promise<Kernel> {
  // Libraries read NODE_ENV themselves (React renders with its development build without it),
  // so the configured mode is made theirs before any of them loads.
  process.env.NODE_ENV ??= config.nodeEnv
  const plugins = [...(await resolvePlugins(config.plugins, process.cwd())), ...sitePlugins()]
  const logger = createLogger(config, { stream: options.logTo ?? 'stdout' })
  return createKernel({
    config,
    plugins,
    logger,
    migrate: options.migrate ?? true,
    // The admin's and the storefront's page code loads only for a server: commands never serve pages.
    pages: options.pages ?? false,
    schedule: options.schedule ?? 'off',
  })
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

/**
 * The two plugins the CLI adds to every project's list: the admin server, then the storefront
 * (which answers every address the API and the admin leave, so it comes last). Both are in every
 * kernel, so other plugins can add to them in any command; their pages mount only in a server.
 */
export function sitePlugins(): PluginDefinition[] {
  const clientDir = projectAdmin(process.cwd())
  return [
    adminPlugin({
      ...(clientDir ? { clientDir } : {}),
      // Staff sign in at the storefront's /login (docs/admin.md, "Getting in"); the admin's own
      // screen serves only a theme without one. Asked on the first request for /login: the
      // storefront loads its theme on its first page, never at boot.
      login: async ({ optional }) => {
        const storefront = optional('storefront')
        return !storefront || !(await storefront.theme()).theme.components.Login
      },
    }),
    storefrontPlugin(),
  ]
}

/**
 * The admin app `shopwright build` made with the project's own plugins' panels
 * (.shopwright/admin), when there is one; else the prebuilt app of @shopwright/admin-ui.
 */
function projectAdmin(cwd: string): string | undefined {
  const dir = path.join(cwd, PROJECT_ADMIN_DIR)
  return fs.existsSync(path.join(dir, 'index.html')) ? dir : undefined
}
