import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { definePlugin, KernelError, type PluginDefinition } from '@shopwright/core'

/**
 * The built-in plugins a project runs when its configuration names none (PLUGINS, `plugins` in
 * shopwright.config.*): the CLI's choice, not the kernel's, which knows no plugin by name.
 */
export const DEFAULT_PLUGINS: readonly string[] = [
  'records',
  'account',
  'translations',
  'drive',
  'memory',
  'sessions',
  'insights',
  'billing',
  'commerce',
  'log',
  'openapi',
  'metrics',
]

/** The package behind a plugin name: `records` is `@shopwright/plugin-records`; scoped or pathed names are packages. */
export function pluginPackage(name: string): string {
  return name.startsWith('@') || name.includes('/') ? name : `@shopwright/plugin-${name}`
}

/**
 * Turns the configured plugin list into definitions: objects are kept, names are imported from the
 * project's node_modules (then from the CLI's own, where the built-in plugins live). An empty list
 * means the built-in plugins.
 */
export async function resolvePlugins(
  specs: ReadonlyArray<string | PluginDefinition>,
  cwd: string,
): Promise<PluginDefinition[]> {
  const projectRequire = createRequire(path.join(cwd, 'package.json'))
  const cliRequire = createRequire(import.meta.url)
  const plugins: PluginDefinition[] = []
  for (const spec of specs.length ? specs : DEFAULT_PLUGINS) {
    if (typeof spec !== 'string') {
      // A plugin written inline in shopwright.config.* gets the same checks as a packaged one.
      plugins.push(definePlugin(spec))
      continue
    }
    const target = pluginPackage(spec)
    let file: string | undefined
    for (const resolver of [projectRequire, cliRequire]) {
      try {
        file = resolver.resolve(target)
        break
      } catch {
        // try the next place
      }
    }
    if (!file)
      throw new KernelError(
        'SW_PLUGIN_NOT_FOUND',
        `plugin "${spec}" (package ${target}) is not installed; check PLUGINS`,
      )
    const module = (await import(pathToFileURL(file).href)) as { default?: PluginDefinition }
    if (!module.default || typeof module.default.name !== 'string') {
      throw new KernelError(
        'SW_PLUGIN_INVALID',
        `package ${target} has no default export made with definePlugin()`,
      )
    }
    plugins.push(module.default)
  }
  return plugins
}
