import type { Knex } from 'knex'

// Each type's count of live records, kept in `record_live` by every write in its own transaction
// (migration 005), so a list's page count reads a few rows however many records there are.

/** The rows a type's live count is spread over (see changeLive). */
const LIVE_SLOTS = 8

/** How many live records a type has, or all types together: the sum of the type's slots. */
export async function countLive(db: Knex, type?: string): Promise<number> {
  const query = db('record_live')
  if (type) query.where({ type })
  const row = (await query.sum<{ n: number | string | null }[]>({ n: 'live' }))[0]
  return Number(row?.n ?? 0)
}

/** How many live records a type has, counted row by row (the check of the kept count). */
export async function countLiveRows(db: Knex, type: string): Promise<number> {
  const row = (
    await db('records').whereNull('binned_at').where({ type }).count<{ n: number | string }[]>({
      n: '*',
    })
  )[0]
  return Number(row?.n ?? 0)
}

/**
 * Adds `delta` to a type's live count, in the caller's transaction: one of LIVE_SLOTS rows at
 * random, so concurrent writes of one type (on two nodes, or Galera's nodes) rarely meet on a row.
 */
export async function changeLive(
  trx: Knex.Transaction,
  type: string,
  delta: number,
): Promise<void> {
  const slot = Math.floor(Math.random() * LIVE_SLOTS)
  await trx('record_live')
    .insert({ type, slot, live: delta })
    .onConflict(['type', 'slot'])
    .merge({ live: trx.raw('?? + ?', ['record_live.live', delta]) })
}

/** Sets the live counts of some types from their rows (after a seed's insert-or-skip). */
export async function recountLive(trx: Knex.Transaction, types: readonly string[]): Promise<void> {
  for (const type of types) {
    const live = await countLiveRows(trx, type)
    await trx('record_live').where({ type }).delete()
    await trx('record_live').insert({ type, slot: 0, live })
  }
}
