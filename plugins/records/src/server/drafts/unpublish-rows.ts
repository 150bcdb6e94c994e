import type { Knex } from 'knex'
import type { UnpublishTime } from '../../shared/history.js'

export type { UnpublishTime } from '../../shared/history.js'

/** A row of `record_unpublish` as either engine answers it. */
interface UnpublishRow {
  unpublish_at: number | string
  scheduled_by: string
}

/** The record's unpublish time, or null when none is set. */
export async function unpublishOf(
  db: Knex | Knex.Transaction,
  type: string,
  id: string,
): Promise<UnpublishTime | null> {
  const row = (await db('record_unpublish')
    .where({ type, id })
    .first('unpublish_at', 'scheduled_by')) as UnpublishRow | undefined
  return row ? { at: Number(row.unpublish_at), by: row.scheduled_by } : null
}

/** Sets (replacing any) or clears (null) when the record leaves the site. */
export async function setUnpublish(
  db: Knex,
  type: string,
  id: string,
  time: UnpublishTime | null,
): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('record_unpublish').where({ type, id }).delete()
    if (time)
      await trx('record_unpublish').insert({
        type,
        id,
        unpublish_at: time.at,
        scheduled_by: time.by.slice(0, 260),
      })
  })
}

/** Drops the record's unpublish time: done, or its record gone. */
export async function clearUnpublish(
  db: Knex | Knex.Transaction,
  type: string,
  id: string,
): Promise<void> {
  await db('record_unpublish').where({ type, id }).delete()
}

/** The records due to leave the site by `now`, the earliest first. */
export async function dueUnpublishes(
  db: Knex,
  now: number,
  limit: number,
): Promise<Array<{ type: string; id: string; at: number; by: string }>> {
  const rows = (await db('record_unpublish')
    .where('unpublish_at', '<=', now)
    .orderBy('unpublish_at')
    .limit(limit)
    .select('type', 'id', 'unpublish_at', 'scheduled_by')) as Array<
    UnpublishRow & { type: string; id: string }
  >
  return rows.map((row) => ({
    type: row.type,
    id: row.id,
    at: Number(row.unpublish_at),
    by: row.scheduled_by,
  }))
}
