import type { SettingsTable } from '../kernel/plugin.js'
import { SETTINGS, type ShopwrightConfig } from './schema.js'
import { ConfigError } from './config-error.js'

/** The plugins as far as their settings go. */
interface WithSettings {
  name: string
  settings?: SettingsTable
}

/**
 * Validates every plugin's settings the way loadConfig validates core's: the config file's value
 * (or a caller's) wins over the environment variable, and the first bad one stops the boot naming
 * the key or variable to fix. A config-file key no installed plugin claims is refused too, so a
 * typo never passes silently. Answers each plugin's values by plugin name.
 */
export function resolvePluginSettings(
  config: ShopwrightConfig,
  plugins: readonly WithSettings[],
  env: NodeJS.ProcessEnv,
): Map<string, Readonly<Record<string, unknown>>> {
  const owners = new Map<string, string>()
  const resolved = new Map<string, Readonly<Record<string, unknown>>>()
  for (const plugin of plugins) {
    const values: Record<string, unknown> = {}
    for (const [key, setting] of Object.entries(plugin.settings ?? {})) {
      const owner = owners.get(key) ?? (Object.hasOwn(SETTINGS, key) ? 'core' : undefined)
      if (owner)
        throw new ConfigError(
          key,
          `is declared by plugin "${plugin.name}" and by ${owner === 'core' ? 'core' : `plugin "${owner}"`}: one must rename it`,
        )
      owners.set(key, plugin.name)
      const fromConfig = Object.hasOwn(config.settings, key)
      const fromEnv = env[setting.env] !== undefined && env[setting.env] !== ''
      const raw = fromConfig ? config.settings[key] : fromEnv ? env[setting.env] : undefined
      const result = setting.schema.safeParse(raw)
      if (!result.success) {
        const source = fromConfig ? (config.settingSources?.[key] ?? key) : setting.env
        const issue = result.error.issues[0]
        // A secret's refused value is never echoed: boot errors reach logs and terminals.
        const got =
          setting.secret && typeof raw === 'string'
            ? `${raw.length} characters`
            : JSON.stringify(raw)
        throw new ConfigError(source, `${issue?.message ?? 'is invalid'} (got ${got})`)
      }
      values[key] = result.data
    }
    resolved.set(plugin.name, Object.freeze(values))
  }
  for (const key of Object.keys(config.settings)) {
    if (!owners.has(key))
      throw new ConfigError(
        config.settingSources?.[key] ?? key,
        'is not a known setting of core or of an installed plugin',
      )
  }
  return resolved
}
