import type { Knex } from 'knex'
import { binaryKeys, convertToBinaryKeys, type Migration } from '@shopwright/core'
import { historyFields } from '../seeds/record-types.js'

/** Records as documents, and the per-type id counters. */
export const migrations: Migration[] = [
  {
    name: '001-records',
    async up(db) {
      await db.schema.createTable('records', (table) => {
        table.string('type', 64).notNullable()
        // 191 characters keeps the primary key inside MySQL's index limit with utf8mb4.
        table.string('id', 191).notNullable()
        table.text('body', 'longtext').notNullable()
        table.bigInteger('created_at').notNullable()
        table.bigInteger('modified_at').notNullable()
        table.bigInteger('binned_at').nullable()
        table.integer('version').notNullable().defaultTo(1)
        table.primary(['type', 'id'])
        // Listing a type's live records in id order (keyset paging) and the bin both read this index.
        table.index(['type', 'binned_at', 'id'], 'records_type_bin_id')
      })
      await db.schema.createTable('record_counters', (table) => {
        table.string('type', 64).notNullable().primary()
        table.bigInteger('value').notNullable()
      })
    },
    async down(db) {
      await db.schema.dropTable('record_counters')
      await db.schema.dropTable('records')
    },
  },
  {
    name: '002-app-log',
    async up(db) {
      await db.schema.createTable('app_log', (table) => {
        table.increments('seq').primary()
        table.bigInteger('time').notNullable()
        table.string('type', 64).notNullable()
        table.string('name', 260).notNullable()
        table.text('message').notNullable()
        table.index(['name', 'seq'], 'app_log_name_seq')
      })
    },
    async down(db) {
      await db.schema.dropTable('app_log')
    },
  },
  {
    // Who made each change (docs/security.md, "Who did it"); lines written before know nobody.
    name: '003-app-log-actor',
    async up(db) {
      await db.schema.alterTable('app_log', (table) => {
        table.string('actor', 260).notNullable().defaultTo('unknown')
      })
    },
    async down(db) {
      await db.schema.alterTable('app_log', (table) => table.dropColumn('actor'))
    },
  },
  {
    // Ids compare as bytes on MySQL/MariaDB too: base-62 ids differ by case alone (docs/operations.md).
    name: '004-binary-keys',
    async up(db) {
      await convertToBinaryKeys(db, ['records', 'record_counters', 'app_log'])
    },
  },
  {
    // How many live records each type has, kept by every write in its own transaction, so a list
    // reads its page count from a few rows instead of counting the type after each write. Spread
    // over slots (LIVE_SLOTS, record-live-count.ts) so writes of one type at once seldom touch one row.
    name: '005-record-live',
    async up(db) {
      await db.schema.createTable('record_live', (table) => {
        binaryKeys(table)
        table.string('type', 64).notNullable()
        table.smallint('slot').notNullable()
        table.bigInteger('live').notNullable()
        table.primary(['type', 'slot'])
      })
      await db.raw(
        'INSERT INTO record_live (type, slot, live) SELECT type, 0, COUNT(*) FROM records WHERE binned_at IS NULL GROUP BY type',
      )
    },
    async down(db) {
      await db.schema.dropTable('record_live')
    },
  },
  {
    // The record lists' search, sort and filters (server/record-index.ts): a key per list column
    // and the words of text columns, kept by every write; which columns a type's rows were built
    // for, so a changed type is rebuilt on its next search. Keys and words compare as bytes.
    name: '006-record-index',
    async up(db) {
      await db.schema.createTable('record_keys', (table) => {
        binaryKeys(table)
        table.string('type', 64).notNullable()
        table.string('field', 64).notNullable()
        table.string('id', 191).notNullable()
        table.string('sortkey', 100).notNullable()
        table.primary(['type', 'field', 'id'])
        table.index(['type', 'field', 'sortkey', 'id'], 'record_keys_sort')
      })
      await db.schema.createTable('record_words', (table) => {
        binaryKeys(table)
        table.string('type', 64).notNullable()
        table.string('word', 40).notNullable()
        table.string('id', 191).notNullable()
        table.primary(['type', 'word', 'id'])
        table.index(['type', 'id'], 'record_words_record')
      })
      await db.schema.createTable('record_index_state', (table) => {
        binaryKeys(table)
        table.string('type', 64).notNullable().primary()
        table.text('signature').notNullable()
      })
    },
    async down(db) {
      await db.schema.dropTable('record_index_state')
      await db.schema.dropTable('record_words')
      await db.schema.dropTable('record_keys')
    },
  },
  {
    // List and record columns sort by the names their cells show (server/index-labels.ts): each
    // key row notes the list value or record it names, so a renamed one's rows are found by this
    // index and keyed again (server/index-follow.ts), and a filter finds a value by its id. The
    // rows themselves are rebuilt type by type on their next search (INDEX_VERSION in the
    // signature); until then they have no ref. The table's binary collation covers the column.
    name: '007-record-keys-ref',
    async up(db) {
      await db.schema.alterTable('record_keys', (table) => {
        table.string('ref', 300).nullable()
        table.index(['ref', 'type', 'field', 'sortkey'], 'record_keys_ref')
      })
    },
    async down(db) {
      await db.schema.alterTable('record_keys', (table) => {
        table.dropIndex(['ref', 'type', 'field', 'sortkey'], 'record_keys_ref')
        table.dropColumn('ref')
      })
    },
  },
  {
    // Each record's versions (server/history/, docs/history.md): its body as a person saved it, who
    // and when. A record's history is read newest first by its key; the daily prune drops a type's
    // old versions by (type, saved_at). The record type definition gains the drafts and retention
    // fields, and web pages become publishable.
    name: '008-record-versions',
    async up(db) {
      await db.schema.createTable('record_versions', (table) => {
        binaryKeys(table)
        table.string('type', 64).notNullable()
        table.string('id', 191).notNullable()
        table.integer('number').notNullable()
        table.bigInteger('record_version').notNullable()
        table.text('body', 'longtext').notNullable()
        table.bigInteger('saved_at').notNullable()
        table.string('actor', 260).notNullable()
        table.string('actor_name', 260).notNullable()
        table.string('kind', 16).notNullable()
        table.string('note', 500).notNullable()
        table.primary(['type', 'id', 'number'])
        table.index(['type', 'saved_at'], 'record_versions_age')
      })
      // The drafts of publishable types' records (server/drafts/): one a record at most; `changed`
      // lists the fields it changed, `is_new` marks a record never published; `revision` is
      // bumped by each save, so a save or publish that read an older one tries again or refuses.
      await db.schema.createTable('record_drafts', (table) => {
        binaryKeys(table)
        table.string('type', 64).notNullable()
        table.string('id', 191).notNullable()
        table.text('body', 'longtext').notNullable()
        table.text('changed').notNullable()
        table.boolean('is_new').notNullable()
        table.bigInteger('saved_at').notNullable()
        table.string('actor', 260).notNullable()
        table.string('actor_name', 260).notNullable()
        table.integer('revision').notNullable()
        table.primary(['type', 'id'])
      })
      await addHistoryFields(db)
      await draftWebPages(db)
    },
    async down(db) {
      await db.schema.dropTable('record_drafts')
      await db.schema.dropTable('record_versions')
    },
  },
  {
    // The publish right (docs/history.md, "Who may publish"): whoever may edit what a security
    // record gates may publish it, so a site made before the right behaves as it did; its
    // administrators then take publish from the writers who should only draft.
    name: '009-publish-right',
    async up(db) {
      await grantPublishWhereEdit(db)
    },
  },
  {
    // Scheduled publishing (server/drafts/draft-schedule.ts): when a draft publishes by itself,
    // and the name of who asked; the task finds the due ones by `publish_at`.
    name: '010-draft-schedule',
    async up(db) {
      await db.schema.alterTable('record_drafts', (table) => {
        table.bigInteger('publish_at').nullable()
        table.string('scheduled_by', 260).nullable()
        table.index(['publish_at'], 'record_drafts_due')
      })
    },
    async down(db) {
      await db.schema.alterTable('record_drafts', (table) => {
        table.dropIndex(['publish_at'], 'record_drafts_due')
        table.dropColumn('scheduled_by')
        table.dropColumn('publish_at')
      })
    },
  },
  {
    // Draft previews (server/drafts/draft-previews.ts): each link's token is kept only as its
    // SHA-256, with the record it shows, who asked and when it stops working; expired rows are
    // pruned with the old versions.
    name: '011-draft-previews',
    async up(db) {
      await db.schema.createTable('record_previews', (table) => {
        binaryKeys(table)
        table.string('token_hash', 64).notNullable().primary()
        table.string('type', 64).notNullable()
        table.string('id', 191).notNullable()
        table.string('actor', 260).notNullable()
        table.bigInteger('expires_at').notNullable()
        table.index(['expires_at'], 'record_previews_age')
      })
    },
    async down(db) {
      await db.schema.dropTable('record_previews')
    },
  },
  {
    // Who has a draft open (server/drafts/draft-editors.ts): one row per editor tab, its last
    // sign of life; rows older than a minute are dropped as they are read.
    name: '012-draft-editors',
    async up(db) {
      await db.schema.createTable('record_editors', (table) => {
        binaryKeys(table)
        table.string('type', 64).notNullable()
        table.string('id', 191).notNullable()
        table.string('tab', 64).notNullable()
        table.string('actor', 260).notNullable()
        table.string('actor_name', 260).notNullable()
        table.bigInteger('since').notNullable()
        table.bigInteger('seen_at').notNullable()
        table.primary(['type', 'id', 'tab'])
        table.index(['seen_at'], 'record_editors_age')
      })
    },
    async down(db) {
      await db.schema.dropTable('record_editors')
    },
  },
  {
    // Scheduled unpublishing (server/drafts/draft-schedule.ts): when a record leaves the site by
    // itself, and who asked. Kept apart from its draft, which a published record may not have.
    name: '013-unpublish-schedule',
    async up(db) {
      await db.schema.createTable('record_unpublish', (table) => {
        binaryKeys(table)
        table.string('type', 64).notNullable()
        table.string('id', 191).notNullable()
        table.bigInteger('unpublish_at').notNullable()
        table.string('scheduled_by', 260).notNullable()
        table.primary(['type', 'id'])
        table.index(['unpublish_at'], 'record_unpublish_due')
      })
    },
    async down(db) {
      await db.schema.dropTable('record_unpublish')
    },
  },
]

/** Adds `publish` to every stored access entry that has none, true where the entry grants edit. */
async function grantPublishWhereEdit(db: Knex): Promise<void> {
  const rows = (await db('records')
    .where({ type: 'security' })
    .select('id', 'body', 'version')) as Array<{
    id: string
    body: string | Record<string, unknown>
    version: number | string
  }>
  for (const row of rows) {
    const body = parsed(row.body)
    if (!Array.isArray(body.access)) continue
    let changed = false
    const access = body.access.map((entry: unknown) => {
      if (typeof entry !== 'object' || entry === null || 'publish' in entry) return entry
      changed = true
      return { ...entry, publish: (entry as { edit?: unknown }).edit === true }
    })
    if (!changed) continue
    await db('records')
      .where({ type: 'security', id: row.id })
      .update({
        body: JSON.stringify({ ...body, access }),
        modified_at: Date.now(),
        version: Number(row.version) + 1,
      })
  }
}

/** A stored record's body, parsed on either engine. */
function parsed(body: string | Record<string, unknown>): Record<string, unknown> {
  return typeof body === 'string' ? (JSON.parse(body) as Record<string, unknown>) : body
}

/** Web pages become publishable, as a new site seeds them. */
async function draftWebPages(db: Knex): Promise<void> {
  const row = (await db('records').where({ type: 'recordtype', id: 'webpage' }).first()) as
    { body: string | Record<string, unknown>; version: number | string } | undefined
  if (!row) return
  const body = parsed(row.body)
  if (body.publishable !== undefined) return
  await db('records')
    .where({ type: 'recordtype', id: 'webpage' })
    .update({
      body: JSON.stringify({ ...body, publishable: true }),
      modified_at: Date.now(),
      version: Number(row.version) + 1,
    })
}

/** Adds the retention fields to a stored definition of `recordtype` that lacks them. */
async function addHistoryFields(db: Knex): Promise<void> {
  const row = (await db('records').where({ type: 'recordtype', id: 'recordtype' }).first()) as
    { body: string | Record<string, unknown>; version: number | string } | undefined
  if (!row) return
  const body = parsed(row.body) as { fields?: Array<{ id?: unknown }> }
  if (!Array.isArray(body.fields)) return
  const have = new Set(body.fields.map((each) => each.id))
  const missing = historyFields().filter((each) => !have.has(each.id))
  if (missing.length === 0) return
  body.fields.push(...missing)
  await db('records')
    .where({ type: 'recordtype', id: 'recordtype' })
    .update({
      body: JSON.stringify(body),
      modified_at: Date.now(),
      version: Number(row.version) + 1,
    })
}
