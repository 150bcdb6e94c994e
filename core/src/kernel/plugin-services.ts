import type { AwilixContainer } from 'awilix'
import type { PluginDefinition } from './plugin.js'
import type { Services } from './services.js'
import { KernelError } from './kernel-error.js'

/** The services core registers before any plugin. */
export const CORE_SERVICES: ReadonlyArray<keyof Services> = [
  'config',
  'logger',
  'db',
  'cache',
  'events',
  'limiter',
  'access',
  'redis',
  'lifecycle',
  'meters',
  'schedule',
  'logRedactor',
]

/** What core itself reads from the shared container, when some plugin provides it. */
export const CORE_CONTRACTS: ReadonlyArray<keyof Services> = [
  'securitySource',
  'seedWriter',
  'authenticator',
  'requestObserver',
]

/**
 * Before any plugin registers: every required service is core's or declared by an installed
 * plugin, and no service is declared by two. A missing one stops the boot naming the plugin that
 * needs it, so the operator knows which plugin to add.
 */
export function checkServiceDeclarations(plugins: readonly PluginDefinition[]): void {
  const providers = new Map<string, string>()
  for (const plugin of plugins) {
    for (const service of plugin.provides ?? []) {
      if (CORE_SERVICES.includes(service))
        throw new KernelError(
          'SW_SERVICE_CLASH',
          `plugin "${plugin.name}" provides "${String(service)}", which is core's own`,
        )
      const earlier = providers.get(service)
      if (earlier)
        throw new KernelError(
          'SW_SERVICE_CLASH',
          `plugins "${earlier}" and "${plugin.name}" both provide "${String(service)}": install one`,
        )
      providers.set(service, plugin.name)
    }
  }
  for (const plugin of plugins) {
    for (const service of plugin.requires ?? []) {
      if (CORE_SERVICES.includes(service) || providers.has(service)) continue
      throw new KernelError(
        'SW_SERVICE_MISSING',
        `plugin "${plugin.name}" requires the service "${String(service)}", which no installed plugin provides: add the plugin that provides it`,
      )
    }
  }
}

/**
 * After register(): each plugin registered, in its own container, what it declared it provides
 * (the other plugins' provided names are forwarded into it, never its own).
 */
export function checkServicesProvided(
  plugins: readonly PluginDefinition[],
  containerOf: (plugin: string) => AwilixContainer<Services>,
): void {
  for (const plugin of plugins) {
    const container = containerOf(plugin.name)
    for (const service of plugin.provides ?? []) {
      if (!container.hasRegistration(service))
        throw new KernelError(
          'SW_PLUGIN_INVALID',
          `plugin "${plugin.name}" declares it provides "${String(service)}" but did not register it`,
        )
    }
  }
}
