import { binaryKeys, type Migration } from '@shopwright/core'

/** The site's one log: record changes and the process log's warnings and errors. */
export const LOG_TABLE = 'log_lines'

/**
 * A released migration never changes; a later change is a new one. Every list reads an index in
 * `seq` order (keyset paging): the primary key for the whole log, `(name, seq)`, `(type, seq)` and
 * `(level, seq)` for a filter; `time` finds where a date starts and what retention deletes.
 */
export const migrations: Migration[] = [
  {
    name: '001-log-lines',
    async up(db) {
      await db.schema.createTable(LOG_TABLE, (table) => {
        // First in every createTable: on MySQL/MariaDB names then compare as bytes (`Ab` is not `ab`).
        binaryKeys(table)
        table.bigIncrements('seq').primary()
        // Epoch milliseconds, as the records table keeps times.
        table.bigInteger('time').notNullable()
        table.smallint('level').notNullable()
        table.string('source', 8).notNullable()
        table.string('type', 64).notNullable()
        // `type.id`: a type (64) and an id (191) with the dot.
        table.string('name', 260).notNullable()
        table.string('actor', 260).notNullable()
        // The message's parts as JSON; a stack and a context fit (a line is bounded to 60 KB).
        table.text('message', 'mediumtext').notNullable()
        table.index(['time'], 'log_lines_time')
        table.index(['name', 'seq'], 'log_lines_name_seq')
        table.index(['type', 'seq'], 'log_lines_type_seq')
        table.index(['level', 'seq'], 'log_lines_level_seq')
      })
    },
    async down(db) {
      await db.schema.dropTable(LOG_TABLE)
    },
  },
]
