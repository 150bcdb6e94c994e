import type { Knex } from 'knex'
import {
  createDatabase,
  dialectOf,
  resolvePluginSettings,
  type DatabaseDialect,
  type PluginDefinition,
  type ShopwrightConfig,
} from '@shopwright/core'
import { createBlobStore, type BlobStore, type DriveSettings } from '@shopwright/plugin-drive'
import { sitePlugins } from '../boot.js'
import { resolvePlugins } from '../resolve-plugins.js'

/**
 * What a backup reads and a restore writes, opened without booting the site: its database (no
 * query time limit: a table is read or written whole) and the drive's blob store when the drive is
 * one of its plugins. No plugin starts, so nothing seeds, migrates or schedules on the way.
 */
export interface SiteParts {
  db: Knex
  dialect: DatabaseDialect
  plugins: PluginDefinition[]
  /** Null when the site has no drive. */
  blobs: BlobStore | null
  close(): Promise<void>
}

export async function openSiteParts(config: ShopwrightConfig): Promise<SiteParts> {
  const plugins = [...(await resolvePlugins(config.plugins, process.cwd())), ...sitePlugins()]
  // Every plugin's settings are checked, as a boot would: a typo in one fails here too.
  const settings = resolvePluginSettings(config, plugins, process.env)
  const drive = plugins.some((plugin) => plugin.name === 'drive')
    ? createBlobStore(settings.get('drive') as DriveSettings, config.dataDir)
    : null
  const db = createDatabase(config.databaseUrl, { timeout: 0 })
  return {
    db,
    dialect: dialectOf(config.databaseUrl),
    plugins,
    blobs: drive,
    async close() {
      await drive?.close()
      await db.destroy()
    },
  }
}
