import type { Knex } from 'knex'
import { createError } from '@shopwright/core'
import type { DraftState } from '../../shared/history.js'
import { clearUnpublish } from './unpublish-rows.js'

export type { DraftState } from '../../shared/history.js'

/** A draft with its body (the record's fields without type and id). */
export interface Draft extends DraftState {
  body: Record<string, unknown>
}

/** A row of `record_drafts` as either engine answers it. */
interface DraftRow {
  id?: string
  body?: string | Record<string, unknown>
  changed: string | string[]
  is_new: number | boolean | string
  saved_at: number | string
  actor: string
  actor_name: string
  revision: number | string
  publish_at: number | string | null
  scheduled_by: string | null
}

const STATE_COLUMNS = [
  'changed',
  'is_new',
  'saved_at',
  'actor',
  'actor_name',
  'revision',
  'publish_at',
  'scheduled_by',
]

function stateOf(row: DraftRow): DraftState {
  const changed = typeof row.changed === 'string' ? JSON.parse(row.changed) : row.changed
  return {
    isNew: row.is_new === true || Number(row.is_new) === 1,
    changed: Array.isArray(changed) ? (changed as string[]) : [],
    savedAt: Number(row.saved_at),
    actor: row.actor,
    actorName: row.actor_name,
    revision: Number(row.revision),
    publishAt: row.publish_at === null ? null : Number(row.publish_at),
    scheduledBy: row.scheduled_by,
  }
}

/** A record's draft, or undefined when it has none. */
export async function draftOf(
  db: Knex | Knex.Transaction,
  type: string,
  id: string,
): Promise<Draft | undefined> {
  const row = (await db('record_drafts')
    .where({ type, id })
    .first([...STATE_COLUMNS, 'body'])) as DraftRow | undefined
  if (!row) return undefined
  const body = typeof row.body === 'string' ? JSON.parse(row.body) : (row.body ?? {})
  return { ...stateOf(row), body: body as Record<string, unknown> }
}

/** A record's draft state without its body (what an open editor polls), or undefined. */
export async function draftStateOf(
  db: Knex,
  type: string,
  id: string,
): Promise<DraftState | undefined> {
  const row = (await db('record_drafts').where({ type, id }).first(STATE_COLUMNS)) as
    DraftRow | undefined
  return row ? stateOf(row) : undefined
}

/** The drafts of a type, the most recently saved first, without their bodies. */
export async function draftsOfType(
  db: Knex,
  type: string,
  limit: number,
): Promise<Array<DraftState & { id: string; body: Record<string, unknown> }>> {
  const rows = (await db('record_drafts')
    .where({ type })
    .orderBy('saved_at', 'desc')
    .limit(limit)
    .select(['id', 'body', ...STATE_COLUMNS])) as DraftRow[]
  return rows.map((row) => {
    const body = (typeof row.body === 'string' ? JSON.parse(row.body) : row.body) ?? {}
    return { id: row.id!, body: body as Record<string, unknown>, ...stateOf(row) }
  })
}

/** What a save writes of a draft. */
export interface DraftWrite {
  body: Record<string, unknown>
  changed: readonly string[]
  isNew: boolean
  actor: string
  actorName: string
}

/** Adds a record's first draft; false when it has one already (a save in another tab won). */
export async function insertDraft(
  db: Knex | Knex.Transaction,
  type: string,
  id: string,
  draft: DraftWrite,
  isDuplicate: (error: unknown) => boolean,
): Promise<boolean> {
  try {
    await db('record_drafts').insert({
      type,
      id,
      body: JSON.stringify(draft.body),
      changed: JSON.stringify(draft.changed),
      is_new: draft.isNew,
      saved_at: Date.now(),
      actor: draft.actor,
      actor_name: draft.actorName.slice(0, 260),
      revision: 1,
    })
    return true
  } catch (error) {
    if (isDuplicate(error)) return false
    throw error
  }
}

/** Replaces a draft if it is still at `revision`; false when another save came first. */
export async function replaceDraft(
  db: Knex | Knex.Transaction,
  type: string,
  id: string,
  revision: number,
  draft: DraftWrite,
): Promise<boolean> {
  const updated = await db('record_drafts')
    .where({ type, id, revision })
    .update({
      body: JSON.stringify(draft.body),
      changed: JSON.stringify(draft.changed),
      saved_at: Date.now(),
      actor: draft.actor,
      actor_name: draft.actorName.slice(0, 260),
      revision: revision + 1,
    })
  return updated > 0
}

/**
 * Keeps a record's draft and unpublish time with it, in the transaction of a write to the record:
 * a rename takes them to the new id, a deletion for good drops them. Without this, a draft left
 * under an id would be opened, and published, over the next record given that id. Unpublishing
 * (`unpublished`) removes the live record but keeps its draft, which it has just written.
 */
export async function followRecord(
  trx: Knex.Transaction,
  change: { kind: string; record: { type: string; id: string }; previous: { id: string } | null },
  unpublished = false,
): Promise<void> {
  const { type, id } = change.record
  if (change.kind === 'removed') {
    if (!unpublished) await trx('record_drafts').where({ type, id }).delete()
    await clearUnpublish(trx, type, id)
  } else if (change.kind === 'renamed' && change.previous && change.previous.id !== id) {
    // A record never published holds its id in its draft: a rename may not take it.
    if (await trx('record_drafts').where({ type, id }).first('id'))
      throw createError('ERROR_RECORD_ALREADY_EXISTS', { reason: `${type}.${id}` })
    await trx('record_drafts').where({ type, id: change.previous.id }).update({ id })
    await trx('record_unpublish').where({ type, id: change.previous.id }).update({ id })
  }
}

/**
 * Makes a live record's draft that of a record never published (unpublishing, in the transaction
 * that removes the live record): its body is the live record with the draft's changes over it,
 * every field counted changed, its publish time kept. False when the draft was saved since
 * `revision` was read (or, with none, when one appeared).
 */
export async function draftFromLive(
  trx: Knex.Transaction,
  type: string,
  id: string,
  previous: Draft | undefined,
  write: Omit<DraftWrite, 'changed' | 'isNew'>,
  isDuplicate: (error: unknown) => boolean,
): Promise<boolean> {
  const changed = Object.keys(write.body)
  if (!previous) return insertDraft(trx, type, id, { ...write, changed, isNew: true }, isDuplicate)
  const updated = await trx('record_drafts')
    .where({ type, id, revision: previous.revision })
    .update({
      body: JSON.stringify(write.body),
      changed: JSON.stringify(changed),
      is_new: true,
      saved_at: Date.now(),
      actor: write.actor,
      actor_name: write.actorName.slice(0, 260),
      revision: previous.revision + 1,
    })
  return updated > 0
}

/** Drops a draft, at `revision` when given; answers whether one went. */
export async function deleteDraft(
  db: Knex | Knex.Transaction,
  type: string,
  id: string,
  revision?: number,
): Promise<boolean> {
  const deleted = await db('record_drafts')
    .where({ type, id, ...(revision === undefined ? {} : { revision }) })
    .delete()
  return deleted > 0
}

/**
 * Sets or clears when a draft publishes by itself (draft-schedule.ts), whatever its revision: a
 * later save changes what is published, not when. False when the record has no draft.
 */
export async function scheduleDraft(
  db: Knex,
  type: string,
  id: string,
  at: number | null,
  by: string | null,
): Promise<boolean> {
  const updated = await db('record_drafts')
    .where({ type, id })
    .update({ publish_at: at, scheduled_by: at === null ? null : (by ?? '').slice(0, 260) })
  return updated > 0
}

/** The drafts due to publish by `now`, the earliest first. */
export async function dueDrafts(
  db: Knex,
  now: number,
  limit: number,
): Promise<Array<{ type: string; id: string }>> {
  return (await db('record_drafts')
    .where('publish_at', '<=', now)
    .orderBy('publish_at')
    .limit(limit)
    .select('type', 'id')) as Array<{ type: string; id: string }>
}
