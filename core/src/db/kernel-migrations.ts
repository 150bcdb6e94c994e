import type { Migration } from '../kernel/plugin.js'
import { binaryKeys } from './binary-keys.js'

/** The table of cache invalidations a node could not send through Redis (cache/invalidation-log.ts). */
export const CACHE_INVALIDATIONS_TABLE = 'sw_cache_invalidations'

/**
 * The kernel's own tables, recorded as `kernel/<name>` before every plugin's. Only a site with
 * Redis needs them (docs/operations.md, "Redis outages").
 */
export const KERNEL_MIGRATIONS: readonly Migration[] = [
  {
    name: '001-cache-invalidations',
    up: (db) =>
      db.schema.createTable(CACHE_INVALIDATIONS_TABLE, (table) => {
        binaryKeys(table)
        // Nodes read what is new since the last row they saw: `seq > ?` on the primary key.
        table.bigIncrements('seq').primary()
        table.string('type', 191).notNullable()
        // Null: the whole type (type '*': everything) was cleared.
        table.text('key').nullable()
        // Epoch ms, for pruning.
        table.bigInteger('at').notNullable()
      }),
  },
]
