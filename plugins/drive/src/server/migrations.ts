import { binaryKeys, type Migration } from '@shopwright/core'

/** One row per file or folder, live or in the bin (docs/drive.md). */
export const ENTRIES_TABLE = 'drive_entries'

/**
 * The drive's metadata; contents live in the blob store under `blob`. Paths are unique among live
 * entries (`bin_id` is '' for them) and within one binned subtree (`bin_id` is the binned root's id),
 * so a binned folder keeps its whole tree and a new entry may take its name meanwhile. Listings
 * read the `(parent_id, bin_id, rank, name)` index in order, so a page costs the same at any depth.
 */
export const migrations: Migration[] = [
  {
    name: '001-entries',
    async up(db) {
      await db.schema.createTable(ENTRIES_TABLE, (table) => {
        binaryKeys(table)
        table.string('id', 24).primary()
        // '' for the top-level folders: the root itself has no row.
        table.string('parent_id', 24).notNullable()
        // 700 and 255 characters: what one MariaDB index holds in utf8mb4 (src/shared/names.ts).
        table.string('path', 700).notNullable()
        table.string('name', 255).notNullable()
        // 0 folder, 1 file: folders list first.
        table.tinyint('rank').notNullable()
        table.bigInteger('size').notNullable().defaultTo(0)
        table.string('hash', 64).nullable()
        table.string('blob', 128).nullable()
        table.string('content_type', 191).nullable()
        table.string('security', 191).nullable()
        // Epoch milliseconds, as the records keep times.
        table.bigInteger('created').notNullable()
        table.bigInteger('modified').notNullable()
        table.string('modified_by', 255).nullable()
        table.string('bin_id', 24).notNullable().defaultTo('')
        table.bigInteger('binned').nullable()
        // True on the entry a bin call named; its subtree carries the same bin_id.
        table.boolean('bin_root').notNullable().defaultTo(false)
        table.unique(['path', 'bin_id'], { indexName: 'drive_entries_path' })
        table.index(['parent_id', 'bin_id', 'rank', 'name'], 'drive_entries_listing')
        table.index(['bin_root', 'binned'], 'drive_entries_bin')
        table.index(['bin_id'], 'drive_entries_bin_id')
      })
    },
    async down(db) {
      await db.schema.dropTable(ENTRIES_TABLE)
    },
  },
]
