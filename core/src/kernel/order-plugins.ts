import type { PluginDefinition } from './plugin.js'
import { KernelError } from './kernel-error.js'

/**
 * Orders plugins so each comes after everything it depends on, keeping the given order otherwise:
 * the plugins it names in `dependsOn`, and the plugin that provides each service it `requires`
 * (docs/plugins.md, "Services"), so a plugin that asks for `mailer` starts after account without
 * naming it. Fails with a coded error on a duplicate name, a missing dependency or a cycle; a
 * required service nobody provides is checkServiceDeclarations' to refuse.
 */
export function orderPlugins(plugins: readonly PluginDefinition[]): PluginDefinition[] {
  const byName = new Map<string, PluginDefinition>()
  for (const plugin of plugins) {
    if (byName.has(plugin.name)) {
      throw new KernelError('SW_PLUGIN_DUPLICATE', `plugin "${plugin.name}" is registered twice`)
    }
    byName.set(plugin.name, plugin)
  }
  for (const plugin of plugins) {
    for (const dependency of plugin.dependsOn ?? []) {
      if (!byName.has(dependency)) {
        throw new KernelError(
          'SW_PLUGIN_DEPENDENCY_MISSING',
          `plugin "${plugin.name}" depends on "${dependency}", which is not in the plugin list`,
        )
      }
    }
  }

  const providers = new Map<string, PluginDefinition>()
  for (const plugin of plugins)
    for (const service of plugin.provides ?? [])
      if (!providers.has(service)) providers.set(service, plugin)
  const before = (plugin: PluginDefinition): PluginDefinition[] => [
    ...(plugin.dependsOn ?? []).map((name) => byName.get(name)!),
    ...(plugin.requires ?? []).flatMap((service) => {
      const provider = providers.get(service)
      // Its own service (a plugin may list what it provides) puts nothing before it.
      return provider && provider !== plugin ? [provider] : []
    }),
  ]

  const ordered: PluginDefinition[] = []
  const done = new Set<string>()
  const visiting: string[] = []
  const visit = (plugin: PluginDefinition): void => {
    if (done.has(plugin.name)) return
    const loopStart = visiting.indexOf(plugin.name)
    if (loopStart >= 0) {
      const loop = [...visiting.slice(loopStart), plugin.name].join(' -> ')
      throw new KernelError('SW_PLUGIN_CYCLE', `plugins depend on each other in a cycle: ${loop}`)
    }
    visiting.push(plugin.name)
    for (const dependency of before(plugin)) visit(dependency)
    visiting.pop()
    done.add(plugin.name)
    ordered.push(plugin)
  }
  plugins.forEach(visit)
  return ordered
}
