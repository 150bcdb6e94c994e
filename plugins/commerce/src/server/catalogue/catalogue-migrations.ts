import type { Knex } from 'knex'
import type { Migration } from '@shopwright/core'
import { CATEGORY_TYPE, ITEM_TYPE } from '../../shared/types.js'

/**
 * Items and categories become publishable, as a new site seeds them (docs/history.md, "Drafts"):
 * staff edit drafts, and the shop shows a change once it is published. A type already saying
 * either way is left as its administrators set it.
 */
export const catalogueMigrations: Migration[] = [
  {
    name: '014-publishable-catalogue',
    async up(db) {
      for (const type of [ITEM_TYPE, CATEGORY_TYPE]) await makePublishable(db, type)
    },
  },
]

async function makePublishable(db: Knex, type: string): Promise<void> {
  const row = (await db('records').where({ type: 'recordtype', id: type }).first()) as
    { body: string | Record<string, unknown>; version: number | string } | undefined
  if (!row) return
  const body =
    typeof row.body === 'string' ? (JSON.parse(row.body) as Record<string, unknown>) : row.body
  if (body.publishable !== undefined) return
  await db('records')
    .where({ type: 'recordtype', id: type })
    .update({
      body: JSON.stringify({ ...body, publishable: true }),
      modified_at: Date.now(),
      version: Number(row.version) + 1,
    })
}
