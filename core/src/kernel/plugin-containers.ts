import type { AwilixContainer, Resolver } from 'awilix'
import { createContainer, InjectionMode } from 'awilix/browser'
import type { PluginDefinition } from './plugin.js'
import type { PluginCradle, Services } from './services.js'
import { KernelError } from './kernel-error.js'
import { CORE_CONTRACTS } from './plugin-services.js'

/** Marks the stand-in for another plugin's internal: optional() answers undefined for it. */
const INTERNAL = Symbol('another plugin keeps this service to itself')

type Registration = Resolver<unknown> & { [INTERNAL]?: string }

/**
 * One container per plugin (docs/architecture.md, "Services every plugin gets"): a plugin registers
 * into its own; only the names it `provides` are also resolvable from the shared container and from
 * every other plugin's. The rest stay inside: resolved from elsewhere they stop with a coded error
 * naming the owner.
 *
 * Each is a root container rather than an awilix scope of the shared one. In strict mode a scope
 * refuses singletons (and without strict mode a scope's singletons are cached on the root by name,
 * so two plugins' internals of one name would share an instance); and a scope shares its parent's
 * resolution stack, so a shared entry resolving the same name from the plugin's scope is taken for a
 * cycle. So core's values are registered in each, and a provided name is a forwarder to its owner's
 * container, which builds it once (as the owner registered it: a singleton stays one). A forwarder
 * is leak-safe: strict mode checks lifetimes inside the owner's container, where it is built.
 */
export class PluginContainers {
  /** Core's services and every provided one: `kernel.container`. */
  readonly shared: AwilixContainer<Services>
  private readonly own = new Map<string, AwilixContainer<PluginCradle>>()

  constructor(plugins: readonly PluginDefinition[], core: Readonly<Record<string, Registration>>) {
    const create = (): AwilixContainer<PluginCradle> =>
      createContainer<PluginCradle>({ injectionMode: InjectionMode.PROXY, strict: true }).register(
        core,
      )
    this.shared = create()
    for (const plugin of plugins) this.own.set(plugin.name, create())
    // Declared up front, so a factory may name another plugin's service whatever the order of
    // register(); checkServicesProvided() refuses a provider that did not register its own.
    for (const plugin of plugins) {
      const owner = this.of(plugin.name)
      for (const service of plugin.provides ?? []) {
        const forwarder: Registration = {
          resolve: () => owner.resolve(service),
          isLeakSafe: true,
        }
        this.shared.register(service, forwarder)
        for (const [name, container] of this.own)
          if (name !== plugin.name) container.register(service, forwarder)
      }
    }
  }

  /** One plugin's own container: its internals, core's services and every provided one. */
  of(plugin: string): AwilixContainer<PluginCradle> {
    const container = this.own.get(plugin)
    if (!container) throw new KernelError('SW_PLUGIN_NOT_FOUND', `no plugin "${plugin}" is running`)
    return container
  }

  /**
   * After register(): each name a plugin registered and does not provide resolves elsewhere to an
   * error naming its owner, instead of awilix's bare "could not resolve". A plugin that registered
   * the same name itself keeps its own.
   */
  markInternals(plugins: readonly PluginDefinition[]): void {
    for (const plugin of plugins) {
      for (const service of Object.keys(this.of(plugin.name).registrations)) {
        // Core's, provided (its own or another's, forwarded), or already marked for another owner.
        if (this.shared.hasRegistration(service)) continue
        // Kept inside, core would never see it and would run as if no plugin had one.
        if ((CORE_CONTRACTS as readonly string[]).includes(service))
          throw new KernelError(
            'SW_PLUGIN_INVALID',
            `plugin "${plugin.name}" registers "${service}", which core reads, without listing it in provides`,
          )
        const internal: Registration = {
          resolve: () => {
            throw new KernelError(
              'SW_SERVICE_MISSING',
              `the service "${service}" is internal to plugin "${plugin.name}" (not in its provides): use that plugin's public service, or add it to its provides`,
            )
          },
          isLeakSafe: true,
          [INTERNAL]: plugin.name,
        }
        this.shared.register(service, internal)
        // getRegistration, not `registrations`: awilix copies every registration on each read of
        // that, which made this loop cost a start about 30 ms (root containers: same answer).
        for (const [name, container] of this.own)
          if (name !== plugin.name && !container.getRegistration(service))
            container.register(service, internal)
      }
    }
  }
}

/**
 * The one way to ask for a service that may be missing (the cradle throws on an unknown key): from
 * the given container, so a plugin sees its own internals and what others provide.
 */
export function optionalService(
  container: AwilixContainer<Services>,
): <K extends keyof Services>(key: K) => Services[K] | undefined {
  return (key) => {
    const registration = container.getRegistration(key) as Registration | null
    return registration && !registration[INTERNAL] ? container.resolve(key) : undefined
  }
}
