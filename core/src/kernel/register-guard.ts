import type { AwilixContainer } from 'awilix'
import { KernelError } from './kernel-error.js'
import { CORE_SERVICES } from './plugin-services.js'
import type { Services } from './services.js'

/**
 * A plugin's own container as register() sees it (docs/plugins.md, "Services"): while the plugin
 * registers, resolving any service but core's own stops the boot. Another plugin's service may not be
 * registered yet, and resolving one early also builds it before its own plugin has finished
 * registering: a plugin uses other services from bootstrap(), routes() or inside a factory. Once
 * the register phase is over, the same object resolves anything (a plugin may keep it).
 */
export class RegisterGuard {
  /** The plugin whose register() runs, or null outside the register phase. */
  private registering: string | null = null
  readonly container: AwilixContainer<Services>

  constructor(target: AwilixContainer<Services>) {
    const check = (key: PropertyKey): void => {
      if (this.registering === null || typeof key !== 'string') return
      if ((CORE_SERVICES as readonly string[]).includes(key)) return
      throw new KernelError(
        'SW_PLUGIN_INVALID',
        `plugin "${this.registering}" resolved the service "${key}" in register(): use it from bootstrap(), routes() or inside a factory`,
      )
    }
    const cradle = new Proxy(target.cradle, {
      get(cradleTarget, key, receiver) {
        check(key)
        return Reflect.get(cradleTarget, key, receiver) as unknown
      },
    })
    this.container = new Proxy(target, {
      get(containerTarget, key) {
        if (key === 'cradle') return cradle
        if (key === 'resolve')
          return (name: string, options?: unknown) => {
            check(name)
            return (containerTarget.resolve as (n: string, o?: unknown) => unknown)(name, options)
          }
        const value = Reflect.get(containerTarget, key, containerTarget) as unknown
        return typeof value === 'function'
          ? (value as (...args: unknown[]) => unknown).bind(containerTarget)
          : value
      },
    })
  }

  /** Runs one plugin's register() under the guard. */
  async run(plugin: string, register: () => void | Promise<void>): Promise<void> {
    this.registering = plugin
    try {
      await register()
    } finally {
      this.registering = null
    }
  }
}
