import { createDatabase, loadConfig, orderPlugins, runMigrations } from '@shopwright/core'
import { resolvePlugins } from '../resolve-plugins.js'

/** `shopwright migrate`: applies every configured plugin's pending migrations, nothing else. */
export async function migrate(print: (line: string) => void): Promise<void> {
  const config = await loadConfig()
  const plugins = orderPlugins(await resolvePlugins(config.plugins, process.cwd()))
  const db = createDatabase(config.databaseUrl, { timeout: config.databaseTimeout })
  try {
    // The kernel's own tables too: with Redis, the cache's invalidation log (as `start` makes it).
    const applied = await runMigrations(db, plugins, { redis: Boolean(config.redisUrl) })
    print(
      applied.length
        ? `Applied ${applied.length} migration(s):\n  ${applied.join('\n  ')}`
        : 'The database is up to date.',
    )
  } finally {
    await db.destroy()
  }
}
