import { binaryKeys, type Migration } from '@shopwright/core'

export const SESSIONS_TABLE = 'sessions_sessions'
export const PAGES_TABLE = 'sessions_pages'

/**
 * One row per visit, keyed by the hash of its cookie; one row per tracked page, keyed by its
 * session and its start in the browser's clock (a page sent again, to the same node or another,
 * updates its row; its stored times are moved to the server's clock).
 * `sessions_list` serves the list order (newest first) and its keyset paging; `sessions_ended`
 * the retention prune and the live count.
 */
export const migrations: Migration[] = [
  {
    name: '001-sessions',
    async up(db) {
      await db.schema.createTable(SESSIONS_TABLE, (table) => {
        binaryKeys(table)
        table.string('id', 32).notNullable().primary()
        table.bigInteger('started_at').notNullable()
        table.bigInteger('ended_at').notNullable()
        table.boolean('confirmed').notNullable().defaultTo(false)
        table.integer('visits').notNullable().defaultTo(1)
        table.string('ip', 45).notNullable().defaultTo('')
        table.string('user_agent', 512).notNullable().defaultTo('')
        table.string('device', 256).notNullable().defaultTo('')
        table.string('browser', 64).notNullable().defaultTo('')
        table.string('browser_version', 32).notNullable().defaultTo('')
        table.string('os', 64).notNullable().defaultTo('')
        table.string('os_version', 32).notNullable().defaultTo('')
        table.string('platform', 16).notNullable().defaultTo('')
        table.string('city', 128).notNullable().defaultTo('')
        table.string('region', 128).notNullable().defaultTo('')
        table.string('country', 2).notNullable().defaultTo('')
        table.double('latitude').nullable()
        table.double('longitude').nullable()
        table.string('language', 35).notNullable().defaultTo('')
        table.string('referer', 2000).notNullable().defaultTo('')
        table.string('medium', 16).notNullable().defaultTo('direct')
        table.boolean('robot').notNullable().defaultTo(false)
        table.boolean('virus').notNullable().defaultTo(false)
        table.boolean('spam').notNullable().defaultTo(false)
        table.string('reasons', 255).notNullable().defaultTo('')
        table.index(['started_at', 'id'], 'sessions_list')
        table.index(['ended_at'], 'sessions_ended')
      })
      await db.schema.createTable(PAGES_TABLE, (table) => {
        binaryKeys(table)
        table.string('session_id', 32).notNullable()
        // The page's start as the browser's clock gave it: what makes a page sent twice one page.
        table.bigInteger('page_key').notNullable()
        table.bigInteger('started_at').notNullable()
        table.bigInteger('ended_at').notNullable()
        table.string('href', 2000).notNullable()
        table.string('entry', 2000).notNullable().defaultTo('')
        table.string('exit_href', 2000).notNullable().defaultTo('')
        table.integer('scroll').notNullable().defaultTo(0)
        table.primary(['session_id', 'page_key'])
      })
    },
    async down(db) {
      await db.schema.dropTable(PAGES_TABLE)
      await db.schema.dropTable(SESSIONS_TABLE)
    },
  },
]
