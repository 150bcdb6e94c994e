import { describe, expect, it } from 'vitest'
import { asFunction, asValue } from 'awilix/browser'
import { definePlugin, type PluginDefinition } from './plugin.js'
import { optionalService, PluginContainers } from './plugin-containers.js'
import { checkServicesProvided } from './plugin-services.js'
import { KernelError } from './kernel-error.js'
import type { Services } from './services.js'

/** A plugin's public service and one it keeps to itself, typed for these tests only. */
interface Counter {
  next(): number
}
declare module './services.js' {
  interface Services {
    counter: Counter
    counterStore: { value: number }
    reader: { read(): number }
  }
}

/** Provides `counter`, built on its internal `counterStore`; both singletons. */
const counting = definePlugin({ name: 'counting', provides: ['counter'] })
const registerCounting = (containers: PluginContainers): void => {
  containers.of('counting').register({
    counterStore: asFunction(() => ({ value: 0 })).singleton(),
    counter: asFunction(({ counterStore }: Services) => ({
      next: () => ++counterStore.value,
    })).singleton(),
  })
}

function setUp(
  plugins: PluginDefinition[],
  register: (containers: PluginContainers) => void,
): PluginContainers {
  const containers = new PluginContainers(plugins, { db: asValue('the database') })
  register(containers)
  checkServicesProvided(plugins, (name) => containers.of(name))
  containers.markInternals(plugins)
  return containers
}

function errorOf(run: () => unknown): KernelError | undefined {
  try {
    run()
  } catch (error) {
    if (error instanceof KernelError) return error
    throw error
  }
  return undefined
}

describe('one container per plugin', () => {
  const reading = definePlugin({ name: 'reading', requires: ['counter'] })

  it('shares what a plugin provides, built once, with the shared container and other plugins', () => {
    const containers = setUp([counting, reading], registerCounting)
    const fromOther = containers.of('reading').resolve('counter')
    expect(fromOther).toBe(containers.shared.resolve('counter'))
    expect(fromOther).toBe(containers.of('counting').resolve('counter'))
    expect(fromOther.next()).toBe(1)
    expect(containers.shared.cradle.counter.next()).toBe(2)
    // Core's services are in every container.
    expect(containers.of('reading').resolve('db')).toBe('the database')
    expect(containers.shared.resolve('db')).toBe('the database')
  })

  it("keeps an internal inside: another plugin's resolve fails naming the owner", () => {
    const containers = setUp([counting, reading], registerCounting)
    expect(containers.of('counting').resolve('counterStore')).toEqual({ value: 0 })
    for (const container of [containers.of('reading'), containers.shared]) {
      const error = errorOf(() => container.cradle.counterStore)
      expect(error?.code).toBe('SW_SERVICE_MISSING')
      expect(error?.message).toMatch(/"counterStore" is internal to plugin "counting"/)
      // optional() answers as if nobody had it.
      expect(optionalService(container)('counterStore')).toBeUndefined()
    }
    expect(optionalService(containers.of('counting'))('counterStore')).toEqual({ value: 0 })
  })

  it("refuses a factory that takes another plugin's internal, and builds one that takes its service", () => {
    const prying = definePlugin({ name: 'prying', requires: ['counter'] })
    const containers = setUp([counting, reading, prying], (all) => {
      registerCounting(all)
      all.of('reading').register({
        reader: asFunction(({ counter }: Services) => ({ read: () => counter.next() })).singleton(),
      })
      all.of('prying').register({
        reader: asFunction(({ counterStore }: Services) => ({
          read: () => counterStore.value,
        })).singleton(),
      })
    })
    expect(containers.of('reading').resolve('reader').read()).toBe(1)
    expect(errorOf(() => containers.of('prying').resolve('reader'))?.message).toMatch(
      /internal to plugin "counting"/,
    )
  })

  it('gives two plugins that register one internal name an instance each', () => {
    const first = definePlugin({ name: 'first' })
    const second = definePlugin({ name: 'second' })
    const containers = setUp([first, second], (all) => {
      all.of('first').register({ counterStore: asFunction(() => ({ value: 1 })).singleton() })
      all.of('second').register({ counterStore: asFunction(() => ({ value: 2 })).singleton() })
    })
    expect(containers.of('first').resolve('counterStore').value).toBe(1)
    expect(containers.of('second').resolve('counterStore').value).toBe(2)
    expect(errorOf(() => containers.shared.resolve('counterStore'))?.code).toBe(
      'SW_SERVICE_MISSING',
    )
  })

  it('reports a cycle between two plugins as one, not as a stack overflow', () => {
    const left = definePlugin({ name: 'left', provides: ['counter'] })
    const right = definePlugin({ name: 'right', provides: ['reader'] })
    const containers = setUp([left, right], (all) => {
      all.of('left').register({
        counter: asFunction(({ reader }: Services) => ({ next: () => reader.read() })).singleton(),
      })
      all.of('right').register({
        reader: asFunction(({ counter }: Services) => ({ read: () => counter.next() })).singleton(),
      })
    })
    expect(() => containers.shared.resolve('counter')).toThrow(/Cyclic dependencies/)
  })

  it('refuses a contract core reads (the authenticator) kept inside a plugin', () => {
    const quiet = definePlugin({ name: 'quiet' })
    const containers = new PluginContainers([quiet], {})
    containers.of('quiet').register({ authenticator: asValue({}) })
    const error = errorOf(() => containers.markInternals([quiet]))
    expect(error?.code).toBe('SW_PLUGIN_INVALID')
    expect(error?.message).toMatch(/"quiet" registers "authenticator", which core reads/)
  })

  it('refuses a plugin that did not register what it provides, and an unknown plugin', () => {
    const containers = new PluginContainers([counting], {})
    expect(
      errorOf(() => checkServicesProvided([counting], (name) => containers.of(name)))?.code,
    ).toBe('SW_PLUGIN_INVALID')
    expect(errorOf(() => containers.of('ghost'))?.code).toBe('SW_PLUGIN_NOT_FOUND')
  })
})
