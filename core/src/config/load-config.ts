import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { ConfigError } from './config-error.js'
import {
  defaults,
  SETTINGS,
  type ConfigInput,
  type SettingKey,
  type ShopwrightConfig,
} from './schema.js'

/** Config file names looked for in the working directory, in this order. */
export const CONFIG_FILES = [
  'shopwright.config.ts',
  'shopwright.config.js',
  'shopwright.config.json',
] as const

export interface LoadConfigOptions {
  cwd?: string
  env?: NodeJS.ProcessEnv
  /** Values that win over both the environment and the file (tests, the CLI's flags). */
  overrides?: ConfigInput
}

/**
 * Builds the configuration: defaults, then environment variables, then `shopwright.config.*`,
 * then explicit overrides. Every value is validated; the first bad one throws a ConfigError that
 * names the environment variable or the file key to fix.
 */
export async function loadConfig(options: LoadConfigOptions = {}): Promise<ShopwrightConfig> {
  const cwd = options.cwd ?? process.cwd()
  const env = options.env ?? process.env
  const sources = new Map<SettingKey, string>()
  const raw: Record<string, unknown> = { ...defaults(cwd) }

  for (const [key, setting] of Object.entries(SETTINGS) as Array<
    [SettingKey, (typeof SETTINGS)[SettingKey]]
  >) {
    const value = env[setting.env]
    if (value === undefined || value === '') continue
    raw[key] =
      key === 'plugins'
        ? value
            .split(',')
            .map((name) => name.trim())
            .filter(Boolean)
        : value
    sources.set(key, setting.env)
  }

  // Keys core does not know are the plugins' settings: each plugin validates its own at boot, and
  // the kernel refuses a key no installed plugin claims (docs/plugins.md, "Settings").
  const settings: Record<string, unknown> = {}
  const settingSources: Record<string, string> = {}
  const file = await readConfigFile(cwd)
  if (file) {
    for (const [key, value] of Object.entries(file.values)) {
      if (key === 'settings' || key === 'settingSources' || key === '__proto__')
        throw new ConfigError(`${file.name}: ${key}`, 'is not a known setting')
      if (!Object.hasOwn(SETTINGS, key)) {
        settings[key] = value
        settingSources[key] = `${file.name}: ${key}`
        continue
      }
      raw[key] = value
      sources.set(key as SettingKey, `${file.name}: ${key}`)
    }
  }

  const {
    settings: overriddenSettings,
    settingSources: _ignored,
    ...overrides
  } = options.overrides ?? {}
  for (const [key, value] of Object.entries(overriddenSettings ?? {})) {
    settings[key] = value
    settingSources[key] = key
  }
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue
    raw[key] = value
    sources.set(key as SettingKey, key)
  }

  const config: Record<string, unknown> = {}
  for (const [key, setting] of Object.entries(SETTINGS) as Array<
    [SettingKey, (typeof SETTINGS)[SettingKey]]
  >) {
    const result = setting.schema.safeParse(raw[key])
    if (!result.success) {
      const name = sources.get(key) ?? setting.env
      const issue = result.error.issues[0]
      throw new ConfigError(
        name,
        `${issue?.message ?? 'is invalid'} (got ${JSON.stringify(raw[key])})`,
      )
    }
    config[key] = result.data
  }

  config.dataDir = path.resolve(cwd, config.dataDir as string)
  if (config.databaseUrl === undefined) {
    config.databaseUrl = `sqlite:${path.join(config.dataDir as string, 'shopwright.sqlite')}`
  }
  config.settings = Object.freeze(settings)
  config.settingSources = Object.freeze(settingSources)
  return Object.freeze(config) as unknown as ShopwrightConfig
}

async function readConfigFile(
  cwd: string,
): Promise<{ name: string; values: Record<string, unknown> } | undefined> {
  const found = CONFIG_FILES.filter((name) => fs.existsSync(path.join(cwd, name)))
  if (found.length > 1) {
    throw new ConfigError(found.join(', '), 'are all present: keep one config file')
  }
  const name = found[0]
  if (!name) return undefined
  const file = path.join(cwd, name)
  let values: unknown
  try {
    if (name.endsWith('.json')) {
      values = JSON.parse(fs.readFileSync(file, 'utf8'))
    } else if (name.endsWith('.ts')) {
      // jiti compiles the TypeScript config on the fly, so projects need no build step for it.
      const { createJiti } = await import('jiti')
      const module = (await createJiti(import.meta.url).import(file)) as { default?: unknown }
      values = module.default ?? module
    } else {
      const module = (await import(pathToFileURL(file).href)) as { default?: unknown }
      values = module.default ?? module
    }
  } catch (error) {
    throw new ConfigError(
      name,
      `cannot be read: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  if (typeof values !== 'object' || values === null || Array.isArray(values)) {
    throw new ConfigError(name, 'must export an object of settings')
  }
  return { name, values: values as Record<string, unknown> }
}
