import { describe, expect, it } from 'vitest'
import { definePlugin } from './plugin.js'
import { orderPlugins } from './order-plugins.js'
import { KernelError } from './kernel-error.js'

const plugin = (name: string, dependsOn: string[] = []) => definePlugin({ name, dependsOn })

function codeOf(run: () => unknown): string | undefined {
  try {
    run()
  } catch (error) {
    return error instanceof KernelError ? error.code : 'not a KernelError'
  }
  return undefined
}

describe('orderPlugins', () => {
  it('puts dependencies first and keeps the given order otherwise', () => {
    const order = orderPlugins([plugin('c', ['b']), plugin('a'), plugin('b', ['a']), plugin('d')])
    expect(order.map((p) => p.name)).toEqual(['a', 'b', 'c', 'd'])
  })

  it('puts the provider of each required service first, and shows a cycle through services', () => {
    const login = definePlugin({ name: 'login', provides: ['authenticator'] })
    const shop = definePlugin({ name: 'shop', requires: ['authenticator', 'db'] })
    expect(orderPlugins([shop, plugin('a'), login]).map((p) => p.name)).toEqual([
      'login',
      'shop',
      'a',
    ])
    const loop = [
      definePlugin({ name: 'x', provides: ['authenticator'], requires: ['seedWriter'] }),
      definePlugin({ name: 'y', provides: ['seedWriter'], requires: ['authenticator'] }),
    ]
    expect(codeOf(() => orderPlugins(loop))).toBe('SW_PLUGIN_CYCLE')
    expect(() => orderPlugins(loop)).toThrow(/x -> y -> x/)
    // A service nobody provides orders nothing: the service check refuses it, with its own code.
    expect(orderPlugins([definePlugin({ name: 'z', requires: ['authenticator'] })])).toHaveLength(1)
  })

  it('honours dependsOn and requires together, and finds a cycle that mixes them', () => {
    // `reports` needs the authenticator: `login` starts first, and `login` after its dependency.
    const reports = definePlugin({ name: 'reports', requires: ['authenticator'] })
    const login = definePlugin({ name: 'login', dependsOn: ['base'], provides: ['authenticator'] })
    const base = plugin('base')
    expect(orderPlugins([reports, login, base]).map((p) => p.name)).toEqual([
      'base',
      'login',
      'reports',
    ])
    // A plugin may require what it provides itself: that orders nothing.
    const self = definePlugin({ name: 'self', provides: ['seedWriter'], requires: ['seedWriter'] })
    expect(orderPlugins([self]).map((p) => p.name)).toEqual(['self'])
    const mixed = [
      definePlugin({ name: 'p', dependsOn: ['q'], provides: ['authenticator'] }),
      definePlugin({ name: 'q', requires: ['authenticator'] }),
    ]
    expect(codeOf(() => orderPlugins(mixed))).toBe('SW_PLUGIN_CYCLE')
    expect(() => orderPlugins(mixed)).toThrow(/p -> q -> p/)
  })

  it('fails on a duplicate name', () => {
    expect(codeOf(() => orderPlugins([plugin('a'), plugin('a')]))).toBe('SW_PLUGIN_DUPLICATE')
  })

  it('fails on a missing dependency, naming both plugins', () => {
    expect(codeOf(() => orderPlugins([plugin('a', ['ghost'])]))).toBe(
      'SW_PLUGIN_DEPENDENCY_MISSING',
    )
    expect(() => orderPlugins([plugin('a', ['ghost'])])).toThrow(/"a" depends on "ghost"/)
  })

  it('fails on a cycle and shows it', () => {
    expect(
      codeOf(() => orderPlugins([plugin('a', ['b']), plugin('b', ['c']), plugin('c', ['a'])])),
    ).toBe('SW_PLUGIN_CYCLE')
    expect(() => orderPlugins([plugin('a', ['a'])])).toThrow(/a -> a/)
  })

  it('definePlugin refuses bad names', () => {
    expect(codeOf(() => definePlugin({ name: 'Bad Name' }))).toBe('SW_PLUGIN_INVALID')
    expect(codeOf(() => definePlugin({ name: 'ok', dependsOn: ['../x'] }))).toBe(
      'SW_PLUGIN_INVALID',
    )
  })
})
