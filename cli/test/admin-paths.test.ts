import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Kernel } from '@shopwright/core'
import { bootTestKernel, databasesUnderTest, type TestKernel } from '@shopwright/core/testing'
import { adminPathsMismatch, type AdminModule } from '@shopwright/admin-ui/registry'
import { adminPlugin } from '@shopwright/admin-ui/server'
import example from '@shopwright/plugin-example'
import { DEFAULT_PLUGINS, resolvePlugins } from '../src/resolve-plugins.js'

/**
 * One conformance check for every built-in plugin (and the example): the admin addresses it adds
 * in its bootstrap (`admin.addPaths`) are exactly its admin module's panels, so the server answers
 * each panel with the app and nothing else with a 200 'Page not Found'.
 */
const ADMIN_MODULES: Record<string, () => Promise<{ default: AdminModule }>> = {
  records: () => import('@shopwright/plugin-records/admin'),
  translations: () => import('@shopwright/plugin-translations/admin'),
  drive: () => import('@shopwright/plugin-drive/admin'),
  memory: () => import('@shopwright/plugin-memory/admin'),
  sessions: () => import('@shopwright/plugin-sessions/admin'),
  insights: () => import('@shopwright/plugin-insights/admin'),
  billing: () => import('@shopwright/plugin-billing/admin'),
  log: () => import('@shopwright/plugin-log/admin'),
  example: () => import('@shopwright/plugin-example/admin'),
}

const sqlite = databasesUnderTest()[0]!

describe('the plugins’ admin paths', () => {
  let booted: TestKernel
  let kernel: Kernel

  beforeAll(async () => {
    const plugins = await resolvePlugins(DEFAULT_PLUGINS, process.cwd())
    booted = await bootTestKernel(
      sqlite,
      [...plugins, example, adminPlugin()],
      {},
      { pages: false },
    )
    kernel = booted.kernel
  })
  afterAll(() => booted.close())

  for (const [name, load] of Object.entries(ADMIN_MODULES)) {
    it(`are exactly the ${name} plugin's panels`, async () => {
      const { default: module } = await load()
      expect(module.plugin).toBe(name)
      expect(module.panels?.length).toBeGreaterThan(0)
      const added = kernel.services.admin.pathsOf(name)
      expect(adminPathsMismatch(module, added)).toEqual({ undeclared: [], withoutPanel: [] })
    })
  }

  it('leaves out a plugin with no panels', () => {
    expect(kernel.services.admin.pathsOf('account')).toEqual([])
  })
})
