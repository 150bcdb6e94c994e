import { expect } from 'vitest'
import { createKernel, type Kernel } from '../kernel/create-kernel.js'
import type { PluginDefinition } from '../kernel/plugin.js'
import type { ShopwrightConfig } from '../config/schema.js'
import { testConfig } from './test-config.js'

/**
 * Boots `plugins` on a throw-away SQLite database with the given environment and config-file
 * settings (and any other configuration), as a boot test of a plugin's settings does.
 */
export function bootWith(
  plugins: readonly PluginDefinition[],
  env: NodeJS.ProcessEnv = {},
  settings: Record<string, unknown> = {},
  overrides: Partial<ShopwrightConfig> = {},
): Promise<Kernel> {
  return createKernel({ config: testConfig({ settings, ...overrides }), plugins, env })
}

/** Expects each environment's boot to stop with SW_CONFIG_INVALID naming its setting. */
export async function expectConfigRefusals(
  boot: (env: NodeJS.ProcessEnv) => Promise<unknown>,
  cases: ReadonlyArray<readonly [NodeJS.ProcessEnv, string]>,
): Promise<void> {
  for (const [env, setting] of cases)
    await expect(boot(env)).rejects.toMatchObject({ code: 'SW_CONFIG_INVALID', setting })
}
