import type { Knex } from 'knex'
import type { Migration, PluginDefinition } from '../kernel/plugin.js'

/** The table knex records applied migrations in. */
export const MIGRATIONS_TABLE = 'sw_migrations'

interface PluginMigration {
  plugin: string
  migration: Migration
}

/** Feeds every plugin's migrations to knex, in plugin order, named `<plugin>/<migration>`. */
class PluginMigrationSource implements Knex.MigrationSource<PluginMigration> {
  constructor(private readonly plugins: readonly PluginDefinition[]) {}

  async getMigrations(): Promise<PluginMigration[]> {
    return this.plugins.flatMap((plugin) =>
      (plugin.migrations ?? []).map((migration) => ({ plugin: plugin.name, migration })),
    )
  }

  getMigrationName(item: PluginMigration): string {
    return `${item.plugin}/${item.migration.name}`
  }

  async getMigration(item: PluginMigration): Promise<Knex.Migration> {
    const { up, down } = item.migration
    return { up: (db) => up(db), down: (db) => (down ? down(db) : Promise.resolve()) }
  }
}


/** The knex migration settings for the plugin list. */
export function migrationConfig(plugins: readonly PluginDefinition[]): Knex.MigratorConfig {
  return {
    migrationSource: new PluginMigrationSource(plugins),
    tableName: MIGRATIONS_TABLE,
    // A plugin taken out of the list leaves its applied migrations behind; that is not corruption.
    disableMigrationsListValidation: true,
  }
}

/**
 * Applies pending migrations of every plugin; knex's lock table keeps two processes that start at
 * once from running them twice. Returns the names applied.
 */
export async function runMigrations(db: Knex, plugins: readonly PluginDefinition[]): Promise<string[]> {
  if (!plugins.some((plugin) => plugin.migrations?.length)) return []
  const [, applied] = (await db.migrate.latest(migrationConfig(plugins))) as [number, string[]]
  return applied
}

/** Names of migrations not yet applied. */
export async function pendingMigrations(db: Knex, plugins: readonly PluginDefinition[]): Promise<string[]> {
  if (!plugins.some((plugin) => plugin.migrations?.length)) return []
  const [, pending] = (await db.migrate.list(migrationConfig(plugins))) as [unknown[], PluginMigration[]]
  return pending.map((item) => `${item.plugin}/${item.migration.name}`)
}
