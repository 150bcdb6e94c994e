import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ThemeServerModule } from '@shopwright/storefront/server'
import {
  ConfigError,
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
  /** Serve the pages (the admin app); a one-shot command does not. */
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
  const plugins = await resolvePlugins(config.plugins, process.cwd())
  const logger = createLogger(config, { stream: options.logTo ?? 'stdout' })
  // The admin's page middleware loads only for a server: commands never serve pages.
  const pages = options.pages ? await sitePages(config, plugins) : []
  return createKernel({
    config,
    plugins,
    logger,
    migrate: options.migrate ?? true,
    pages,
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
 * What a server serves besides the API: the admin app at its paths, then the storefront of the
 * configured theme at every other address. Loaded only for a server: commands never serve pages.
 */
async function sitePages(
  config: ShopwrightConfig,
  plugins: readonly PluginDefinition[],
): Promise<NonNullable<KernelOptions['pages']>> {
  const { adminPages } = await import('@shopwright/admin-ui/server')
  const { storefrontPages } = await import('@shopwright/storefront/server')
  const theme = await loadTheme(config.theme)
  // Staff sign in at the storefront's /login (spec); the admin's own screen serves only a theme without one.
  const login = !theme.theme.components.Login
  const modules = plugins.flatMap((plugin) => plugin.storefrontModules ?? [])
  // The admin answers only the prefixes the plugins declare, and uses only their admin modules.
  return [
    adminPages({ plugins, login, clientDir: projectAdmin(process.cwd()) }),
    storefrontPages(theme, { modules }),
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

/** The theme package's server entry (`<THEME>/server`), resolved from the project first. */
async function loadTheme(name: string): Promise<ThemeServerModule> {
  let resolved: string
  try {
    resolved = createRequire(path.join(process.cwd(), 'noop.js')).resolve(`${name}/server`)
  } catch {
    try {
      resolved = createRequire(import.meta.url).resolve(`${name}/server`)
    } catch {
      throw new ConfigError(
        'THEME',
        `names "${name}", which is not installed (its package must export ./server)`,
      )
    }
  }
  return (await import(pathToFileURL(resolved).href)) as ThemeServerModule
}
