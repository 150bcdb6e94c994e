import type { AwilixContainer } from 'awilix'
import type { Knex } from 'knex'
import type { RecordData } from '../shared/records.js'
import type { Services } from './services.js'
import type { ShopwrightConfig } from '../config/schema.js'
import type { AccessService } from '../access/access-service.js'
import type { QueryRouter } from '../http/query-router.js'
import type { Logger } from '../logger.js'
import { KernelError } from './kernel-error.js'

/** A knex migration owned by one plugin; its stored name is `<plugin>/<name>`. */
export interface Migration {
  name: string
  up(db: Knex): Promise<void>
  down?(db: Knex): Promise<void>
}

/** What register() receives: declare services only; other plugins may not be registered yet. */
export interface RegisterContext {
  container: AwilixContainer<Services>
  config: ShopwrightConfig
  logger: Logger
}

/** What bootstrap() and destroy() receive: every plugin is registered, services may be resolved. */
export interface BootstrapContext extends RegisterContext {
  services: Services
}

/** What routes() receives beside the router. */
export interface RouteContext extends BootstrapContext {
  access: AccessService
}

/** A plugin's whole public contract. */
export interface PluginDefinition {
  /** Unique, lower-case: a-z, 0-9 and '-'. */
  name: string
  /** Plugins that must be present and are started before this one. */
  dependsOn?: readonly string[]
  /** Security record ids this plugin gates on. */
  security?: readonly string[]
  migrations?: readonly Migration[]
  /** Records this plugin needs to exist; inserted by `shopwright seed` when missing. */
  seeds?: readonly RecordData[] | (() => readonly RecordData[] | Promise<readonly RecordData[]>)
  register?(context: RegisterContext): void | Promise<void>
  bootstrap?(context: BootstrapContext): void | Promise<void>
  destroy?(context: BootstrapContext): void | Promise<void>
  /** Mounts the plugin's calls on the `/query` router. */
  routes?(router: QueryRouter, context: RouteContext): void
  /** Cache types `/query/memory/clear/<type>` may clear. */
  cacheTypes?: readonly string[]
  /**
   * Address prefixes of this plugin's admin panels beyond the spec's admin paths (`/data`, `/log`,
   * ...): the server answers them with the admin app's page. The panels themselves are the
   * package's `./admin` export, compiled with the admin app (docs/plugins.md).
   */
  adminPaths?: readonly string[]
  /**
   * Storefront features this plugin provides, by name (`cart`): a theme shows the parts of its shell
   * that belong to one (the header's cart icon) only when a plugin provides it (docs/themes.md).
   */
  storefrontModules?: readonly string[]
}

const NAME = /^[a-z][a-z0-9-]*$/
/** The kernel records its own migrations under this name. */
const RESERVED_NAME = 'kernel'

/** Declares a plugin; checks the shape at once so a mistake fails where it is written. */
export function definePlugin<T extends PluginDefinition>(plugin: T): Readonly<T> {
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
  return Object.freeze(plugin)
}
