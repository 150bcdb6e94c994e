import type { Migration } from '../kernel/plugin.js'
import { binaryKeys } from './binary-keys.js'
import { METERS_TABLE } from '../meters/meters.js'

/** The table of cache invalidations a node could not send through Redis (cache/invalidation-log.ts). */
export const CACHE_INVALIDATIONS_TABLE = 'sw_cache_invalidations'

/**
 * The kernel's own tables that only a site with Redis needs (docs/operations.md, "Redis outages"),
 * recorded as `kernel/<name>` before every plugin's.
 */
export const REDIS_MIGRATIONS: readonly Migration[] = [
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

/** The kernel's own tables every site has, recorded as `kernel/<name>` before every plugin's. */
export const KERNEL_MIGRATIONS: readonly Migration[] = [
  {
    name: '002-meters',
    up: (db) =>
      db.schema.createTable(METERS_TABLE, (table) => {
        binaryKeys(table)
        table.string('day', 10).notNullable()
        table.string('name', 64).notNullable()
        // '' for a meter's total; an error code, for instance, for a keyed count.
        table.string('key', 191).notNullable().defaultTo('')
        table.bigInteger('value').notNullable().defaultTo(0)
        table.primary(['day', 'name', 'key'])
      }),
  },
]
