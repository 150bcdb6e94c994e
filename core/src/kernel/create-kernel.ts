import http from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import Koa from 'koa'
import type { AwilixContainer } from 'awilix'
import { asValue } from 'awilix/browser'
import type { Knex } from 'knex'
import type { ShopwrightConfig } from '../config/schema.js'
import { createLogger, flushLogger, redactingLogger, type Logger } from '../logger.js'
import { logRedactor } from '../log/redact.js'
import { pendingMigrations, runMigrations } from '../db/migrations.js'
import { withMigrationLease } from '../db/migration-lease.js'
import { AccessService } from '../access/access-service.js'
import { QueryRouter, type RouteInfo } from '../http/query-router.js'
import type { QueryState } from '../http/state.js'
import type { RecordData } from '../shared/records.js'
import type { BootstrapContext, PluginDefinition, RegisterContext } from './plugin.js'
import type { PluginCradle, Services } from './services.js'
import { orderPlugins } from './order-plugins.js'
import { RegisterGuard } from './register-guard.js'
import { checkServiceDeclarations, checkServicesProvided } from './plugin-services.js'
import { optionalService, PluginContainers } from './plugin-containers.js'
import { mergeErrorTables } from '../errors/define-errors.js'
import { resolvePluginSettings } from '../config/plugin-settings.js'
import { KernelError } from './kernel-error.js'
import { stopServer } from './stop-server.js'
import { securityRecords } from './plugin-security.js'
import { startCoreServices } from './core-services.js'
import { kernelRoutes } from './kernel-routes.js'
import { composeApp } from './compose-app.js'

const { version } = createRequire(import.meta.url)('@shopwright/core/package.json') as {
  version: string
}

/** What createKernel needs: the validated configuration and the plugin definitions to run. */
export interface KernelOptions {
  config: ShopwrightConfig
  plugins: readonly PluginDefinition[]
  logger?: Logger
  /** Apply pending migrations while booting (default true); `false` only checks for them. */
  migrate?: boolean
  /** Where plugins' settings are read from beside the config (default `process.env`). */
  env?: NodeJS.ProcessEnv
  /**
   * Mount the plugins' `pages` (what they serve outside `/query`: the admin app, the storefront),
   * in plugin order (default true). A one-shot command says false: it never serves a page, and
   * the page code is never loaded.
   */
  pages?: boolean
  /**
   * When this process starts taking scheduled work (docs/operations.md, "Scheduled work"): once
   * booted (the default), once it listens (a server: it seeds a new site first, so no task of any
   * node runs against a site not seeded yet), or never (a one-shot command, which would leave a
   * task it took half done when it exits).
   */
  schedule?: 'boot' | 'listen' | 'off'
}

/** A booted Shopwright: every plugin registered and bootstrapped, the app ready to serve. */
export interface Kernel {
  readonly version: string
  readonly config: ShopwrightConfig
  readonly logger: Logger
  /** The shared container: core's services and what the plugins provide. */
  readonly container: AwilixContainer<Services>
  readonly services: Services
  /**
   * One plugin's own container: its internals beside everything shared (docs/architecture.md,
   * "Services every plugin gets"). For tests and tools; plugins reach each other only through what
   * they provide.
   */
  containerOf(plugin: string): AwilixContainer<PluginCradle>
  /** Plugins in start order. */
  readonly plugins: readonly PluginDefinition[]
  /** Every `/query` route with its description, in registration order (the OpenAPI document's source). */
  readonly routes: readonly RouteInfo[]
  readonly app: Koa<QueryState>
  /** True once migrations are done, until close() begins. */
  readonly ready: boolean
  /** The server from listen(), if any. */
  readonly server: http.Server | undefined
  /** Starts serving HTTP on the configured port and host (or the given ones). */
  listen(port?: number, host?: string): Promise<{ server: http.Server; url: string }>
  /** A service some plugin may provide, or undefined: the one way to ask for an optional one. */
  optional<K extends keyof Services>(key: K): Services[K] | undefined
  /** Inserts every plugin's seed records and the given ones, leaving existing records untouched. */
  seed(records?: readonly RecordData[]): Promise<{ inserted: number; existing: number }>
  /** Graceful stop: refuse new connections, drain open requests, destroy plugins, close pools. Once. */
  close(): Promise<void>
}

/**
 * Builds the kernel: orders the plugins (dependsOn, then requires/provides), connects the database (and Redis when
 * configured), runs migrations, calls register then bootstrap of each plugin once, and composes the
 * HTTP app. It does not listen; call listen() or use `app.callback()` in tests.
 */
export async function createKernel(options: KernelOptions): Promise<Kernel> {
  const { config } = options
  const plugins = orderPlugins(options.plugins)
  // One redactor for both logs: the process log's lines (below) and the log plugin's copies.
  const redactor = logRedactor(plugins.flatMap((plugin) => plugin.secretAddresses ?? []))
  const logger = redactingLogger(options.logger ?? createLogger(config), redactor)
  // Everything a plugin declares is checked before anything connects: a wrong plugin list or
  // setting fails at once, naming what to fix.
  mergeErrorTables(plugins)
  const settings = resolvePluginSettings(config, plugins, options.env ?? process.env)
  checkServiceDeclarations(plugins)

  const cleanups: Array<() => Promise<void>> = []
  const cleanUp = async (): Promise<void> => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined)
  }

  try {
    const core = await startCoreServices(config, logger, cleanups)
    const { db, redis, cache, meters, schedule, lifecycle } = core
    const access = new AccessService(() => optional('securitySource'), cache)
    // One container per plugin, and a shared one for what they provide (docs/architecture.md,
    // "Services every plugin gets").
    const containers = new PluginContainers(plugins, {
      config: asValue(config),
      logger: asValue(logger),
      db: asValue(db),
      cache: asValue(cache),
      events: asValue(core.events),
      limiter: asValue(core.limiter),
      access: asValue(access),
      redis: asValue(redis),
      lifecycle: asValue(lifecycle),
      meters: asValue(meters),
      schedule: asValue(schedule),
      logRedactor: asValue(redactor),
    })
    const container = containers.shared
    const optional = optionalService(container)

    let ready = await migrate(db, plugins, options.migrate !== false, logger, redis !== null)
    // Its table is a kernel migration: read it only once the migrations are done.
    if (ready) await cache.startInvalidationLog(db)

    // Each plugin keeps its guarded container: the guard only acts while register() runs.
    const guards = new Map(
      plugins.map((plugin) => [plugin.name, new RegisterGuard(containers.of(plugin.name))]),
    )
    const registerContextOf = (plugin: PluginDefinition): RegisterContext => ({
      container: guards.get(plugin.name)!.container,
      config,
      settings: settings.get(plugin.name) ?? {},
      logger: logger.child({ plugin: plugin.name }),
    })
    for (const plugin of plugins)
      await guards
        .get(plugin.name)!
        .run(plugin.name, () => plugin.register?.(registerContextOf(plugin)))
    checkServicesProvided(plugins, (name) => containers.of(name))
    containers.markInternals(plugins)
    const authenticator = optional('authenticator')
    const services = container.cradle
    const bootstrapped: PluginDefinition[] = []
    const names = Object.freeze(plugins.map((plugin) => plugin.name))
    // A plugin's hooks see its own container: its internals and everything shared.
    const contexts = new Map(
      plugins.map((plugin): [string, BootstrapContext] => {
        const own = containers.of(plugin.name)
        return [
          plugin.name,
          {
            ...registerContextOf(plugin),
            services: own.cradle,
            plugins: names,
            optional: optionalService(own),
          },
        ]
      }),
    )
    const contextOf = (plugin: PluginDefinition): BootstrapContext => contexts.get(plugin.name)!
    cleanups.push(async () => {
      for (const plugin of [...bootstrapped].reverse()) {
        try {
          await plugin.destroy?.(contextOf(plugin))
        } catch (error) {
          logger.error({ err: error, plugin: plugin.name }, 'plugin destroy failed')
        }
      }
    })
    for (const plugin of plugins) {
      await plugin.bootstrap?.(contextOf(plugin))
      bootstrapped.push(plugin)
    }
    // Only a migrated node counts and runs scheduled work: a `migrate: false` check stays idle.
    if (ready) {
      meters.start()
      // Stopped before the plugins are destroyed: a running task may still use their services.
      cleanups.push(() => schedule.close())
      if ((options.schedule ?? 'boot') === 'boot') await schedule.start()
    }

    const router = new QueryRouter()
    kernelRoutes(router, { version, plugins: names }, access)
    for (const plugin of plugins) {
      try {
        router.registerAs(plugin.name, () =>
          plugin.routes?.(router, { ...contextOf(plugin), access }),
        )
      } catch (error) {
        // The router's boot errors name the route; the plugin that declared it is named here.
        if (!(error instanceof KernelError)) throw error
        throw new KernelError(error.code, `plugin "${plugin.name}": ${error.detail}`, {
          cause: error,
        })
      }
    }

    const pages = []
    if (options.pages !== false)
      for (const plugin of plugins) {
        const served = await plugin.pages?.({ ...contextOf(plugin), access })
        if (served) pages.push(served)
      }
    const app = composeApp({
      config,
      logger,
      plugins,
      router,
      db,
      redis,
      logRedactor: redactor,
      ready: () => ready,
      ...(ready ? { meters } : {}),
      authenticator,
      observer: optional('requestObserver'),
      pages,
      cleanups,
    })

    let server: http.Server | undefined
    let closing: Promise<void> | undefined
    const kernel: Kernel = {
      version,
      config,
      logger,
      container,
      services,
      containerOf: (plugin) => containers.of(plugin),
      plugins,
      routes: router.routes,
      app,
      get ready() {
        return ready
      },
      get server() {
        return server
      },
      optional,
      async listen(port = config.port, host = config.host) {
        if (server) throw new KernelError('SW_KERNEL_STATE', 'the kernel is already listening')
        if (closing) throw new KernelError('SW_KERNEL_STATE', 'the kernel is closed')
        const created = http.createServer(app.callback())
        // Idle connections outlive a balancer's (docs/operations.md, "Keep-alive"); the headers
        // timer must run longer still, or Node ends an idle connection at its expiry first.
        created.keepAliveTimeout = config.keepAliveTimeout
        created.headersTimeout = config.keepAliveTimeout + 1_000
        await new Promise<void>((resolve, reject) => {
          created.once('error', reject)
          created.listen(port, host, () => {
            created.off('error', reject)
            resolve()
          })
        })
        server = created
        if (ready && options.schedule === 'listen') await schedule.start()
        const address = created.address() as AddressInfo
        const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address
        return {
          server: created,
          url: `http://${shownHost === '0.0.0.0' ? '127.0.0.1' : shownHost}:${address.port}`,
        }
      },
      async seed(records = []) {
        const writer = optional('seedWriter')
        if (!writer)
          throw new KernelError(
            'SW_KERNEL_STATE',
            'no plugin stores seed records: add a plugin that provides seedWriter',
          )
        const all: RecordData[] = []
        for (const plugin of plugins) {
          all.push(...securityRecords(plugin.security ?? {}))
          const seeds =
            typeof plugin.seeds === 'function' ? await plugin.seeds() : (plugin.seeds ?? [])
          all.push(...seeds)
        }
        all.push(...records)
        // Nodes starting together on a new database seed one at a time, as they migrate: on a
        // Galera cluster two seeds of the same rows at once conflict at commit again and again.
        return withMigrationLease(db, () => writer.insertMissing(all))
      },
      close() {
        closing ??= (async () => {
          ready = false
          lifecycle.stop()
          if (server) await stopServer(server, config.shutdownTimeout)
          await cleanUp()
          await flushLogger(logger)
        })()
        return closing
      },
    }
    return kernel
  } catch (error) {
    await cleanUp()
    throw error
  }
}

/**
 * Applies or checks migrations (the kernel's own first, with Redis: docs/architecture.md, "Boot");
 * true when none is pending afterwards.
 */
async function migrate(
  db: Knex,
  plugins: readonly PluginDefinition[],
  apply: boolean,
  logger: Logger,
  redis: boolean,
): Promise<boolean> {
  if (!apply) return (await pendingMigrations(db, plugins, { redis })).length === 0
  try {
    const applied = await runMigrations(db, plugins, { redis })
    if (applied.length) logger.info({ applied }, 'migrations applied')
    return true
  } catch (error) {
    throw new KernelError(
      'SW_MIGRATION_FAILED',
      error instanceof Error ? error.message : String(error),
    )
  }
}
