import {
  createError,
  describe,
  type QueryContext,
  type QueryRouter,
  type Services,
  SYSTEM_ACTOR,
  z,
} from '@shopwright/core'
import { isValidId } from '@shopwright/core/shared'
// The records plugin's types: its service on `services.records` and its error codes.
import type {} from '@shopwright/plugin-records'
import { __CONST__, type __TITLE__Row } from '../shared/types.js'
import { LIKES_TABLE } from './migrations.js'

/** The most records the list answers: a page of a storefront, not an export. */
const LIST_LIMIT = 100

/** The `:id` of a call, checked before anything is read. */
function idParam(ctx: QueryContext): string {
  const id = ctx.params.id ?? ''
  if (!isValidId(id)) throw createError('ERROR_INVALID_ID', { reason: id })
  return id
}

/** The plugin's calls, under `/query/__NAME__/`. Reads are GET; every change is POST. */
export function __NAME__Routes(router: QueryRouter, services: Services): void {
  const { records, recordLists, db } = services

  // Each call describes itself where it is registered: /query/openapi.json is built from these.
  const row = z.object({ id: z.string(), title: z.string(), message: z.string(), likes: z.int() })

  // Public: the published records with their likes, for any storefront page.
  const list = describe({
    summary: 'The published __NAME__ records with their likes',
    access: 'anyone',
    answer: z.array(row),
  })
  router.get('/__NAME__/list', list, async (ctx) => {
    // The published ones, found through the record index (`published` is a list column), so a
    // site with thousands of drafts still lists its published records. Read as the system: this
    // list is for anyone, and it answers published records only.
    const page = await recordLists.list(SYSTEM_ACTOR, __CONST__, {
      filters: [{ field: 'published', value: 'true' }],
      fields: ['title', 'message'],
      pagesize: LIST_LIMIT,
    })
    const published = (
      JSON.parse(page) as { list: Array<Record<string, unknown> & { id: string }> }
    ).list
    const likes = await db(LIKES_TABLE)
      .whereIn(
        'record_id',
        published.map((record) => record.id),
      )
      .select('record_id', 'likes')
    const count = new Map(
      likes.map((row: { record_id: string; likes: number }) => [row.record_id, Number(row.likes)]),
    )
    ctx.body = published.map((record): __TITLE__Row => ({
      id: record.id,
      title: String(record.title ?? ''),
      message: String(record.message ?? ''),
      likes: count.get(record.id) ?? 0,
    }))
  })

  // Anyone may like a published record; the count goes up in one statement, so two nodes liking
  // at once lose nothing.
  const like = describe({
    summary: 'Likes a published __NAME__ record',
    access: 'anyone',
    answer: z.object({ id: z.string(), likes: z.int() }),
    errors: ['ERROR_INVALID_ID', 'ERROR_RECORD_NOT_AVAILABLE'],
  })
  router.post('/__NAME__/like/:id', like, async (ctx) => {
    const id = idParam(ctx)
    const record = await records.find(__CONST__, id)
    if (!record || record.published !== true)
      throw createError('ERROR_RECORD_NOT_AVAILABLE', { reason: `${__CONST__}.${id}` })
    await db(LIKES_TABLE)
      .insert({ record_id: id, likes: 1 })
      .onConflict('record_id')
      .merge({ likes: db.raw('?? + 1', [`${LIKES_TABLE}.likes`]) })
    const row = await db(LIKES_TABLE).where({ record_id: id }).first('likes')
    ctx.body = { id, likes: Number(row?.likes ?? 0) }
  })
}
