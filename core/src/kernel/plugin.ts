import type { AwilixContainer } from 'awilix'
import type { Middleware } from 'koa'
import type { Knex } from 'knex'
import type { z } from 'zod'
import type { RecordData } from '../shared/records.js'
import type { PluginCradle, Services } from './services.js'
import type { ShopwrightConfig } from '../config/schema.js'
import type { AccessService } from '../access/access-service.js'
import type { QueryRouter } from '../http/query-router.js'
import type { Logger } from '../logger.js'
import type { ErrorTable } from '../shared/errors/index.js'
import { KernelError } from './kernel-error.js'
import { checkSecurityTable, type SecurityTable } from './plugin-security.js'

/** A knex migration owned by one plugin; its stored name is `<plugin>/<name>`. */
export interface Migration {
  name: string
  up(db: Knex): Promise<void>
  down?(db: Knex): Promise<void>
}

/**
 * One setting of a plugin: the environment variable that sets it (a config file sets it by its
 * key), and the rule its value must pass; the schema's `.default()` gives its value when unset.
 */
export interface SettingDefinition<T extends z.ZodType = z.ZodType> {
  env: string
  schema: T
  /** A token or password: a refused value is shown by its length only, never echoed. */
  secret?: boolean
}

/** A plugin's settings by config-file key. */
export type SettingsTable = Readonly<Record<string, SettingDefinition>>

/** The validated values of a settings table, as the plugin's hooks receive them. */
export type SettingsOf<S extends SettingsTable> = {
  readonly [K in keyof S]: z.output<S[K]['schema']>
}

/** What register() receives: declare services only; other plugins may not be registered yet. */
export interface RegisterContext<S extends SettingsTable = SettingsTable> {
  container: AwilixContainer<PluginCradle>
  config: ShopwrightConfig
  /** This plugin's own settings, validated at boot. */
  settings: SettingsOf<S>
  logger: Logger
}

/** What bootstrap() and destroy() receive: every plugin is registered, services may be resolved. */
export interface BootstrapContext<
  S extends SettingsTable = SettingsTable,
> extends RegisterContext<S> {
  services: PluginCradle
  /** The running plugins' names, in start order. */
  plugins: readonly string[]
  /**
   * A service some plugin may provide, or undefined when none does: the one way to ask for a
   * service a plugin can do without (the services proxy throws on a missing one).
   */
  optional<K extends keyof Services>(key: K): Services[K] | undefined
}

/** What routes() receives beside the router. */
export interface RouteContext<S extends SettingsTable = SettingsTable> extends BootstrapContext<S> {
  access: AccessService
}

/** A plugin's whole public contract (docs/plugins.md walks through each part). */
export interface PluginDefinition<S extends SettingsTable = SettingsTable> {
  /** Unique, lower-case: a-z, 0-9 and '-'. */
  name: string
  /** Plugins that must be present and are started before this one. */
  dependsOn?: readonly string[]
  /**
   * The services this plugin registers for others (by their key in `Services`): the kernel checks
   * it registered them, and that no two plugins provide one.
   */
  provides?: ReadonlyArray<keyof Services>
  /**
   * The services this plugin cannot start without: a missing one stops the boot naming this
   * plugin. A service it can do without is asked for with `optional()` and not listed here.
   */
  requires?: ReadonlyArray<keyof Services>
  /** This plugin's settings: validated at boot like core's, given to its hooks as `settings`. */
  settings?: S
  /** This plugin's error codes (from `defineErrors`): merged into the catalogue at boot. */
  errors?: ErrorTable
  /**
   * The security records this plugin gates on, by id, with each role's rights on a new site: the
   * kernel seeds each one that is missing (plugin-security.ts), so this is their one source.
   */
  security?: SecurityTable
  migrations?: readonly Migration[]
  /** Records this plugin needs to exist; inserted by `shopwright seed` when missing. */
  seeds?: readonly RecordData[] | (() => readonly RecordData[] | Promise<readonly RecordData[]>)
  register?(context: RegisterContext<S>): void | Promise<void>
  bootstrap?(context: BootstrapContext<S>): void | Promise<void>
  destroy?(context: BootstrapContext<S>): void | Promise<void>
  /** Mounts the plugin's calls on the `/query` router. */
  routes?(router: QueryRouter, context: RouteContext<S>): void
  /**
   * What the plugin serves outside `/query` (an app's page, a storefront), made once every plugin
   * is started and mounted after the API, in plugin order: middleware that answers its addresses
   * and hands the others on with `next()`. Not called when the kernel serves no pages (a one-shot
   * command), so heavy page code is best imported inside it.
   */
  pages?(context: RouteContext<S>): Middleware | undefined | Promise<Middleware | undefined>
  /**
   * Addresses that carry a secret in their path (a reset link's code): each pattern matches from
   * the start of an address, and what it matches beyond its first group is written REDACTED in
   * both logs, wherever the address is written (`/^(\/reset\/[^/]+\/[^/]+\/)[^/?#]+/`; the
   * kernel's `logRedactor`). Secret-named query parameters (`code`, `token`, `password`...) and
   * card numbers are redacted for every address without being declared.
   */
  secretAddresses?: readonly RegExp[]
}

const NAME = /^[a-z][a-z0-9-]*$/
/** The kernel records its own migrations under this name. */
const RESERVED_NAME = 'kernel'

/** Declares a plugin; checks the shape at once so a mistake fails where it is written. */
export function definePlugin<S extends SettingsTable = Record<never, SettingDefinition>>(
  plugin: PluginDefinition<S>,
): Readonly<PluginDefinition<S>> {
  if (plugin?.name === RESERVED_NAME)
    throw new KernelError(
      'SW_PLUGIN_INVALID',
      `plugin name "${RESERVED_NAME}" is the kernel's own (its migrations are named kernel/...)`,
    )
  if (typeof plugin !== 'object' || plugin === null || !NAME.test(plugin.name ?? '')) {
    throw new KernelError(
      'SW_PLUGIN_INVALID',
      `plugin name ${JSON.stringify(plugin?.name)} must match ${NAME}`,
    )
  }
  for (const dependency of plugin.dependsOn ?? []) {
    if (!NAME.test(dependency)) {
      throw new KernelError(
        'SW_PLUGIN_INVALID',
        `plugin ${plugin.name} depends on an invalid name ${JSON.stringify(dependency)}`,
      )
    }
  }
  for (const migration of plugin.migrations ?? []) {
    if (!migration.name || typeof migration.up !== 'function') {
      throw new KernelError(
        'SW_PLUGIN_INVALID',
        `plugin ${plugin.name} has a migration without a name or up()`,
      )
    }
  }
  for (const [key, setting] of Object.entries(plugin.settings ?? {})) {
    if (!/^[a-z][A-Za-z0-9]*$/.test(key) || !/^[A-Z][A-Z0-9_]*$/.test(setting?.env ?? ''))
      throw new KernelError(
        'SW_PLUGIN_INVALID',
        `plugin ${plugin.name} has a setting ${JSON.stringify(key)} without a camelCase key and an UPPER_CASE env name`,
      )
  }
  checkSecurityTable(plugin.name, plugin.security ?? {})
  return Object.freeze(plugin)
}
