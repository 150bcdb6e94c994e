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

type Require = ReturnType<typeof createRequire>

/**
 * Turns the configured plugin list into definitions: objects are kept, names are imported from the
 * project's node_modules (then from the CLI's own, where the built-in plugins live). An empty list
 * means the built-in plugins. The packages load together (a restart spends much of its time
 * reading them), but the answer and the first error keep the list's order, as if each had loaded
 * in turn.
 */
export async function resolvePlugins(
  specs: ReadonlyArray<string | PluginDefinition>,
  cwd: string,
): Promise<PluginDefinition[]> {
  const resolvers = [createRequire(path.join(cwd, 'package.json')), createRequire(import.meta.url)]
  const loading = (specs.length ? specs : DEFAULT_PLUGINS).map((spec) =>
    // A plugin written inline in shopwright.config.* gets the same checks as a packaged one.
    typeof spec === 'string' ? importPlugin(spec, resolvers) : () => definePlugin(spec),
  )
  const plugins: PluginDefinition[] = []
  for (const load of loading) plugins.push(await load())
  return plugins
}

/**
 * Starts importing one named plugin at once, without waiting; the answer gives its definition, or
 * throws the error the name earns (not installed, no definePlugin() default, or its import's own).
 */
function importPlugin(spec: string, resolvers: Require[]): () => Promise<PluginDefinition> {
  const target = pluginPackage(spec)
  const file = resolveFirst(target, resolvers)
  const loaded: Promise<PluginDefinition> = file
    ? import(pathToFileURL(file).href).then((module: { default?: PluginDefinition }) => {
        if (!module.default || typeof module.default.name !== 'string') {
          throw new KernelError(
            'SW_PLUGIN_INVALID',
            `package ${target} has no default export made with definePlugin()`,
          )
        }
        return module.default
      })
    : Promise.reject(
        new KernelError(
          'SW_PLUGIN_NOT_FOUND',
          `plugin "${spec}" (package ${target}) is not installed; check PLUGINS`,
        ),
      )
  // Awaited in the list's order, or never when an earlier one fails: until then a failure is
  // held, not reported as unhandled.
  loaded.catch(() => undefined)
  return () => loaded
}

/** The file a package resolves to from the first place that has it. */
function resolveFirst(target: string, resolvers: Require[]): string | undefined {
  for (const resolver of resolvers) {
    try {
      return resolver.resolve(target)
    } catch {
      // try the next place
    }
  }
  return undefined
}
