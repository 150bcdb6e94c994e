import { VERSION_KINDS, type VersionKind, type VersionSummary } from '../../shared/history.js'
import type { Knex } from 'knex'

export { VERSION_KINDS, type VersionKind, type VersionSummary } from '../../shared/history.js'

/** A version with its body (the record's fields without type and id). */
export interface Version extends VersionSummary {
  body: Record<string, unknown>
}

/** A row of `record_versions` as either engine answers it. */
interface VersionRow {
  number: number | string
  kind: string
  saved_at: number | string
  actor: string
  actor_name: string
  note: string
  record_version: number | string
  body?: string | Record<string, unknown>
}

export const SUMMARY_COLUMNS = [
  'number',
  'kind',
  'saved_at',
  'actor',
  'actor_name',
  'note',
  'record_version',
]

/** A row as a summary: numbers as numbers on both engines (MySQL answers bigints as strings). */
export function toSummary(row: VersionRow): VersionSummary {
  return {
    number: Number(row.number),
    kind: (VERSION_KINDS as readonly string[]).includes(row.kind)
      ? (row.kind as VersionKind)
      : 'saved',
    time: Number(row.saved_at),
    actor: row.actor,
    actorName: row.actor_name,
    note: row.note,
    recordVersion: Number(row.record_version),
  }
}

/** A row read with its body. */
export function toVersion(row: VersionRow): Version {
  const body = typeof row.body === 'string' ? JSON.parse(row.body) : (row.body ?? {})
  return { ...toSummary(row), body: body as Record<string, unknown> }
}

/** The newest version of a record, without its body; undefined when it has none. */
export async function newestVersion(
  db: Knex | Knex.Transaction,
  type: string,
  id: string,
): Promise<VersionSummary | undefined> {
  const row = (await db('record_versions')
    .where({ type, id })
    .orderBy('number', 'desc')
    .first(SUMMARY_COLUMNS)) as VersionRow | undefined
  return row ? toSummary(row) : undefined
}

/** One version with its body; undefined when there is none of that number. */
export async function versionOf(
  db: Knex | Knex.Transaction,
  type: string,
  id: string,
  number: number,
): Promise<Version | undefined> {
  const row = (await db('record_versions')
    .where({ type, id, number })
    .first([...SUMMARY_COLUMNS, 'body'])) as VersionRow | undefined
  return row ? toVersion(row) : undefined
}

/** A page of a record's versions, newest first, below `before` when given. */
export async function versionPage(
  db: Knex,
  type: string,
  id: string,
  options: { before?: number | undefined; limit: number },
): Promise<VersionSummary[]> {
  const query = db('record_versions').where({ type, id })
  if (options.before !== undefined) query.where('number', '<', options.before)
  const rows = (await query
    .orderBy('number', 'desc')
    .limit(options.limit)
    .select(SUMMARY_COLUMNS)) as VersionRow[]
  return rows.map(toSummary)
}
