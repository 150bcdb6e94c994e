import type { Knex } from 'knex'
import type { Migration, PluginDefinition } from '../kernel/plugin.js'
import { KERNEL_MIGRATIONS, REDIS_MIGRATIONS } from './kernel-migrations.js'
import { unlimitedDatabase } from './time-limited-client.js'
import { withMigrationLease } from './migration-lease.js'

/** The table knex records applied migrations in. */
export const MIGRATIONS_TABLE = 'sw_migrations'

interface PluginMigration {
  plugin: string
  migration: Migration
}

/** Feeds every plugin's migrations to knex, in plugin order, named `<plugin>/<migration>`. */
class PluginMigrationSource implements Knex.MigrationSource<PluginMigration> {
  constructor(
    private readonly plugins: readonly PluginDefinition[],
    private readonly only?: ReadonlySet<string>,
  ) {}

  async getMigrations(): Promise<PluginMigration[]> {
    const all = this.plugins.flatMap((plugin) =>
      (plugin.migrations ?? []).map((migration) => ({ plugin: plugin.name, migration })),
    )
    return this.only ? all.filter((item) => this.only!.has(this.getMigrationName(item))) : all
  }

  getMigrationName(item: PluginMigration): string {
    return `${item.plugin}/${item.migration.name}`
  }

  async getMigration(item: PluginMigration): Promise<Knex.Migration> {
    const { up, down } = item.migration
    return { up: (db) => up(db), down: (db) => (down ? down(db) : Promise.resolve()) }
  }
}

/** Which of the kernel's own tables a node needs. */
export interface MigrationOptions {
  /**
   * Adds the kernel's tables for a site with Redis (the cache's invalidation log, docs/operations.md
   * "Redis outages") to those every site has (the meters); all are migrated before every plugin's and
   * named `kernel/<migration>`.
   */
  redis?: boolean
  /**
   * Only these migrations (`<plugin>/<migration>`): `shopwright restore` rebuilds the schema an
   * archive's site had, no further, before it loads the rows (docs/operations.md, "Backups").
   */
  only?: ReadonlySet<string>
}

/** The plugins whose migrations run, the kernel's own first when the options ask for them. */
function withKernel(
  plugins: readonly PluginDefinition[],
  options: MigrationOptions,
): readonly PluginDefinition[] {
  const migrations = options.redis ? [...REDIS_MIGRATIONS, ...KERNEL_MIGRATIONS] : KERNEL_MIGRATIONS
  return [{ name: 'kernel', migrations }, ...plugins]
}

/** The knex migration settings for the plugin list. */
export function migrationConfig(
  plugins: readonly PluginDefinition[],
  options: MigrationOptions = {},
): Knex.MigratorConfig {
  return {
    migrationSource: new PluginMigrationSource(withKernel(plugins, options), options.only),
    tableName: MIGRATIONS_TABLE,
    // A plugin taken out of the list leaves its applied migrations behind; that is not corruption.
    disableMigrationsListValidation: true,
  }
}

/**
 * Applies pending migrations of every plugin, once across every process and node that starts at
 * once (the migration lease, and knex's lock table within it). Returns the names applied. They run without DATABASE_TIMEOUT's
 * query limit (on a pool of their own on MySQL/MariaDB): a migration may rebuild a large table.
 */
export async function runMigrations(
  db: Knex,
  plugins: readonly PluginDefinition[],
  options: MigrationOptions = {},
): Promise<string[]> {
  const all = withKernel(plugins, options)
  if (!all.some((plugin) => plugin.migrations?.length)) return []
  const migrator = unlimitedDatabase(db)
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        return await withMigrationLease(migrator, async () => {
          const [, applied] = (await migrator.migrate.latest(
            migrationConfig(plugins, options),
          )) as [number, string[]]
          return applied
        })
      } catch (error) {
        // Another process is migrating: knex creates its bookkeeping tables outside the lock and
        // refuses (rather than waits) while the lock is held. Wait, then look again: what the other
        // process applied is no longer pending.
        if (attempt >= LOCK_ATTEMPTS || !isConcurrentMigration(error)) throw error
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200))
      }
    }
  } finally {
    if (migrator !== db) await migrator.destroy()
  }
}

const LOCK_ATTEMPTS = 100

function isConcurrentMigration(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error)
  return (
    (error as { name?: string }).name === 'MigrationLocked' ||
    /already locked|already exists|SQLITE_BUSY|ER_LOCK_DEADLOCK|Duplicate entry/i.test(message)
  )
}

/** Every migration's name, `<plugin>/<migration>`, in the order they apply. */
export function migrationNames(
  plugins: readonly PluginDefinition[],
  options: MigrationOptions = {},
): string[] {
  return withKernel(plugins, options).flatMap((plugin) =>
    (plugin.migrations ?? []).map((migration) => `${plugin.name}/${migration.name}`),
  )
}

/** Names of migrations not yet applied. */
export async function pendingMigrations(
  db: Knex,
  plugins: readonly PluginDefinition[],
  options: MigrationOptions = {},
): Promise<string[]> {
  if (!withKernel(plugins, options).some((plugin) => plugin.migrations?.length)) return []
  const [, pending] = (await db.migrate.list(migrationConfig(plugins, options))) as [
    unknown[],
    PluginMigration[],
  ]
  return pending.map((item) => `${item.plugin}/${item.migration.name}`)
}
